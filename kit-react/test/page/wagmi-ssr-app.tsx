// The wagmi page both the server (renderToString, per request) and the browser (hydrateRoot) render: the wagmi
// adapter's README setup for server rendering. wagmi keeps its state in cookies (its `cookieToInitialState`), the kit
// is made with `ssr: true` and the initial state of its own cookie; both render the remembered account reconnecting.
// After hydration the kit starts from its provider's mount effect and WagmiProvider reconnects on mount: wagmi runs
// one reconnect at a time, and the kit's adapter follows the one running instead of starting its own.
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import type { KitInitialState } from '@latchkey/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  cookieStorage,
  cookieToInitialState,
  createStorage,
  useBalance,
  useConnection,
  WagmiProvider,
} from 'wagmi'
import {
  createKit,
  LatchkeyButton,
  type LatchkeyKit,
  LatchkeyProvider,
  useLatchkeyAccount,
} from '../../src/index.js'
import { localNetworks, type PageConfig } from './networks.js'

/** What the server hands the browser: the chains and the Cookie header it rendered with. */
export interface WagmiSsrProps {
  config: PageConfig
  cookie: string
  initialState: KitInitialState | null
  /** Called by the browser once hydrated. */
  onHydrated?: () => void
  /** Given the kit and the wagmi config, once made (the browser keeps them for the test). */
  onSetup?: (setup: { kit: LatchkeyKit; wagmiConfig: WagmiAdapter['wagmiConfig'] }) => void
}

/** Latchkey's and wagmi's hooks side by side, as a dApp's client component uses them. */
function AccountPanel(props: { onHydrated?: () => void }) {
  const account = useLatchkeyAccount()
  const wagmi = useConnection()
  const balance = useBalance({ address: wagmi.address })
  const { onHydrated } = props
  useEffect(() => onHydrated?.(), [onHydrated])
  return (
    <dl>
      <dd data-testid="lk-status">{account.status}</dd>
      <dd data-testid="lk-address">{account.address ?? 'no address'}</dd>
      <dd data-testid="wagmi-status">{wagmi.status}</dd>
      <dd data-testid="wagmi-address">{wagmi.address ?? 'no address'}</dd>
      <dd data-testid="wagmi-balance">{balance.data ? `${balance.data.value} wei` : 'no balance'}</dd>
    </dl>
  )
}

export function WagmiSsrApp(props: WagmiSsrProps) {
  const [setup] = useState(() => {
    const networks = localNetworks(props.config)
    const adapter = new WagmiAdapter({
      networks,
      ssr: true,
      storage: createStorage({ storage: cookieStorage }),
    })
    const kit = createKit({
      networks,
      adapters: [adapter],
      ssr: true,
      initialState: props.initialState,
      enableWalletConnect: false,
      metadata: { name: 'Latchkey wagmi SSR test', description: 'test', url: 'http://127.0.0.1', icons: [] },
    })
    props.onSetup?.({ kit, wagmiConfig: adapter.wagmiConfig })
    return { adapter, kit, queryClient: new QueryClient() }
  })
  const wagmiState = cookieToInitialState(setup.adapter.wagmiConfig, props.cookie)
  return (
    <WagmiProvider config={setup.adapter.wagmiConfig} initialState={wagmiState} reconnectOnMount={false}>
      <QueryClientProvider client={setup.queryClient}>
        <LatchkeyProvider kit={setup.kit}>
          <main>
            <LatchkeyButton />
            <AccountPanel onHydrated={props.onHydrated} />
          </main>
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
