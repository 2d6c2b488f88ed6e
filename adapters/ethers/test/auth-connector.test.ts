/**
 * The embedded wallet's AUTH connector through ethers: the testkit's suite (listed only when the kit offers the
 * embedded wallet, connected and restored without a login, switched, signing and sending through ethers, signed out on
 * disconnect), with a fake frame holding a fresh funded key on the local chains.
 */
import { type CaipNetwork, createMemoryStorage, ProviderRpcError } from '@latchkey/core'
import { describeAuthConnector } from '@latchkey/evm-testkit/embedded'
import { EthersAdapter } from '../src/index.js'
import { networks, stack } from './support.js'

describeAuthConnector<CaipNetwork>({
  library: 'ethers',
  createAdapter: () => new EthersAdapter(),
  createStorage: createMemoryStorage,
  rpcError: ProviderRpcError,
  networks,
  token: stack.evm.tokens.LUSD,
})
