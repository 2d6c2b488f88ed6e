// (3) Latchkey multi-chain + React: the wagmi, Solana and Bitcoin adapters in one kit. The EVM networks are the
// two local chains; Solana and Bitcoin are the catalogue's mainnets (nothing on them is used by the flow measured).
import { BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import { SolanaAdapter } from '@latchkey/adapter-solana'
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { bitcoin, solana, withRpcUrl } from '@latchkey/core/networks'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { createKit, LatchkeyButton, LatchkeyProvider } from '@latchkey/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { appRoot, benchConfig, benchMetadata } from '../common/bench-config.js'

const config = benchConfig()
const evmNetworks = [
  withRpcUrl(latchkeyLocal, config.chains[0].rpcUrl),
  withRpcUrl(latchkeyLocal2, config.chains[1].rpcUrl),
]
const wagmiAdapter = new WagmiAdapter({ networks: evmNetworks })
const kit = createKit({
  projectId: config.projectId,
  networks: [...evmNetworks, solana, bitcoin],
  adapters: [wagmiAdapter, new SolanaAdapter(), new BitcoinAdapter()],
  metadata: benchMetadata('Latchkey multi-chain bench'),
})
const queryClient = new QueryClient()

createRoot(appRoot()).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig} reconnectOnMount={false}>
    <QueryClientProvider client={queryClient}>
      <LatchkeyProvider kit={kit}>
        <LatchkeyButton />
      </LatchkeyProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
