import { type CaipAddress, type ChainNamespace, isChainNamespace, parseCaipAddress } from '../caip/caip.js'

/**
 * The cookie that carries a server-rendered kit's connection summary (`ssr: true`): the connected account of each
 * namespace and the active namespace. No secret is in it: the addresses are public, and the server only renders them.
 */
export const CONNECTION_COOKIE = 'latchkey.connection'

/** How long the summary cookie lives without a visit (a connection the wallet still remembers): 30 days. */
export const CONNECTION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

/**
 * What a server renders for a returning visitor, read from the kit's cookie: each namespace's account as CAIP-10
 * (shown reconnecting until the wallet confirms it) and the namespace shown first.
 */
export interface KitInitialState {
  activeNamespace: ChainNamespace
  accounts: Readonly<Partial<Record<ChainNamespace, CaipAddress>>>
}

const VERSION = 'v1'
/** The cookie never holds more than one account per namespace; anything longer is not the kit's. */
const MAX_VALUE_LENGTH = 600
// Shape only, no EIP-55 checksum: the address is only shown until the wallet confirms it, and the checksum's hash
// would be the initial chunk's largest dependency.
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const BITCOIN_ADDRESS = /^(?:(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,39})$/

/** True when `address` has its namespace's shape (the cookie is the visitor's to edit: nothing else is shown). */
function addressFits(namespace: ChainNamespace, address: string): boolean {
  if (namespace === 'eip155') return EVM_ADDRESS.test(address)
  if (namespace === 'solana') return SOLANA_ADDRESS.test(address)
  return BITCOIN_ADDRESS.test(address)
}

/** The account `value` names when it is a well-formed CAIP-10 id of a known namespace with its address shape. */
function accountOf(value: string): [ChainNamespace, CaipAddress] | undefined {
  try {
    const { namespace, address } = parseCaipAddress(value)
    if (!isChainNamespace(namespace) || !addressFits(namespace, address)) return undefined
    return [namespace, value as CaipAddress]
  } catch {
    return undefined
  }
}

/**
 * The decoded value of {@link CONNECTION_COOKIE} in a Cookie header (or `document.cookie`); undefined when there is
 * none or it is not URI-encoded text.
 */
export function connectionCookieValue(cookie: string): string | undefined {
  const prefix = `${CONNECTION_COOKIE}=`
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
  if (!entry) return undefined
  try {
    return decodeURIComponent(entry.slice(prefix.length))
  } catch {
    return undefined
  }
}

/** The cookie's value for `state`: `v1|<active namespace>|<CAIP-10>|…` (all cookie-safe characters). */
export function serializeInitialState(state: KitInitialState): string {
  return [VERSION, state.activeNamespace, ...Object.values(state.accounts)].join('|')
}

/**
 * Reads a kit's initial state from a Cookie header (or `document.cookie`): the value of {@link CONNECTION_COOKIE}.
 * The cookie comes from the visitor's browser, so it is checked like any input: a value that is not exactly what the
 * kit writes (version, a known active namespace that has an account, well-formed CAIP-10 accounts of known
 * namespaces with their address shapes, one per namespace) gives undefined, and the server renders a first visit.
 */
export function cookieToInitialState(cookie: string | null | undefined): KitInitialState | undefined {
  if (typeof cookie !== 'string') return undefined
  const value = connectionCookieValue(cookie)
  if (value === undefined) return undefined
  if (value.length > MAX_VALUE_LENGTH) return undefined
  const [version, active, ...rest] = value.split('|')
  if (version !== VERSION || !isChainNamespace(active) || rest.length === 0) return undefined
  const accounts: Partial<Record<ChainNamespace, CaipAddress>> = {}
  for (const item of rest) {
    const account = accountOf(item)
    if (!account || accounts[account[0]]) return undefined
    accounts[account[0]] = account[1]
  }
  if (!accounts[active]) return undefined
  return { activeNamespace: active, accounts }
}
