/** The page of the two-wallet browser test: the adapter (from src) on the page's window. */
import { withRpcUrl } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { defineTwoWalletPage } from '@latchkey/evm-testkit/page'
import { EthersAdapter } from '../../src/index.js'

defineTwoWalletPage({
  createAdapter: () => new EthersAdapter(),
  networkFor: ({ rpcUrl }) => withRpcUrl(latchkeyLocal, rpcUrl),
  async extra(adapter, address) {
    const balance = await adapter.getBalance({ address, network: adapter.networks[0]! })
    return { ethersSigner: await adapter.getSigner().getAddress(), balance: balance.value.toString() }
  },
})
