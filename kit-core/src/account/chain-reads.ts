import type { ChainAdapter } from '../adapter/adapter.js'
import type { KitToken } from '../controllers/config/options/options.js'
import type { CaipNetwork } from '../networks/define.js'
import { cleanText } from '../services/sanitize.js'
import type { TokenBalance } from '../services/types.js'
import { createRpcPool } from '../transport/rpc-pool.js'

/** What changes when an account sends or receives the native currency: its nonce (eip155) and balance. */
export interface ChainMark {
  /** The chain's newest block (eip155) or slot (solana), as text. */
  head: string
  /** The account's nonce and native balance there, as text. */
  account: string
}

/** Reads chains directly over JSON-RPC: the balances the kit cannot get from the Blockchain API, and new blocks. */
export interface ChainReads {
  /** The head of `network` and the account's nonce and native balance there. @throws the RPC's error. */
  mark(network: CaipNetwork, address: string): Promise<ChainMark>
  /**
   * The balance of the host's token on `network` (SPEC §1 tokens), or undefined when the account holds none of it;
   * amounts formatted by `format` (the adapter's `formatUnits`). @throws the RPC's error.
   */
  hostToken(
    network: CaipNetwork,
    address: string,
    token: KitToken,
    format: (value: bigint, decimals: number) => string,
  ): Promise<TokenBalance | undefined>
}

type Format = (value: bigint, decimals: number) => string

const SELECTOR = { balanceOf: '0x70a08231', decimals: '0x313ce567', symbol: '0x95d89b41', name: '0x06fdde03' }
const HEX = /^0x[0-9a-fA-F]*$/

/** An ABI word of `hex` (no 0x), left-padded. */
const word = (hex: string) => hex.padStart(64, '0')

/** A uint256 answer. @throws for an answer that is not one. */
function uint(answer: unknown): bigint {
  if (typeof answer !== 'string' || !HEX.test(answer) || answer.length < 3 || answer.length > 66) {
    throw new Error('The token contract answered something that is not a number')
  }
  return BigInt(answer)
}

/** A `string` answer (or a `bytes32` one, as old tokens give), as text; undefined when it is neither. */
function text(answer: unknown): string | undefined {
  if (typeof answer !== 'string' || !HEX.test(answer) || answer.length < 66) return undefined
  const body = answer.slice(2)
  const bytes = (hex: string) => {
    const out = new Uint8Array(hex.length / 2)
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
    return out
  }
  try {
    if (body.length >= 128) {
      const offset = Number(BigInt(`0x${body.slice(0, 64)}`)) * 2
      const length = Number(BigInt(`0x${body.slice(offset, offset + 64)}`)) * 2
      if (offset + 64 + length <= body.length && length <= 512) {
        return new TextDecoder('utf-8', { fatal: true }).decode(
          bytes(body.slice(offset + 64, offset + 64 + length)),
        )
      }
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes(body.slice(0, 64))).replace(/\0+$/, '')
  } catch {
    return undefined
  }
}

/**
 * Direct chain reads over the networks' RPC URLs (a transport per URL, kept). The answers of token contracts are
 * hostile: names and symbols are cleaned as text, decimals must be a uint8.
 */
export function createChainReads(params: {
  rpcUrl(network: CaipNetwork): string | undefined
  fetch?: typeof fetch
}): ChainReads {
  const rpc = createRpcPool(params)

  async function evmToken(network: CaipNetwork, owner: string, token: KitToken, format: Format) {
    const call = (data: string) =>
      rpc(network).request({ method: 'eth_call', params: [{ to: token.address, data }, 'latest'] })
    const [balance, decimals, symbol, name] = await Promise.all([
      call(SELECTOR.balanceOf + word(owner.slice(2).toLowerCase())),
      call(SELECTOR.decimals),
      call(SELECTOR.symbol).catch(() => undefined),
      call(SELECTOR.name).catch(() => undefined),
    ])
    const places = Number(uint(decimals))
    if (!Number.isInteger(places) || places < 0 || places > 255) {
      throw new Error('The token contract answered decimals that are not a uint8')
    }
    const cleanSymbol = cleanText(text(symbol), 24) ?? '?'
    return {
      name: cleanText(text(name)) ?? cleanSymbol,
      symbol: cleanSymbol,
      decimals: places,
      numeric: format(uint(balance), places),
    }
  }

  async function splToken(network: CaipNetwork, owner: string, token: KitToken, format: Format) {
    const answer = (await rpc(network).request({
      method: 'getTokenAccountsByOwner',
      params: [owner, { mint: token.address }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    })) as { value?: { account?: { data?: { parsed?: { info?: { tokenAmount?: unknown } } } } }[] }
    let total = 0n
    let decimals: number | undefined
    for (const entry of Array.isArray(answer?.value) ? answer.value : []) {
      const amount = entry?.account?.data?.parsed?.info?.tokenAmount as
        | { amount?: unknown; decimals?: unknown }
        | undefined
      if (typeof amount?.amount !== 'string' || !/^\d{1,40}$/.test(amount.amount)) continue
      if (!Number.isInteger(amount.decimals) || (amount.decimals as number) > 255) continue
      total += BigInt(amount.amount)
      decimals = amount.decimals as number
    }
    // A mint the account holds no account of: nothing to show.
    if (decimals === undefined) return undefined
    const short = `${token.address.slice(0, 4)}…${token.address.slice(-4)}`
    return { name: short, symbol: short, decimals, numeric: format(total, decimals) }
  }

  return {
    async mark(network, address) {
      const chain = rpc(network)
      if (network.chainNamespace === 'solana') {
        const answer = (await chain.request({
          method: 'getBalance',
          params: [address, { commitment: 'confirmed' }],
        })) as { context?: { slot?: unknown }; value?: unknown }
        return { head: String(answer?.context?.slot), account: String(answer?.value) }
      }
      const [head, nonce, balance] = await Promise.all([
        chain.request<string>({ method: 'eth_blockNumber' }),
        chain.request<string>({ method: 'eth_getTransactionCount', params: [address, 'latest'] }),
        chain.request<string>({ method: 'eth_getBalance', params: [address, 'latest'] }),
      ])
      return { head: String(head), account: `${String(nonce)}:${String(balance)}` }
    },

    async hostToken(network, address, token, format) {
      const read =
        network.chainNamespace === 'solana'
          ? await splToken(network, address, token, format)
          : network.chainNamespace === 'eip155'
            ? await evmToken(network, address, token, format)
            : undefined
      if (!read) return undefined
      return {
        name: read.name,
        symbol: read.symbol,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${token.address}`,
        price: 0,
        quantity: { decimals: String(read.decimals), numeric: read.numeric },
        ...(token.image ? { iconUrl: token.image } : {}),
      }
    },
  }
}

/** The native balance of `address` read through the adapter (the chain, or the adapter's own service). */
export async function nativeFromAdapter(
  adapter: ChainAdapter,
  network: CaipNetwork,
  address: string,
): Promise<TokenBalance> {
  const result = await adapter.getBalance({ address, network })
  const { name, symbol, decimals } = network.nativeCurrency
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    price: 0,
    quantity: { decimals: String(decimals), numeric: result.formatted },
  }
}
