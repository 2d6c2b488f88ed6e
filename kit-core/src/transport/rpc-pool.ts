import type { CaipNetwork } from '../networks/define.js'
import { createRpcTransport, type RpcTransport } from './rpc.js'

/**
 * The JSON-RPC transport of each network, one per URL and kept: for the account data's and the send form's direct
 * chain reads (a module the root entry does not re-export, so it stays in their chunks). `rpcUrl` names the network's
 * URL (the host's custom one first); a missing URL fails on the first request with the transport's message.
 */
export function createRpcPool(params: {
  rpcUrl(network: CaipNetwork): string | undefined
  fetch?: typeof fetch
}): (network: CaipNetwork) => RpcTransport {
  const transports = new Map<string, RpcTransport>()
  return (network) => {
    const url = params.rpcUrl(network)
    let transport = url ? transports.get(url) : undefined
    if (!transport) {
      transport = createRpcTransport({ url, retryCount: 1, fetch: params.fetch })
      if (url) transports.set(url, transport)
    }
    return transport
  }
}
