import type { CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import { formatCaipNetworkId, isChainNamespace, parseCaipNetworkId } from '../caip/caip.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface RpcUrlSet {
  http: readonly string[]
  webSocket?: readonly string[]
}

export interface BlockExplorer {
  name: string
  url: string
  apiUrl?: string
}

/** A network the kit can use (SPEC §3 "Chain/Network"). */
export interface CaipNetwork {
  /** The chain's own id: a number on eip155, the CAIP-2 reference elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: {
    default: RpcUrlSet
    /** The chain's own public endpoint, kept when `default` points at a gateway. */
    chainDefault?: RpcUrlSet
  }
  blockExplorers?: { default: BlockExplorer; [name: string]: BlockExplorer }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

/** What {@link defineNetwork} takes: `caipNetworkId` is derived when left out. */
export type NetworkDefinition = Omit<CaipNetwork, 'caipNetworkId'> & { caipNetworkId?: CaipNetworkId }

/** The reserved name of the `unsupportedNetwork` stand-in (`Unknown Network`) (SPEC §3). */
export const UNSUPPORTED_NETWORK_NAME = 'Unknown Network'

function invalid(details: string): LatchkeyError {
  return new LatchkeyError(Messages.unknownNetwork, { code: 'INVALID_OPTIONS', details })
}

/**
 * Defines a network, checking it: a known namespace, an id that agrees with its CAIP-2 id, a currency
 * with whole decimals, well-formed http(s) RPC URLs. Returns a frozen object.
 * @throws LatchkeyError ('Unknown Network', with details) for a malformed definition, or
 *   'Invalid CAIP-2 network id' for a malformed id.
 */
export function defineNetwork<const N extends NetworkDefinition>(
  definition: N,
): Readonly<N & { caipNetworkId: CaipNetworkId }> {
  if (!isChainNamespace(definition.chainNamespace)) {
    throw invalid(`Unknown namespace ${String(definition.chainNamespace)}`)
  }
  const caipNetworkId =
    definition.caipNetworkId ?? formatCaipNetworkId(definition.chainNamespace, definition.id)
  const parsed = parseCaipNetworkId(caipNetworkId)
  if (parsed.namespace !== definition.chainNamespace || parsed.reference !== String(definition.id)) {
    throw invalid(
      `caipNetworkId ${caipNetworkId} does not match ${definition.chainNamespace}:${definition.id}`,
    )
  }
  if (
    definition.chainNamespace === 'eip155' &&
    (!Number.isSafeInteger(definition.id) || Number(definition.id) <= 0)
  ) {
    throw invalid(`An eip155 network id must be a positive integer, got ${String(definition.id)}`)
  }
  if (typeof definition.name !== 'string' || definition.name.trim() === '')
    throw invalid('A network needs a name')
  const { decimals } = definition.nativeCurrency ?? {}
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 36) {
    throw invalid(`Native currency decimals must be an integer from 0 to 36, got ${String(decimals)}`)
  }
  for (const url of definition.rpcUrls?.default?.http ?? []) {
    if (!/^https?:\/\//.test(url)) throw invalid(`RPC URL must be http(s): ${url}`)
  }
  return Object.freeze({ ...definition, caipNetworkId }) as Readonly<N & { caipNetworkId: CaipNetworkId }>
}

/**
 * The placeholder the kit shows when a wallet is on a chain the host did not configure (SPEC §3, §4): the
 * reserved name and an empty currency.
 * @throws LatchkeyError 'Invalid CAIP-2 network id' for a malformed id.
 */
export function unsupportedNetwork(caipNetworkId: CaipNetworkId | string): CaipNetwork {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  if (!isChainNamespace(namespace)) throw invalid(`Unknown namespace ${namespace}`)
  return Object.freeze({
    id: namespace === 'eip155' && /^\d+$/.test(reference) ? Number(reference) : reference,
    caipNetworkId: caipNetworkId as CaipNetworkId,
    chainNamespace: namespace,
    name: UNSUPPORTED_NETWORK_NAME,
    nativeCurrency: { name: '', symbol: '', decimals: 0 },
    rpcUrls: { default: { http: [] } },
  })
}

/** True for the `unsupportedNetwork` stand-in (`Unknown Network`). */
export function isUnsupportedNetwork(network: Pick<CaipNetwork, 'name'>): boolean {
  return network.name === UNSUPPORTED_NETWORK_NAME
}
