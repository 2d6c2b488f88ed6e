// (7) Latchkey + wagmi + React with email login: the latchkey-wagmi app (same imports, same providers) plus the
// embedded wallet's secure frame (`services.secureFrameUrl`, from window.BENCH like every run-time setting); the
// project's remote features (the stand-in's defaults) turn email on. The kit is left on window.__benchKit for the
// harness's probe on its account state (src/probes.ts `installKitProbe`).
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { withRpcUrl } from '@latchkey/core/networks'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { createKit, LatchkeyButton, LatchkeyProvider } from '@latchkey/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { appRoot, benchConfig, benchMetadata } from '../common/bench-config.js'

declare global {
  interface Window {
    __benchKit?: unknown
  }
}

const config = benchConfig()
if (!config.frameUrl) throw new Error('window.BENCH.frameUrl is missing: the email backends are not running')
const networks = [
  withRpcUrl(latchkeyLocal, config.chains[0].rpcUrl),
  withRpcUrl(latchkeyLocal2, config.chains[1].rpcUrl),
]
const adapter = new WagmiAdapter({ networks })
const kit = createKit({
  projectId: config.projectId,
  networks,
  adapters: [adapter],
  metadata: benchMetadata('Latchkey email bench'),
  services: { secureFrameUrl: config.frameUrl },
})
window.__benchKit = kit
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
