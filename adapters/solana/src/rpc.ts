import { type AdapterOptions, type CaipNetwork, LatchkeyError, Messages, rpcUrlsFor } from '@latchkey/core'
import type { Connection } from '@solana/web3.js'
import { readError } from './errors.js'
import type { LibsOf } from './libs.js'

/**
 * The @solana/web3.js Connections of an adapter, one per network: the host's custom RPC URL for the network
 * first (SPEC §1 customRpcUrls), else the network's default. The WebSocket endpoint is the network's
 * `rpcUrls.default.webSocket[0]` when given (web3.js would otherwise guess the RPC port + 1).
 */
export class Connections {
  private readonly byNetwork = new Map<string, { url: string; connection: Connection }>()

  constructor(
    private readonly options: () => Readonly<AdapterOptions> | undefined,
    private readonly libs: LibsOf,
  ) {}

  /** The Connection of a network. @throws LatchkeyError NETWORK_NOT_FOUND when the network has no RPC URL. */
  get(network: CaipNetwork): Connection {
    return this.entry(network).connection
  }

  /** Runs a read on the network's Connection, its errors as core's errors. */
  async read<T>(network: CaipNetwork, run: (connection: Connection) => Promise<T>): Promise<T> {
    const { url, connection } = this.entry(network)
    try {
      return await run(connection)
    } catch (error) {
      throw readError(error, url)
    }
  }

  clear(): void {
    this.byNetwork.clear()
  }

  private entry(network: CaipNetwork) {
    const known = this.byNetwork.get(network.caipNetworkId)
    if (known) return known
    const [url] = rpcUrlsFor(network, this.options()?.customRpcUrls)
    if (!url) {
      throw new LatchkeyError(Messages.networkNotFound, {
        code: 'NETWORK_NOT_FOUND',
        details: `${network.caipNetworkId} has no RPC URL`,
      })
    }
    // The network's own WebSocket goes with its own HTTP URL only (a custom RPC may serve none).
    const wsEndpoint =
      url === network.rpcUrls.default.http[0] ? network.rpcUrls.default.webSocket?.[0] : undefined
    const connection = new (this.libs().web3.Connection)(url, {
      commitment: 'confirmed',
      ...(wsEndpoint ? { wsEndpoint } : {}),
    })
    const entry = { url, connection }
    this.byNetwork.set(network.caipNetworkId, entry)
    return entry
  }
}
