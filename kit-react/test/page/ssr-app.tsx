// The app both the server (renderToString in Node) and the browser (hydrateRoot) render.
import { useEffect } from 'react'
import {
  LatchkeyButton,
  LatchkeyNetworkButton,
  useLatchkeyAccount,
  useLatchkeyNetwork,
  useLatchkeyState,
  useLatchkeyTheme,
  useWalletInfo,
} from '../../src/index.js'

/** `mismatch` renders other text in the browser: the control that proves a mismatch is seen. */
export function SsrApp(props: { onHydrated?: () => void; mismatch?: boolean }) {
  const account = useLatchkeyAccount()
  const network = useLatchkeyNetwork()
  const state = useLatchkeyState()
  const theme = useLatchkeyTheme()
  const { walletInfo } = useWalletInfo()
  const { onHydrated } = props
  useEffect(() => onHydrated?.(), [onHydrated])
  return (
    <header>
      <span data-testid="ssr-status">{account.status}</span>
      <span data-testid="ssr-address">{account.address ?? 'no address'}</span>
      <span data-testid="ssr-network">{network.caipNetwork?.name}</span>
      <span data-testid="ssr-open">{String(state.open)}</span>
      <span data-testid="ssr-theme">{theme.themeMode}</span>
      <span data-testid="ssr-wallet">{walletInfo?.name ?? 'no wallet'}</span>
      {props.mismatch && typeof window !== 'undefined' ? <b>browser only</b> : <i>both</i>}
      <LatchkeyNetworkButton />
      <LatchkeyButton label="Sign in" />
    </header>
  )
}
