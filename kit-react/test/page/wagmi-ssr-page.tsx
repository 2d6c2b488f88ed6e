// The browser half of the wagmi SSR test: hydrates the server's HTML with the props the server rendered it with.
import { hydrateRoot } from 'react-dom/client'
import type { LatchkeyKit } from '../../src/index.js'
import { WagmiSsrApp, type WagmiSsrProps } from './wagmi-ssr-app.js'

/** What the page gives the test. */
export interface WagmiSsrPageApi {
  kit?: LatchkeyKit
  hydrated?: boolean
  /** Each status wagmi's config took, from hydration on (a reconnect shows as reconnecting, then an outcome). */
  wagmiStatuses?: string[]
}

const props = JSON.parse(document.getElementById('props')?.textContent ?? '{}') as WagmiSsrProps
const w = window as unknown as WagmiSsrPageApi
const root = document.getElementById('root')
if (!root) throw new Error('no #root')
hydrateRoot(
  root,
  <WagmiSsrApp
    {...props}
    onSetup={({ kit, wagmiConfig }) => {
      w.kit = kit
      w.wagmiStatuses = [wagmiConfig.state.status]
      wagmiConfig.subscribe(
        (state) => state.status,
        (status) => w.wagmiStatuses?.push(status),
      )
    }}
    onHydrated={() => {
      w.hydrated = true
    }}
  />,
)
