// (1) Latchkey + wagmi + React: the wagmi adapter's config handed to WagmiProvider as the adapter's README shows,
// the kit from @latchkey/react and its <LatchkeyButton />.
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { withRpcUrl } from '@latchkey/core/networks'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { createKit, LatchkeyButton, LatchkeyProvider } from '@latchkey/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { appRoot, benchConfig, benchMetadata } from '../common/bench-config.js'

const config = benchConfig()
const networks = [
  withRpcUrl(latchkeyLocal, config.chains[0].rpcUrl),
  withRpcUrl(latchkeyLocal2, config.chains[1].rpcUrl),
]
const adapter = new WagmiAdapter({ networks })
const kit = createKit({
  projectId: config.projectId,
  networks,
  adapters: [adapter],
  metadata: benchMetadata('Latchkey wagmi bench'),
})
const queryClient = new QueryClient()

createRoot(appRoot()).render(
  <WagmiProvider config={adapter.wagmiConfig} reconnectOnMount={false}>
    <QueryClientProvider client={queryClient}>
      <LatchkeyProvider kit={kit}>
        <LatchkeyButton />
      </LatchkeyProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
