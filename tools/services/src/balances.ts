import { type Holding, NATIVE } from './assets.js'
import { evmRpc } from './evm-rpc.js'

/** A local EVM chain the balance endpoint reads from and the indexer follows. */
export interface ServicesEvmChain {
  chainId: number
  rpcUrl: string
}

/** An ERC-20 token deployed on the local chains (the same address on each). */
export interface ServicesToken {
  address: `0x${string}`
  symbol: string
  name: string
  decimals: number
  /** Its default USD price (the control API can change it per project). Default 1. */
  price?: number
}

/** Where live balances come from. */
export interface ServicesEvm {
  chains: readonly ServicesEvmChain[]
  tokens: readonly ServicesToken[]
}

/** `balanceOf(address)` selector. */
const BALANCE_OF = '0x70a08231'

async function quantity(url: string, method: string, params: unknown[]): Promise<bigint> {
  const result = await evmRpc(url, method, params)
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result))
    throw new Error(`${method}: malformed answer`)
  return result === '0x' ? 0n : BigInt(result)
}

/**
 * Reads what an account holds on a local chain, live: the native balance (eth_getBalance) and each token's
 * balanceOf. @throws when the chain does not answer.
 */
export async function readEvmHoldings(
  chain: ServicesEvmChain,
  tokens: readonly ServicesToken[],
  address: string,
): Promise<Holding[]> {
  const caip2 = `eip155:${chain.chainId}`
  const data = `${BALANCE_OF}${address.slice(2).toLowerCase().padStart(64, '0')}`
  const [native, ...held] = await Promise.all([
    quantity(chain.rpcUrl, 'eth_getBalance', [address, 'latest']),
    ...tokens.map((token) => quantity(chain.rpcUrl, 'eth_call', [{ to: token.address, data }, 'latest'])),
  ])
  return [
    { meta: NATIVE.eip155, amount: native ?? 0n, caip2 },
    ...tokens.map((token, index) => ({
      meta: token,
      amount: held[index] ?? 0n,
      caip2,
      token: token.address,
    })),
  ]
}
