import type { CaipAddress, ChainNamespace } from '../caip/caip.js'
import type { ChainState } from '../controllers/connection/chain-state.js'
import {
  CONNECTION_COOKIE,
  CONNECTION_COOKIE_MAX_AGE_S,
  connectionCookieValue,
  type KitInitialState,
  serializeInitialState,
} from './initial-state.js'
import type { StateStore } from './store.js'

// The cookie's writing side: a chunk of its own that only a kit with `ssr` in a browser loads.

/**
 * The `document.cookie` assignment that stores `state` (or removes the cookie when undefined): path `/`, SameSite
 * Lax, Secure on https, 30 days.
 */
export function connectionCookie(state: KitInitialState | undefined, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  if (!state) return `${CONNECTION_COOKIE}=${attributes}; Max-Age=0`
  return `${CONNECTION_COOKIE}=${encodeURIComponent(serializeInitialState(state))}${attributes}; Max-Age=${CONNECTION_COOKIE_MAX_AGE_S}`
}

/** The accounts now connected (the active namespace first), or undefined when none is. */
function connectedSummary(state: ChainState): KitInitialState | undefined {
  const accounts: Partial<Record<ChainNamespace, CaipAddress>> = {}
  for (const [namespace, entry] of Object.entries(state.namespaces)) {
    if (entry?.account.status === 'connected' && entry.account.caipAddress)
      accounts[namespace as ChainNamespace] = entry.account.caipAddress
  }
  const namespaces = Object.keys(accounts) as ChainNamespace[]
  const first = namespaces[0]
  if (!first) return undefined
  const active = state.activeNamespace && accounts[state.activeNamespace] ? state.activeNamespace : first
  return { activeNamespace: active, accounts }
}

/**
 * Keeps the connection cookie in step with the kit (`ssr`): written when the connected accounts or the active
 * namespace change, removed when nothing is connected; while a namespace is still connecting it is left as it is.
 * Checks once at once (the kit may have connected while this chunk loaded), then on each change. Returns what stops it.
 */
export function keepConnectionCookie(doc: Document, chain: { state: StateStore<ChainState> }): () => void {
  const secure = doc.location?.protocol === 'https:'
  let last = connectionCookieValue(doc.cookie) ?? ''
  const write = (state: ChainState) => {
    if (Object.values(state.namespaces).some((entry) => entry?.account.status === 'connecting')) return
    const summary = connectedSummary(state)
    const value = summary ? serializeInitialState(summary) : ''
    if (value === last) return
    last = value
    doc.cookie = connectionCookie(summary, secure)
  }
  const stop = chain.state.subscribe(write)
  write(chain.state.get())
  return stop
}
