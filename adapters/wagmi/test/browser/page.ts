// The page of the two-wallet browser test: the adapter as a host would run it, discovering on `window`.
import { withRpcUrl } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { defineTwoWalletPage } from '@latchkey/evm-testkit/page'
import { getAccount } from '@wagmi/core'
import { WagmiAdapter } from '../../src/index.js'

defineTwoWalletPage({
  createAdapter: ({ rpcUrl }) => new WagmiAdapter({ networks: [withRpcUrl(latchkeyLocal, rpcUrl)] }),
  networkFor: ({ rpcUrl }) => withRpcUrl(latchkeyLocal, rpcUrl),
  // What the host's own wagmi hooks would see on the shared config.
  extra: async (adapter) => ({ wagmiAccount: getAccount(adapter.wagmiConfig).address ?? '' }),
})
