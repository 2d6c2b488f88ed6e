// The Blockchain API stand-in's history at 1,000 items: 1,000 transfers mined on the bench's first chain (from
// anvil's unlocked account 9, in four blocks of 250, automining off meanwhile), indexed by the stand-in, then walked
// page by page through `next` (50 items a page) over HTTP, as the kit's activity list would; each walk timed from the
// first request to the last answer.
import { getTestAccount } from '@latchkey/evm-chains'
import { median, type TargetResult } from './summary.js'

/** Items mined for the walk. */
export const HISTORY_ITEMS = 1000
/** The target: a walk of every page, in ms. */
export const HISTORY_WALK_TARGET_MS = 2000
const PER_BLOCK = 250

export interface HistoryWalkSummary {
  items: number
  pages: number
  /** Each walk, ms. */
  walksMs: number[]
  medianMs?: number
  maxMs?: number
  /** Distinct item ids seen per walk (equal to items when no page repeated or skipped one). */
  distinct: number
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

/** Mines {@link HISTORY_ITEMS} transfers from account 9 and returns its address. */
async function mineTransfers(rpcUrl: string): Promise<string> {
  const from = getTestAccount(9).address
  const rpc = (method: string, params: unknown[] = []) =>
    post(rpcUrl, { jsonrpc: '2.0', id: 1, method, params })
  const start = Number(
    ((await rpc('eth_getTransactionCount', [from, 'latest'])) as { result: string }).result,
  )
  await rpc('evm_setAutomine', [false])
  try {
    for (let sent = 0; sent < HISTORY_ITEMS; sent += PER_BLOCK) {
      // Explicit nonces and gas: anvil handles a batch's calls concurrently.
      const batch = Array.from({ length: PER_BLOCK }, (_, i) => ({
        jsonrpc: '2.0',
        id: i,
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to: `0x${(sent + i + 1).toString(16).padStart(40, '0')}`,
            value: '0x1',
            gas: '0x5208',
            nonce: `0x${(start + sent + i).toString(16)}`,
          },
        ],
      }))
      const answers = (await post(rpcUrl, batch)) as { error?: { message: string } }[]
      const failed = answers.find((answer) => answer.error)
      if (failed) throw new Error(`eth_sendTransaction: ${failed.error?.message}`)
      await rpc('evm_mine')
    }
  } finally {
    await rpc('evm_setAutomine', [true])
  }
  return from
}

/**
 * Mines the items, waits until the stand-in has indexed them (`indexed`), then walks the sender's history `walks`
 * times.
 */
export async function measureHistoryWalk(options: {
  servicesUrl: string
  rpcUrl: string
  chainId: number
  indexed: () => Promise<void>
  walks: number
}): Promise<HistoryWalkSummary> {
  const address = await mineTransfers(options.rpcUrl)
  await options.indexed()
  const walksMs: number[] = []
  let pages = 0
  let distinct = 0
  let items = 0
  for (let walk = 0; walk < options.walks; walk += 1) {
    const ids = new Set<string>()
    let cursor: string | null = null
    pages = 0
    items = 0
    const started = performance.now()
    do {
      const query = new URLSearchParams({ projectId: 'latchkey-bench', chainId: `eip155:${options.chainId}` })
      if (cursor) query.set('cursor', cursor)
      const response = await fetch(`${options.servicesUrl}/v1/account/${address}/history?${query}`)
      if (!response.ok) throw new Error(`history answered ${response.status}: ${await response.text()}`)
      const page = (await response.json()) as { data: { id: string }[]; next: string | null }
      for (const item of page.data) ids.add(item.id)
      items += page.data.length
      pages += 1
      cursor = page.next
    } while (cursor !== null)
    walksMs.push(performance.now() - started)
    distinct = ids.size
  }
  return {
    items,
    pages,
    walksMs,
    medianMs: median(walksMs),
    maxMs: walksMs.length > 0 ? Math.max(...walksMs) : undefined,
    distinct,
  }
}

/** The history target: every walk of the 1,000 items (no duplicate, no gap) within 2 s. */
export function historyTarget(summary: HistoryWalkSummary | undefined): TargetResult {
  const fmt = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(0))
  return {
    name: `history: a walk of ${HISTORY_ITEMS.toLocaleString('en-US')} items (pages of 50) ≤ ${HISTORY_WALK_TARGET_MS / 1000} s, every walk`,
    pass:
      summary !== undefined &&
      summary.items >= HISTORY_ITEMS &&
      summary.distinct === summary.items &&
      summary.maxMs !== undefined &&
      summary.maxMs <= HISTORY_WALK_TARGET_MS,
    detail: summary
      ? `${summary.items} items (${summary.distinct} distinct) in ${summary.pages} pages; median ${fmt(summary.medianMs)} ms, slowest ${fmt(summary.maxMs)} ms over ${summary.walksMs.length} walks`
      : 'not measured',
  }
}
