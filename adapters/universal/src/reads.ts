// What the universal adapter reads from a chain without a chain SDK: native balances (eip155 and solana over
// JSON-RPC, bip122 from an Esplora server), eip155 gas estimates, and a recent Solana blockhash. Every endpoint is
// the host's (custom RPC URLs first), never a public one.
import { type CaipNetwork, type CaipNetworkId, LatchkeyError, Messages, rpcUrlsFor } from '@latchkey/core'
import { createHttpClient, createRpcTransport, type RpcTransport } from '@latchkey/core/rpc'

type CustomRpcUrls = Parameters<typeof rpcUrlsFor>[1]

export class ChainReads {
  private readonly transports = new Map<string, RpcTransport>()

  constructor(
    private readonly customRpcUrls: () => CustomRpcUrls,
    /** bip122: an Esplora base URL per network (default the network's first RPC URL). */
    private readonly esploraUrls: Readonly<Partial<Record<CaipNetworkId, string>>> = {},
  ) {}

  /** The native balance of an address in base units (wei, lamports, satoshis). */
  async balance(network: CaipNetwork, address: string): Promise<bigint> {
    switch (network.chainNamespace) {
      case 'eip155':
        return quantity(
          await this.rpc(network).request({ method: 'eth_getBalance', params: [address, 'latest'] }),
        )
      case 'solana': {
        const answer = await this.rpc(network).request<{ value?: unknown }>({
          method: 'getBalance',
          params: [address, { commitment: 'confirmed' }],
        })
        if (typeof answer?.value !== 'number' || !Number.isSafeInteger(answer.value))
          throw new LatchkeyError('The Solana RPC answered a balance of an unexpected shape', {
            code: 'RPC_ERROR',
          })
        return BigInt(answer.value)
      }
      case 'bip122':
        return this.esploraBalance(network, address)
      default:
        throw new LatchkeyError(`Balances on ${network.chainNamespace} need the Blockchain API`, {
          code: 'UNSUPPORTED_OPERATION',
        })
    }
  }

  /** eip155 gas for a call. */
  async estimateGas(
    network: CaipNetwork,
    call: { from?: string; to: string; value?: bigint; data?: string },
  ): Promise<bigint> {
    return quantity(
      await this.rpc(network).request({
        method: 'eth_estimateGas',
        params: [
          {
            ...(call.from ? { from: call.from } : {}),
            to: call.to,
            ...(call.value !== undefined ? { value: `0x${call.value.toString(16)}` } : {}),
            ...(call.data ? { data: call.data } : {}),
          },
        ],
      }),
    )
  }

  /** solana: the blockhash a new transaction references. */
  async latestBlockhash(network: CaipNetwork): Promise<string> {
    const answer = await this.rpc(network).request<{ value?: { blockhash?: unknown } }>({
      method: 'getLatestBlockhash',
      params: [{ commitment: 'confirmed' }],
    })
    const blockhash = answer?.value?.blockhash
    if (typeof blockhash !== 'string')
      throw new LatchkeyError('The Solana RPC answered no blockhash', { code: 'RPC_ERROR' })
    return blockhash
  }

  private rpc(network: CaipNetwork): RpcTransport {
    const url = rpcUrlsFor(network, this.customRpcUrls())[0]
    if (!url)
      throw new LatchkeyError(Messages.networkNotFound, {
        code: 'NETWORK_NOT_FOUND',
        details: network.caipNetworkId,
      })
    let transport = this.transports.get(url)
    if (!transport) {
      transport = createRpcTransport({ url })
      this.transports.set(url, transport)
    }
    return transport
  }

  private async esploraBalance(network: CaipNetwork, address: string): Promise<bigint> {
    const base = this.esploraUrls[network.caipNetworkId] ?? rpcUrlsFor(network, this.customRpcUrls())[0]
    if (!base)
      throw new LatchkeyError(Messages.networkNotFound, {
        code: 'NETWORK_NOT_FOUND',
        details: network.caipNetworkId,
      })
    const body = await createHttpClient({ baseUrl: base.replace(/\/+$/, '') }).get<{
      chain_stats?: unknown
      mempool_stats?: unknown
    }>(`/address/${encodeURIComponent(address)}`)
    return funded(body?.chain_stats) + funded(body?.mempool_stats)
  }
}

/** An Esplora stats object's funded minus spent satoshis. */
function funded(stats: unknown): bigint {
  const { funded_txo_sum: inflow, spent_txo_sum: outflow } = (stats ?? {}) as Record<string, unknown>
  if (!Number.isSafeInteger(inflow) || !Number.isSafeInteger(outflow))
    throw new LatchkeyError('The Esplora server answered address stats of an unexpected shape', {
      code: 'HTTP_ERROR',
    })
  return BigInt(inflow as number) - BigInt(outflow as number)
}

/** A hex quantity of a JSON-RPC answer. */
function quantity(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new LatchkeyError('The RPC answered a quantity of an unexpected shape', { code: 'RPC_ERROR' })
  return BigInt(value)
}
