import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { type EvmChainInfo, localViemChain } from '../src/index.js'

export interface Clients {
  publicClient: PublicClient<Transport, Chain>
  walletClient: WalletClient<Transport, Chain, Account>
}

/** viem clients for a local chain; no retries (a local node answers at once or is broken). */
export function clientsFor(chain: EvmChainInfo, account: Account): Clients {
  const viemChain = localViemChain(chain)
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  return {
    publicClient: createPublicClient({ chain: viemChain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ account, chain: viemChain, transport, pollingInterval: 50 }),
  }
}

export function publicClientFor(chain: EvmChainInfo): PublicClient<Transport, Chain> {
  return createPublicClient({
    chain: localViemChain(chain),
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  })
}
