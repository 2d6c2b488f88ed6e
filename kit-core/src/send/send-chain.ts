// What the send form reads from the chain itself (over the network's JSON-RPC URL, not the wallet): EIP-1559 fees,
// Solana's rent-exempt minimum and a receiver's balance, and an EVM transaction's receipt after the wallet sent it.
import type { CaipNetwork } from '../networks/define.js'
import { createRpcPool } from '../transport/rpc-pool.js'

/** EVM fees per gas the send passes to the wallet. */
interface GasFees {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

export interface SendChain {
  /**
   * The fees per gas of a transaction sent now: the latest block's base fee twice over plus the suggested tip
   * (room for the base fee to rise over a few blocks), or the gas price on a chain without a base fee.
   * @throws the RPC's error.
   */
  gasFees(network: CaipNetwork): Promise<GasFees>
  /** Solana: the lamports of `address` (0 for an account that does not exist). @throws the RPC's error. */
  lamports(network: CaipNetwork, address: string): Promise<bigint>
  /** Solana: the least lamports an account without data must hold (the rent-exempt minimum). @throws the RPC's error. */
  rentExemptMinimum(network: CaipNetwork): Promise<bigint>
  /**
   * EVM: waits for the transaction's receipt (polled every `intervalMs`) and answers whether it succeeded; undefined
   * when none came within `timeoutMs`. Never throws: a failed poll is tried again at the next interval.
   */
  receipt(
    network: CaipNetwork,
    hash: string,
    options?: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal },
  ): Promise<'success' | 'reverted' | undefined>
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** A hex quantity of an RPC answer. @throws for anything else. */
function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) {
    throw new Error(`The chain answered ${what} that is not a number`)
  }
  return BigInt(value)
}

/** An unsigned integer of a Solana answer (a number, or `{ value: number }`). @throws for anything else. */
function lamportsOf(answer: unknown, what: string): bigint {
  const value = typeof answer === 'object' && answer !== null ? (answer as { value?: unknown }).value : answer
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`The cluster answered ${what} that is not a number of lamports`)
  }
  return BigInt(value)
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/** Chain reads over each network's RPC URL (`rpcUrl`: the host's custom URL first, then the network's own). */
export function createSendChain(params: {
  rpcUrl(network: CaipNetwork): string | undefined
  fetch?: typeof fetch
}): SendChain {
  const rpc = createRpcPool(params)

  return {
    async gasFees(network) {
      const chain = rpc(network)
      const block = (await chain.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
        baseFeePerGas?: unknown
      } | null
      if (block?.baseFeePerGas === undefined || block.baseFeePerGas === null) {
        const price = quantity(await chain.request({ method: 'eth_gasPrice' }), 'a gas price')
        return { maxFeePerGas: price, maxPriorityFeePerGas: price }
      }
      const baseFee = quantity(block.baseFeePerGas, 'a base fee')
      const tip = await chain
        .request({ method: 'eth_maxPriorityFeePerGas' })
        .then((answer) => quantity(answer, 'a priority fee'))
        // A node without the method: the gas price less the base fee is its suggestion.
        .catch(async () => {
          const price = quantity(await chain.request({ method: 'eth_gasPrice' }), 'a gas price')
          return price > baseFee ? price - baseFee : 0n
        })
      return { maxFeePerGas: baseFee * 2n + tip, maxPriorityFeePerGas: tip }
    },

    async lamports(network, address) {
      return lamportsOf(
        await rpc(network).request({ method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
        'a balance',
      )
    },

    async rentExemptMinimum(network) {
      return lamportsOf(
        await rpc(network).request({ method: 'getMinimumBalanceForRentExemption', params: [0] }),
        'a rent-exempt minimum',
      )
    },

    async receipt(network, hash, options = {}) {
      const interval = options.intervalMs ?? 1_000
      const deadline = Date.now() + (options.timeoutMs ?? 120_000)
      while (!options.signal?.aborted && Date.now() < deadline) {
        try {
          const receipt = (await rpc(network).request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          })) as { status?: unknown } | null
          if (receipt && typeof receipt === 'object') return receipt.status === '0x0' ? 'reverted' : 'success'
        } catch {
          // The next poll tries again.
        }
        await wait(interval, options.signal)
      }
      return undefined
    },
  }
}
