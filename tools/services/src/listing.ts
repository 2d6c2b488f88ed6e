/** The query of GET /getWallets, already read from the URL. */
export interface WalletQuery {
  /** 1-based. */
  page: number
  entries: number
  include: string[]
  exclude: string[]
  /** CAIP-2 ids: a wallet matches when it supports one of them. */
  chains: string[]
  search: string
  badgeType: string
}

/** The most entries one page may ask for. */
export const MAX_ENTRIES = 100

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

function positiveInteger(value: string | null, fallback: number): number | undefined {
  if (value === null || value === '') return fallback
  return /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : undefined
}

/** Reads the getWallets query; returns an error text for a bad `page` or `entries`. */
export function readWalletQuery(params: URLSearchParams): WalletQuery | { error: string } {
  const page = positiveInteger(params.get('page'), 1)
  const entries = positiveInteger(params.get('entries'), 40)
  if (page === undefined) return { error: 'page must be a whole number of at least 1' }
  if (entries === undefined || entries > MAX_ENTRIES)
    return { error: `entries must be a whole number in 1..${MAX_ENTRIES}` }
  return {
    page,
    entries,
    include: list(params.get('include')),
    exclude: list(params.get('exclude')),
    chains: list(params.get('chains')),
    search: (params.get('search') ?? '').trim().toLowerCase(),
    badgeType: params.get('badge_type') ?? '',
  }
}

/** Fields the filters read; hostile listings served by tests may lack them, so every read is guarded. */
interface Filterable {
  id?: unknown
  name?: unknown
  chains?: unknown
  badge_type?: unknown
}

/**
 * Applies the getWallets filters as the real listing does: include (only these ids), exclude, chains (any of
 * them), badge_type ('certified' keeps certified wallets), search (case-insensitive part of the name); then
 * the page. `count` is the number of matches before paging.
 */
export function queryWallets<W>(wallets: readonly W[], query: WalletQuery): { count: number; data: W[] } {
  const include = new Set(query.include)
  const exclude = new Set(query.exclude)
  const matches = wallets.filter((wallet) => {
    const w = wallet as Filterable
    if (include.size > 0 && !include.has(String(w.id))) return false
    if (exclude.has(String(w.id))) return false
    if (query.chains.length > 0) {
      const chains = Array.isArray(w.chains) ? w.chains : []
      if (!query.chains.some((chain) => chains.includes(chain))) return false
    }
    if (query.badgeType === 'certified' && w.badge_type !== 'certified') return false
    if (
      query.search &&
      !String(w.name ?? '')
        .toLowerCase()
        .includes(query.search)
    )
      return false
    return true
  })
  const start = (query.page - 1) * query.entries
  return { count: matches.length, data: matches.slice(start, start + query.entries) }
}
