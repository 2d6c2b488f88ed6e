/**
 * Every user-facing and thrown message of SPEC §5 and §8, in one place. Tests pin the text, so a changed
 * message is a visible change. One export each, read as `Messages.name` through a namespace import
 * (`import * as Messages`), so a chunk carries only the messages its code uses.
 */
// Toasts (SPEC §8)
// The account data's two toasts, 'Failed to fetch transactions' and 'Token Balance Unavailable', are in
// messages-account.ts, which its chunk imports directly: read through this namespace (or re-exported here), they
// would travel in the page's first chunk.
export const authenticating = 'Authenticating...'

// Thrown (SPEC §8)
export const networkNotSupportedForGasPrice = 'Network not supported for Gas Price'
export const networkNotSupportedForSwaps = 'Network not supported for Swaps'
export const failedToDisconnect = 'Failed to disconnect'
export const siwxNotEnabled = 'SIWX is not enabled'
export const noActiveCaipAddress = 'No ActiveCaipAddress found'
export const noActiveCaipNetworkOrClient = 'No ActiveCaipNetwork or client found'
export const networkControllerClientNotSet = 'NetworkController client not set'
export const connectionControllerClientNotSet = 'ConnectionController client not set'
export const unsupportedChain = 'Unsupported chain'
export const invalidCaipAddress = 'Invalid CAIP Address'
export const unknownNetwork = 'Unknown Network'
export const networkNotFound = 'Network not found'
export const addressOrAuthConnectorNotFound = 'Address or auth connector not found'
export const chainAdapterNotFound = 'Chain adapter not found'
export const controllersNotLoaded =
  "The kit's modal controllers load after the page's first paint: await `kit.ready` or `kit.loadControllers()` first"
export const chainRequiredTo = (action: string) => `Chain is required to ${action}`
export const caipNetworkUndefined = 'CaipNetwork is undefined'
export const caipNetworkOrAddressUndefined = 'CaipNetwork or CaipAddress is undefined'
export const failedToDisconnectChain = (namespace: string, reason: string) =>
  `Failed to disconnect chain ${namespace}: ${reason}`
export const failedToDisconnectChains = (reasons: string) => `Failed to disconnect chains: ${reasons}`
export const chainNotSupported = 'Chain is not supported'

// Secure frame and embedded-wallet RPC (SPEC §6, §8)
export const anErrorOccurred = 'An error occurred'
export const unableToLoadEmailLogin = 'Unable to load email login dependency'
export const iframeLoadFailed = 'iframe_load_failed'
export const iframeRequestTimeout = 'iframe_request_timeout'
export const frameIframeNotSet = 'W3mFrame: iframe is not set'
export const frameParentNotSet = 'W3mFrame: parent is not set'

// Sign-in with wallet (SPEC §4): a session the default SIWX refuses to store; `details` says which check failed.

// Names (SPEC §8)
export const errorResolvingName = 'Error resolving name'
export const errorFetchingNameSuggestions = 'Error fetching name suggestions'
export const errorFetchingNamesForAddress = 'Error fetching names for address'
export const errorRegisteringName = (name: string) => `Error registering name ${name}`

// Configuration and validation (SPEC §1, §5)
export const siweAndSiwx = 'Cannot set both `siweConfig` and `siwx` options'
export const siwxMethodsMissing = (methods: readonly string[]) =>
  `Invalid option \`siwx\`: expected a SiwxConfig, missing ${methods.map((m) => `\`${m}\``).join(', ')}`
export const viewNotShown = (view: string, shown: readonly string[]) =>
  `The view "${view}" cannot be opened: this version of Latchkey shows ${shown.join(', ')}`
export const adapterMissing = (namespace: string) => `Adapter for namespace ${namespace} doesn't exist`
export const invalidCaip10 = 'Invalid CAIP-10 address'
export const invalidCaip2 = 'Invalid CAIP-2 network id'
export const invalidChainId = 'Invalid chainId'
export const emailCooldown = (seconds: number) => `Please try again after ${seconds} seconds`
// WalletConnect with neither a project id nor a relay of the host's own: the kit offers it nowhere and refuses it.
export const walletConnectUnavailable =
  'WalletConnect is unavailable: set a projectId, or services.walletConnectRelayUrl to use a relay of your own (the public relay needs a project id)'

// A connection request the wallet left unanswered for 30 s (SPEC §9's connect timeout; the text is the kit's own).
export const connectTimedOut = 'The wallet did not answer the connection request within 30 seconds'

// HTTP (SPEC §7, §8)
export const noTransportUrl =
  'No URL was provided to the Transport. Please provide a valid RPC URL to the Transport.'

// The messages only later chunks use (HTTP, sign-in, the embedded wallet's RPC): a module of their own, so the page's
// first chunk carries none of them; `Messages` has them all.
export * from './messages-later.js'
