// (5) RainbowKit as its README shows: getDefaultConfig, WagmiProvider, QueryClientProvider, RainbowKitProvider and
// ConnectButton. RainbowKit 2 needs wagmi 2: this app's `wagmi` is the `wagmi-v2` alias (esbuild `alias`).
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { appRoot, benchConfig } from '../common/bench-config.js'
import { viemChain } from '../common/viem-chains.js'

const bench = benchConfig()
const config = getDefaultConfig({
  appName: 'RainbowKit bench',
  projectId: bench.projectId,
  chains: [viemChain(bench.chains[0]), viemChain(bench.chains[1])],
  ssr: false,
})
const queryClient = new QueryClient()

createRoot(appRoot()).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
