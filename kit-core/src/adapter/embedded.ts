import type { CaipNetworkId } from '../caip/caip.js'
import type { AccountType } from './accounts.js'

/** Social logins the embedded wallet offers (SPEC §1, §5). */
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/** What the embedded wallet knows of its user (SPEC §3 "Embedded account info"). */
export interface EmbeddedAccountInfo {
  email?: string
  address: string
  chainId: number | string
  accounts?: readonly { address: string; type: 'eoa' | 'smartAccount' }[]
  userName?: string
  preferredAccountType?: AccountType
  smartAccountDeployed?: boolean
}

/** The next step of an email login (SPEC §4 "Email flow actions"). */
export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/**
 * The embedded wallet (email, social and Farcaster login) that lives in a secure frame on its own origin
 * and speaks to the kit only through validated postMessage (a later milestone builds it). Adapters wrap it
 * as the AUTH connector on eip155 and solana; core's controllers drive the login steps.
 */
export interface EmbeddedWalletProvider {
  connectEmail(params: { email: string }): Promise<{ action: EmailLoginAction }>
  connectDevice(): Promise<void>
  connectOtp(params: { otp: string }): Promise<void>
  getSocialRedirectUri(params: { provider: SocialProvider }): Promise<{ uri: string }>
  connectSocial(params: {
    uri: string
    preferredAccountType?: AccountType
    chainId?: number | string
  }): Promise<EmbeddedAccountInfo>
  getFarcasterUri(): Promise<{ url: string }>
  connectFarcaster(): Promise<EmbeddedAccountInfo>
  getUser(params: {
    chainId?: number | string
    preferredAccountType?: AccountType
  }): Promise<EmbeddedAccountInfo>
  switchNetwork(params: { chainId: number | string }): Promise<{ chainId: number | string }>
  setPreferredAccount(params: { type: AccountType }): Promise<void>
  /**
   * An RPC request from the dApp. Methods outside the allowed list are refused ('Requested RPC call is not
   * allowed'); methods that need approval open the frame's approval view first (SPEC §6).
   */
  request<T = unknown>(args: { method: string; params?: unknown; chainId?: CaipNetworkId }): Promise<T>
  signOut(): Promise<void>
}
