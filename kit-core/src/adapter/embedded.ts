import type { CaipNetworkId } from '../caip/caip.js'
import { type Connector, ConnectorIds } from './connectors.js'

/** Social logins the embedded wallet offers (SPEC §1, §5). */
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/** The embedded wallet's account types (SPEC §4 "Preferred account type"); Bitcoin's are not its. */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/** What the embedded wallet knows of its user (SPEC §3 "Embedded account info"). */
export interface EmbeddedAccountInfo {
  email?: string
  address: string
  chainId: number | string
  accounts?: readonly { address: string; type: EmbeddedAccountType }[]
  userName?: string
  preferredAccountType?: EmbeddedAccountType
  smartAccountDeployed?: boolean
}

/** The next step of an email login (SPEC §4 "Email flow actions"). */
export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/**
 * The embedded wallet (email, social and Farcaster login) that lives in a secure frame on its own origin
 * and speaks to the kit only through validated postMessage (a later milestone builds it). Adapters wrap it
 * as the AUTH connector on eip155 and solana; core's controllers drive the login steps. One method per request of
 * the frame protocol (`@latchkey/core/embedded`, 22 requests; `request` is its RPC_REQUEST).
 */
export interface EmbeddedWalletProvider {
  connectEmail(params: { email: string }): Promise<{ action: EmailLoginAction }>
  connectDevice(): Promise<void>
  connectOtp(params: { otp: string }): Promise<void>
  getSocialRedirectUri(params: { provider: SocialProvider }): Promise<{ uri: string }>
  connectSocial(params: {
    uri: string
    preferredAccountType?: EmbeddedAccountType
    chainId?: number | string
  }): Promise<EmbeddedAccountInfo>
  getFarcasterUri(): Promise<{ url: string }>
  connectFarcaster(): Promise<EmbeddedAccountInfo>
  getUser(params: {
    chainId?: number | string
    preferredAccountType?: EmbeddedAccountType
  }): Promise<EmbeddedAccountInfo>
  switchNetwork(params: { chainId: number | string }): Promise<{ chainId: number | string }>
  setPreferredAccount(params: { type: EmbeddedAccountType }): Promise<void>
  /**
   * An RPC request from the dApp. Methods outside the allowed list are refused ('Requested RPC call is not
   * allowed'); methods that need approval open the frame's approval view first (SPEC §6).
   */
  request<T = unknown>(
    args: { method: string; params?: unknown; chainId?: CaipNetworkId },
    /** `signal` aborts the request ('Request was aborted'); an approval the frame shows for it is dropped. */
    options?: { signal?: AbortSignal },
  ): Promise<T>
  signOut(): Promise<void>
  /** Whether the frame holds a session (for the given token when one is passed). */
  isConnected(params?: { token?: string }): Promise<{ isConnected: boolean }>
  getChainId(): Promise<{ chainId: number | string }>
  getSmartAccountEnabledNetworks(): Promise<{ smartAccountEnabledNetworks: (number | string)[] }>
  initSmartAccount(): Promise<{ address: string; isDeployed: boolean }>
  /** Starts changing the account's email: the next step is an OTP sent to the current address, then to the new one. */
  updateEmail(params: { email: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  updateEmailPrimaryOtp(params: { otp: string }): Promise<void>
  updateEmailSecondaryOtp(params: { otp: string }): Promise<{ newEmail: string }>
  syncTheme(params: {
    themeMode?: 'light' | 'dark'
    themeVariables?: Record<string, string | number>
  }): Promise<void>
  syncDappData(params: {
    projectId: string
    sdkVersion: string
    sdkType?: string
    metadata?: { name: string; description: string; url: string; icons: string[] }
  }): Promise<void>
  reload(): Promise<void>
}

/**
 * The embedded wallet's entry of an adapter's connectors (eip155 and solana; the kit merges them into one AUTH
 * row, SPEC §1). Offered only when the kit hands the adapter `getEmbeddedWalletProvider` (email or social login on).
 */
export function embeddedConnector(
  chain: 'eip155' | 'solana',
  networkSwitch: 'wallet' | 'adapter',
  extra: Pick<Connector, 'provider'> = {},
): Connector {
  return { id: ConnectorIds.auth, name: 'Email', type: 'ID_AUTH', chain, networkSwitch, ...extra }
}

/**
 * A network's chain id as the frame names it (SPEC §7 "Secure frame messages"): the number on eip155, the CAIP-2 id
 * elsewhere.
 */
export function frameChainIdOf(network: { caipNetworkId: CaipNetworkId }): number | string {
  const [namespace, reference] = network.caipNetworkId.split(':') as [string, string]
  return namespace === 'eip155' ? Number(reference) : network.caipNetworkId
}
