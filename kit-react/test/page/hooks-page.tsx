// The browser page of the hook tests (bundled with esbuild, jsx automatic): a kit on the local chains, one
// React root under <LatchkeyProvider> showing every hook, and a second root without a provider (the page's kit).
import type { CaipNetwork } from '@latchkey/core'
import { version as reactVersion, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createKit,
  LatchkeyButton,
  type LatchkeyKit,
  LatchkeyNetworkButton,
  LatchkeyProvider,
  useDisconnect,
  useLatchkey,
  useLatchkeyAccount,
  useLatchkeyEvents,
  useLatchkeyNetwork,
  useLatchkeyProvider,
  useLatchkeyState,
  useLatchkeyTheme,
  useWalletInfo,
} from '../../src/index.js'
import { kitOptions, type PageConfig } from './networks.js'

declare global {
  interface Window {
    kit?: LatchkeyKit
    renders: number
    /** The React the page was bundled with (18 or 19, by the test project). */
    reactVersion: string
    startHooks(config: PageConfig): Promise<void>
  }
}

/** What the test drives on this page. */
export type HooksPageApi = Pick<Window, 'kit' | 'renders' | 'reactVersion' | 'startHooks'>

type Eip1193 = { request(args: { method: string }): Promise<unknown> }

function Probe(props: { switchTo: CaipNetwork }) {
  const account = useLatchkeyAccount()
  const eip155 = useLatchkeyAccount({ namespace: 'eip155' })
  const network = useLatchkeyNetwork()
  const state = useLatchkeyState()
  const { walletInfo } = useWalletInfo()
  const { walletProvider } = useLatchkeyProvider<Eip1193>('eip155')
  const theme = useLatchkeyTheme()
  const lastEvent = useLatchkeyEvents()
  const { open, close } = useLatchkey()
  const { disconnect } = useDisconnect()
  const [result, setResult] = useState('')
  window.renders += 1
  return (
    <main>
      <span data-testid="hook-status">{account.status}</span>
      <span data-testid="hook-address">{account.address ?? ''}</span>
      <span data-testid="hook-eip155-address">{eip155.address ?? ''}</span>
      <span data-testid="hook-chain">{String(network.chainId ?? '')}</span>
      <span data-testid="hook-network-name">{network.caipNetwork?.name ?? ''}</span>
      <span data-testid="hook-open">{String(state.open)}</span>
      <span data-testid="hook-wallet">{walletInfo?.name ?? ''}</span>
      <span data-testid="hook-provider">{walletProvider ? 'yes' : 'no'}</span>
      <span data-testid="hook-theme">{theme.themeMode}</span>
      <span data-testid="hook-event">{lastEvent?.data.event ?? ''}</span>
      <span data-testid="hook-result">{result}</span>
      <button type="button" data-testid="hook-open-modal" onClick={() => void open()}>
        Open
      </button>
      <button type="button" data-testid="hook-close-modal" onClick={() => close()}>
        Close
      </button>
      <button type="button" data-testid="hook-disconnect" onClick={() => void disconnect()}>
        Disconnect
      </button>
      <button type="button" data-testid="hook-light" onClick={() => theme.setThemeMode('light')}>
        Light
      </button>
      <button
        type="button"
        data-testid="hook-switch"
        onClick={() => void network.switchNetwork(props.switchTo)}
      >
        Switch
      </button>
      <button
        type="button"
        data-testid="hook-chain-id"
        onClick={() =>
          void walletProvider?.request({ method: 'eth_chainId' }).then((id) => setResult(String(id)))
        }
      >
        Chain id
      </button>
      <LatchkeyNetworkButton />
      <LatchkeyButton size="sm" balance="hide" />
    </main>
  )
}

function PageKitProbe() {
  return <span data-testid="fallback-address">{useLatchkeyAccount().address ?? ''}</span>
}

window.renders = 0
window.reactVersion = reactVersion
window.startHooks = async (config) => {
  const kit = createKit(kitOptions(config))
  window.kit = kit
  const switchTo = kit.controllers.options.networks[1]
  if (!switchTo) throw new Error('the stack serves two EVM chains')
  const withProvider = document.createElement('div')
  const withoutProvider = document.createElement('div')
  document.body.append(withProvider, withoutProvider)
  // StrictMode renders twice and checks that a snapshot read twice is the same one.
  createRoot(withProvider).render(
    <StrictMode>
      <LatchkeyProvider kit={kit}>
        <Probe switchTo={switchTo} />
      </LatchkeyProvider>
    </StrictMode>,
  )
  createRoot(withoutProvider).render(<PageKitProbe />)
  await kit.ready
}
