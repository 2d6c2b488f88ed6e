'use client'

import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import type { KitInitialState } from '@latchkey/core'
import { createKit, type LatchkeyKit, LatchkeyProvider } from '@latchkey/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { cookieStorage, cookieToInitialState, createStorage, WagmiProvider } from 'wagmi'
import { type ExampleChain, networksOf } from './networks'

declare global {
  interface Window {
    /** The page's kit, for the test that drives it. */
    kit?: LatchkeyKit
  }
}

/**
 * wagmi, react-query and Latchkey for the page, made once per page (per request on the server). Both kits are made
 * for server rendering: wagmi's state in cookies (its `cookieToInitialState`), the kit with `ssr: true` and the
 * initial state its own cookie gave; the kit starts when its provider mounts, after hydration, and its restore is the
 * one reconnect (`reconnectOnMount={false}`).
 */
export function Providers(props: {
  chains: ExampleChain[]
  cookie: string
  initialState: KitInitialState | null
  children: ReactNode
}) {
  const [setup] = useState(() => {
    const networks = networksOf(props.chains)
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
      metadata: {
        name: 'Latchkey Next.js example',
        description: 'Latchkey with wagmi on Next.js',
        url: 'http://127.0.0.1',
      },
    })
    if (typeof window !== 'undefined') window.kit = kit
    return { adapter, kit, queryClient: new QueryClient() }
  })
  const wagmiState = cookieToInitialState(setup.adapter.wagmiConfig, props.cookie)
  return (
    <WagmiProvider config={setup.adapter.wagmiConfig} initialState={wagmiState} reconnectOnMount={false}>
      <QueryClientProvider client={setup.queryClient}>
        <LatchkeyProvider kit={setup.kit}>{props.children}</LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
