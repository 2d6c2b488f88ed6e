// History items the control API adds for one project and address (an NFT transfer, a spam-flagged item: what the
// local chains cannot produce), checked against the contract before they are stored, and forgetting a project.
import type { Database } from '@latchkey/service-db'
import { transactionProblems } from './contract/check.js'

/** Most items one control request may add. */
const MAX_EXTRA_ITEMS = 2000

/** The address history is kept under: an EVM address in lowercase, any other as it is. */
export function historyAddress(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
}

/**
 * Adds (or replaces, by `id`) history items of `address` for `projectId`. Each must be a well-formed SPEC §3
 * Transaction (the contract's checks; local image URLs allowed). @throws TypeError naming the first problem.
 */
export async function addExtraItems(
  db: Database,
  projectId: string,
  address: unknown,
  items: unknown,
): Promise<void> {
  if (typeof address !== 'string' || !/^[0-9A-Za-z]{1,128}$/.test(address)) {
    throw new TypeError('address: an account address is required')
  }
  if (!Array.isArray(items) || items.length > MAX_EXTRA_ITEMS) {
    throw new TypeError(`items: a list of at most ${MAX_EXTRA_ITEMS} transactions is required`)
  }
  const byId = new Map<string, { id: string; chain: string | null; ms: number; json: string }>()
  items.forEach((item, index) => {
    const problems = transactionProblems(item, { allowLocalImages: true })
    if (problems.length > 0) throw new TypeError(`items[${index}].${problems[0]}`)
    const { id, metadata } = item as { id: string; metadata: { minedAt: string; chain?: string } }
    byId.set(id, {
      id,
      chain: metadata.chain ?? null,
      ms: Date.parse(metadata.minedAt),
      json: JSON.stringify(item),
    })
  })
  const rows = [...byId.values()]
  if (rows.length === 0) return
  await db.query(
    `INSERT INTO extra_items (project_id, address, item_id, caip2, sort_ms, sort_key, item)
     SELECT $1, $2, id, chain, ms, 'x|' || id, json::jsonb
     FROM unnest($3::text[], $4::text[], $5::bigint[], $6::text[]) AS t (id, chain, ms, json)
     ON CONFLICT (project_id, address, item_id) DO UPDATE
       SET caip2 = EXCLUDED.caip2, sort_ms = EXCLUDED.sort_ms, sort_key = EXCLUDED.sort_key, item = EXCLUDED.item`,
    [
      projectId,
      historyAddress(address),
      rows.map((row) => row.id),
      rows.map((row) => row.chain),
      rows.map((row) => row.ms),
      rows.map((row) => row.json),
    ],
  )
}

/** Forgets what the control API stored for `projectId` (prices, history items), or for every project. */
export async function forgetProjects(db: Database, projectId?: string): Promise<void> {
  for (const table of ['project_prices', 'extra_items']) {
    if (projectId === undefined) await db.query(`DELETE FROM ${table}`)
    else await db.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId])
  }
}
