/** The page of the two-wallet browser test: the adapter, bundled for the browser, on the page's window. */
import { withRpcUrl } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { defineTwoWalletPage } from '@latchkey/evm-testkit/page'
import { Ethers5Adapter } from '../../src/index.js'

defineTwoWalletPage({
  createAdapter: () => new Ethers5Adapter(),
  networkFor: ({ rpcUrl }) => withRpcUrl(latchkeyLocal, rpcUrl),
  async extra(adapter, address) {
    // B's balance through the adapter's ethers v5 provider, read from the page (fetch to the local chain).
    const balance = await adapter.getBalance({ address, network: adapter.networks[0]! })
    return { ethersSigner: await adapter.getSigner().getAddress(), balance: balance.value.toString() }
  },
})
