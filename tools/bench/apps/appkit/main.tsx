// (4) Reown AppKit with its wagmi adapter, as its React quick start shows: createAppKit at module level,
// WagmiProvider + QueryClientProvider, and the <appkit-button> web component.

import { defineChain } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { appRoot, type BenchChain, benchConfig, benchMetadata } from '../common/bench-config.js'

const config = benchConfig()
const network = (chain: BenchChain) =>
  defineChain({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
const networks = [network(config.chains[0]), network(config.chains[1])] as [
  ReturnType<typeof network>,
  ReturnType<typeof network>,
]
const wagmiAdapter = new WagmiAdapter({ networks, projectId: config.projectId, ssr: false })
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId: config.projectId,
  metadata: benchMetadata('AppKit bench'),
})
const queryClient = new QueryClient()

createRoot(appRoot()).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
