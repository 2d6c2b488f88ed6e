import type { ChainNamespace } from '../../caip/caip.js'
import type { CaipNetwork } from '../../networks/define.js'

/**
 * The named views of the modal (SPEC §2). One list, extended as features land (the UI issue adds its
 * views here): the union type follows the list.
 */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingFarcaster',
  'SIWXSignMessage',
  'ApproveTransaction',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'Networks',
  'WalletGuide',
  'Receive',
  'WalletSend',
  'WalletSendPreview',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Swap',
  // The email login (the embedded wallet) and the email update: reached from Connect and Account only.
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmail',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
] as const

export type View = (typeof VIEWS)[number]

/**
 * The views this version of the modal shows; the other views of the spec come with their features. `open()` takes
 * these only (a typed union for TypeScript hosts, a LatchkeyError for a JavaScript host that passes another).
 */
export const SHOWN_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'SIWXSignMessage',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'Networks',
  'Receive',
  'WalletSend',
] as const satisfies readonly View[]

/** A view this version shows: what `open({ view })` accepts. */
export type ShownView = (typeof SHOWN_VIEWS)[number]

/** True when this version shows `view`. */
export function isShownView(view: unknown): view is ShownView {
  return (SHOWN_VIEWS as readonly unknown[]).includes(view)
}

/** What SwitchNetwork shows: the network being switched to. */
export interface SwitchNetworkViewParams {
  network: CaipNetwork
}

/**
 * What SwitchActiveChain shows (SPEC §2): the target chain, the view to go to after the switch (Connect,
 * so the user connects a wallet on that namespace), and whether that navigation replaces the current view.
 */
export interface SwitchActiveChainViewParams {
  switchToChain: ChainNamespace
  network?: CaipNetwork
  navigateTo?: View
  navigateWithReplace?: boolean
}

/** The arguments the Swap view opens with (AppKit's `open({ view: 'Swap', arguments })`). */
export interface SwapArguments {
  fromToken?: string
  toToken?: string
  amount?: string
}

/** The parameters of each view that takes some; a view not listed takes none. */
export interface ViewParamsMap {
  SwitchNetwork: SwitchNetworkViewParams
  SwitchActiveChain: SwitchActiveChainViewParams
  Swap: SwapArguments
}

/** The parameters of view `V` (undefined for a view that takes none). */
export type ViewParams<V extends View> = V extends keyof ViewParamsMap ? ViewParamsMap[V] : undefined

/** One entry of the view stack. */
export type RouterEntry = { [V in View]: { view: V; params?: ViewParams<V> } }[View]
