/**
 * What the frame is loaded with: the query of its URL (SPEC §7: projectId, chainId, version, enableLogger) and the
 * operator's configuration the server writes into the page (the auth service, the Blockchain API, the networks the
 * frame can sign on, each with its RPC URL).
 */

/** A network the frame signs and reads on. */
export interface FrameNetwork {
  /** CAIP-2: `eip155:31337`, `solana:<genesis hash prefix>`. */
  caipNetworkId: string
  name: string
  rpcUrl: string
  nativeSymbol: string
  nativeDecimals: number
}

/** The operator's configuration, from the page's `<script type="application/json" id="lk-frame-config">`. */
export interface FrameConfig {
  authUrl: string
  /** The Blockchain API (balances for `wallet_getAssets`); absent: `wallet_getAssets` answers 4200. */
  blockchainApiUrl?: string
  networks: FrameNetwork[]
}

/** The frame URL's query. */
export interface FrameParams {
  projectId: string
  /** The network to start on, CAIP-2 or an EVM chain id; default the first configured network. */
  chainId?: string
  version?: string
  enableLogger: boolean
}

const CAIP2 = /^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

function httpUrl(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what}: must be a URL`)
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what}: must be http or https`)
  return value.replace(/\/+$/, '')
}

/** Reads and checks the operator's configuration. @throws naming the field at fault. */
export function parseFrameConfig(input: unknown): FrameConfig {
  if (typeof input !== 'object' || input === null) throw new Error('config: must be an object')
  const raw = input as Record<string, unknown>
  if (!Array.isArray(raw.networks) || raw.networks.length === 0)
    throw new Error('config.networks: must list networks')
  const networks = raw.networks.map((entry: unknown, index): FrameNetwork => {
    const network = (entry ?? {}) as Record<string, unknown>
    const at = `config.networks[${index}]`
    if (typeof network.caipNetworkId !== 'string' || !CAIP2.test(network.caipNetworkId))
      throw new Error(`${at}.caipNetworkId: must be eip155:<id> or solana:<reference>`)
    if (typeof network.name !== 'string' || network.name.length === 0) throw new Error(`${at}.name: required`)
    if (typeof network.nativeSymbol !== 'string') throw new Error(`${at}.nativeSymbol: required`)
    if (!Number.isInteger(network.nativeDecimals)) throw new Error(`${at}.nativeDecimals: must be an integer`)
    return {
      caipNetworkId: network.caipNetworkId,
      name: network.name,
      rpcUrl: httpUrl(network.rpcUrl, `${at}.rpcUrl`),
      nativeSymbol: network.nativeSymbol,
      nativeDecimals: network.nativeDecimals as number,
    }
  })
  return {
    authUrl: httpUrl(raw.authUrl, 'config.authUrl'),
    ...(raw.blockchainApiUrl === undefined
      ? {}
      : { blockchainApiUrl: httpUrl(raw.blockchainApiUrl, 'config.blockchainApiUrl') }),
    networks,
  }
}

/** Reads the frame URL's query. @throws when the project id is missing or malformed. */
export function parseFrameParams(search: string): FrameParams {
  const query = new URLSearchParams(search)
  const projectId = query.get('projectId') ?? ''
  if (!PROJECT_ID.test(projectId)) throw new Error('projectId: required (1 to 64 letters, digits, _ or -)')
  const chainId = query.get('chainId') ?? undefined
  const version = query.get('version') ?? undefined
  return {
    projectId,
    ...(chainId ? { chainId } : {}),
    ...(version ? { version } : {}),
    enableLogger: query.get('enableLogger') === 'true',
  }
}

/** The configured network a chain id names (CAIP-2, an EVM number or decimal text), or undefined. */
export function findNetwork(
  networks: readonly FrameNetwork[],
  chainId: string | number,
): FrameNetwork | undefined {
  const text = String(chainId)
  const caip = /^\d+$/.test(text)
    ? `eip155:${text}`
    : /^0x[0-9a-f]+$/i.test(text)
      ? `eip155:${BigInt(text)}`
      : text
  return networks.find((network) => network.caipNetworkId === caip)
}

/** How the frame names a network's chain id to the kit: a number on eip155, the CAIP-2 id on solana. */
export function frameChainId(network: FrameNetwork): number | string {
  const [namespace, reference] = network.caipNetworkId.split(':') as [string, string]
  return namespace === 'eip155' ? Number(reference) : network.caipNetworkId
}
