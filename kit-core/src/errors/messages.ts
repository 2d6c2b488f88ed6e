/**
 * Every user-facing and thrown message of SPEC §5 and §8, in one place. Tests pin the text, so a changed
 * message is a visible change.
 */
export const Messages = {
  // Toasts (SPEC §8)
  failedToFetchTransactions: 'Failed to fetch transactions',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  authInitFailed: 'A problem occurred while trying initialize authentication',
  signatureDeclined: 'Signature declined',
  smartAccountsUnsupported: 'This application might not support Smart Accounts',
  authenticating: 'Authenticating...',

  // Thrown (SPEC §8)
  networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
  networkNotSupportedForSwaps: 'Network not supported for Swaps',
  failedToDisconnect: 'Failed to disconnect',
  siwxNotEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  noActiveCaipNetworkOrClient: 'No ActiveCaipNetwork or client found',
  noConnectionControllerClient: 'No ConnectionController client found',
  networkControllerClientNotSet: 'NetworkController client not set',
  connectionControllerClientNotSet: 'ConnectionController client not set',
  unsupportedChain: 'Unsupported chain',
  invalidCaipAddress: 'Invalid CAIP Address',
  unknownNetwork: 'Unknown Network',
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  chainAdapterNotFound: 'Chain adapter not found',
  controllersNotLoaded:
    "The kit's modal controllers load after the page's first paint: await `kit.ready` or `kit.loadControllers()` first",
  chainRequiredTo: (action: string) => `Chain is required to ${action}`,
  caipNetworkUndefined: 'CaipNetwork is undefined',
  caipNetworkOrAddressUndefined: 'CaipNetwork or CaipAddress is undefined',
  failedToDisconnectChain: (namespace: string, reason: string) =>
    `Failed to disconnect chain ${namespace}: ${reason}`,
  failedToDisconnectChains: (reasons: string) => `Failed to disconnect chains: ${reasons}`,
  chainNotSupported: 'Chain is not supported',

  // Secure frame and embedded-wallet RPC (SPEC §6, §8)
  requestAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  anErrorOccurred: 'An error occurred',
  unableToLoadEmailLogin: 'Unable to load email login dependency',
  iframeLoadFailed: 'iframe_load_failed',
  iframeRequestTimeout: 'iframe_request_timeout',
  frameIframeNotSet: 'W3mFrame: iframe is not set',
  frameParentNotSet: 'W3mFrame: parent is not set',
  rpcCallNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',

  // Sign-in with wallet (SPEC §4): a session the default SIWX refuses to store; `details` says which check failed.
  invalidSiwxSession: 'Invalid sign-in session',

  // Names (SPEC §8)
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNamesForAddress: 'Error fetching names for address',
  errorRegisteringName: (name: string) => `Error registering name ${name}`,

  // Configuration and validation (SPEC §1, §5)
  localConfigurationIgnored: 'Local configuration ignored',
  siweAndSiwx: 'Cannot set both `siweConfig` and `siwx` options',
  siwxMethodsMissing: (methods: readonly string[]) =>
    `Invalid option \`siwx\`: expected a SiwxConfig, missing ${methods.map((m) => `\`${m}\``).join(', ')}`,
  viewNotShown: (view: string, shown: readonly string[]) =>
    `The view "${view}" cannot be opened: this version of Latchkey shows ${shown.join(', ')}`,
  adapterMissing: (namespace: string) => `Adapter for namespace ${namespace} doesn't exist`,
  invalidCaip10: 'Invalid CAIP-10 address',
  invalidCaip2: 'Invalid CAIP-2 network id',
  invalidChainId: 'Invalid chainId',
  emailCooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  // WalletConnect with neither a project id nor a relay of the host's own: the kit offers it nowhere and refuses it.
  walletConnectUnavailable:
    'WalletConnect is unavailable: set a projectId, or services.walletConnectRelayUrl to use a relay of your own (the public relay needs a project id)',

  // HTTP (SPEC §7, §8)
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  httpRequestFailed: 'HTTP request failed.',
  httpTimeout: 'The request took too long to respond.',
  noTransportUrl: 'No URL was provided to the Transport. Please provide a valid RPC URL to the Transport.',
} as const
