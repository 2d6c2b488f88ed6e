// A host without React: @latchkey/core, @latchkey/ui and the ethers adapter, as kit-ui's README installs them
// (no @latchkey/adapter-universal). The button, and a line the test reads the account from.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { createKit } from '@latchkey/ui'
import { ACCOUNT_TEST_ID, appMetadata, appNetworks } from '../app-config.js'

const config = window.appConfig
const kit = createKit({
  networks: appNetworks(config),
  adapters: [new EthersAdapter()],
  enableWalletConnect: config.walletConnect,
  services: { walletConnectRelayUrl: config.relayUrl },
  metadata: appMetadata(),
})

const account = document.createElement('p')
account.dataset.testid = ACCOUNT_TEST_ID
account.textContent = 'disconnected'
document.getElementById('app')?.append(document.createElement('latchkey-button'), account)
kit.subscribeAccount(({ address, isConnected }) => {
  account.textContent = isConnected && address ? address : 'disconnected'
})
