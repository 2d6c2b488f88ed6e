// A React host: @latchkey/core, @latchkey/ui, @latchkey/react and the wagmi adapter with its peers (@wagmi/core,
// viem), no @latchkey/adapter-universal. The button, and a line the test reads the account from (a hook).
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { createKit, LatchkeyButton, LatchkeyProvider, useLatchkeyAccount } from '@latchkey/react'
import { createRoot } from 'react-dom/client'
import { ACCOUNT_TEST_ID, appMetadata, appNetworks } from '../app-config.js'

const config = window.appConfig
const networks = appNetworks(config)
const kit = createKit({
  networks,
  adapters: [new WagmiAdapter({ networks })],
  enableWalletConnect: config.walletConnect,
  services: { walletConnectRelayUrl: config.relayUrl },
  metadata: appMetadata(),
})

function App() {
  const { address, isConnected } = useLatchkeyAccount()
  return (
    <main>
      <LatchkeyButton />
      <p data-testid={ACCOUNT_TEST_ID}>{isConnected && address ? address : 'disconnected'}</p>
    </main>
  )
}

const root = document.getElementById('app')
if (root)
  createRoot(root).render(
    <LatchkeyProvider kit={kit}>
      <App />
    </LatchkeyProvider>,
  )
