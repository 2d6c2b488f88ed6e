// The indexer: follows each configured EVM chain as blocks arrive and writes what it reads (index-block.ts). A chain
// is its chain id and its genesis hash: one restarted under the same id is a new chain (its earlier history is not
// served), and on start the indexer resumes after the last block it wrote for that genesis (catching up what was
// mined while it was down).
import type { Database } from '@latchkey/service-db'
import type { ServicesEvmChain, ServicesToken } from './balances.js'
import { EvmRpcError, evmBatch, evmRpc, toQuantity } from './evm-rpc.js'
import { blockRows, checkBlock, type RpcBlock, type TokenRow, writeBlock } from './index-block.js'
import { readTokenMetadata } from './token-metadata.js'

/** How often each chain is asked for new blocks, ms (anvil mines a block per transaction). */
export const DEFAULT_POLL_MS = 500
/** Most blocks read in one batch request while catching up. */
const BATCH_BLOCKS = 20

export interface IndexerOptions {
  db: Database
  chains: readonly ServicesEvmChain[]
  /** The configured tokens: their metadata is known, so they are never asked for it. */
  tokens: readonly ServicesToken[]
  pollMs?: number
  /** Where failures are reported (once per distinct message and chain). */
  log?: (message: string) => void
}

export interface Indexer {
  /**
   * The key (chains.id) each chain's rows are written under now, by CAIP-2 id: the row of its current genesis (a
   * chain not reached yet is absent).
   */
  chainKeys(): ReadonlyMap<string, number>
  /**
   * Resolves once every chain has written the blocks up to its head as of this call (a chain that does not
   * answer holds it up: give the promise a timeout).
   */
  caughtUp(): Promise<void>
  /** Stops polling and waits for a block being written to finish. Idempotent. */
  stop(): Promise<void>
}

interface ChainState {
  id: number
  genesis: string
  caip2: string
  last: number
  lastHash: string | null
}

/** The row of `caip2` with `genesis`, created if it is new: where indexing resumes. */
async function loadChain(db: Database, genesis: string, caip2: string): Promise<ChainState> {
  await db.query('INSERT INTO chains (caip2, genesis_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    caip2,
    genesis,
  ])
  const { rows } = await db.query<{ id: number; last_block: string; last_hash: string | null }>(
    'SELECT id, last_block, last_hash FROM chains WHERE caip2 = $1 AND genesis_hash = $2',
    [caip2, genesis],
  )
  const row = rows[0]
  if (!row) throw new Error(`${caip2}: the chain's row is missing`)
  return { id: row.id, genesis, caip2, last: Number(row.last_block), lastHash: row.last_hash }
}

/** Forgets the blocks after `block` (a reorg, or a reverted chain), with everything read from them. */
async function rollBack(db: Database, state: ChainState, block: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM blocks WHERE chain = $1 AND number > $2', [state.id, block])
    const { rows } = await tx.query<{ hash: string }>(
      'SELECT hash FROM blocks WHERE chain = $1 AND number = $2',
      [state.id, block],
    )
    const hash = rows[0]?.hash ?? null
    await tx.query('UPDATE chains SET last_block = $2, last_hash = $3 WHERE id = $1', [state.id, block, hash])
    state.last = block
    state.lastHash = hash
  })
}

async function receiptsOf(rpcUrl: string, blocks: readonly RpcBlock[]): Promise<unknown[][]> {
  try {
    const answers = await evmBatch(
      rpcUrl,
      blocks.map((block) => ['eth_getBlockReceipts', [block.number]] as const),
    )
    return answers.map((answer) => (Array.isArray(answer) ? answer : []))
  } catch (error) {
    if (!(error instanceof EvmRpcError) || error.code !== -32601) throw error
    // A node without eth_getBlockReceipts: each transaction's receipt.
    return Promise.all(
      blocks.map((block) =>
        evmBatch(
          rpcUrl,
          block.transactions.map(
            (tx) => ['eth_getTransactionReceipt', [(tx as { hash: string }).hash]] as const,
          ),
        ),
      ),
    )
  }
}

/** Starts following `options.chains`; see {@link Indexer}. */
export function startIndexer(options: IndexerOptions): Indexer {
  const { db } = options
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS
  const known = new Set(options.tokens.map((token) => token.address.toLowerCase()))
  const states = new Map<string, ChainState>()
  const lastError = new Map<string, string>()
  const waiters = new Set<{ targets: Map<string, { genesis: string; head: number }>; resolve: () => void }>()
  const sleepers = new Set<() => void>()
  let stopped = false

  const report = (caip2: string, message: string) => {
    if (lastError.get(caip2) === message) return
    lastError.set(caip2, message)
    options.log?.(`indexer ${caip2}: ${message}`)
  }

  function settleWaiters(): void {
    for (const waiter of waiters) {
      const done = [...waiter.targets].every(([caip2, { genesis, head }]) => {
        const state = states.get(caip2)
        return state?.genesis === genesis && state.last >= head
      })
      if (done) {
        waiters.delete(waiter)
        waiter.resolve()
      }
    }
  }

  async function indexBlocks(chain: ServicesEvmChain, state: ChainState, head: number): Promise<void> {
    const from = state.last + 1
    const count = Math.min(head - state.last, BATCH_BLOCKS)
    const answers = await evmBatch(
      chain.rpcUrl,
      Array.from(
        { length: count },
        (_, i) => ['eth_getBlockByNumber', [toQuantity(from + i), true]] as const,
      ),
    )
    const blocks = answers.map((answer, i) => checkBlock(answer, from + i))
    const receipts = await receiptsOf(chain.rpcUrl, blocks)
    for (const [i, block] of blocks.entries()) {
      if (stopped) return
      const rows = blockRows(block, receipts[i] ?? [])
      if (rows.number === 0 && rows.hash !== state.genesis) throw new Error('the chain was restarted')
      if (rows.number > 0 && rows.parentHash !== state.lastHash) {
        // Our last block is no longer the chain's: forget it, unless the whole chain was replaced.
        const genesis = (await evmRpc(chain.rpcUrl, 'eth_getBlockByNumber', ['0x0', false])) as {
          hash?: string
        }
        if (genesis?.hash?.toLowerCase() !== state.genesis) throw new Error('the chain was restarted')
        await rollBack(db, state, state.last - 1)
        return
      }
      const unknown = [...new Set(rows.transfers.map((t) => t.asset))].filter(
        (asset) => asset !== 'native' && !known.has(asset),
      )
      const tokens: TokenRow[] = await readTokenMetadata(db, chain.rpcUrl, state.id, unknown)
      await db.transaction((tx) => writeBlock(tx, state, rows, tokens))
      state.last = rows.number
      state.lastHash = rows.hash
    }
  }

  async function poll(chain: ServicesEvmChain): Promise<void> {
    const caip2 = `eip155:${chain.chainId}`
    const [headAnswer, genesisBlock] = await evmBatch(chain.rpcUrl, [
      ['eth_blockNumber', []],
      ['eth_getBlockByNumber', ['0x0', false]],
    ])
    const genesis = String((genesisBlock as { hash?: unknown } | null)?.hash ?? '').toLowerCase()
    if (!/^0x[0-9a-f]{64}$/.test(genesis)) throw new Error('no genesis block')
    let state = states.get(caip2)
    if (state?.genesis !== genesis) {
      state = await loadChain(db, genesis, caip2)
      states.set(caip2, state)
    }
    const head = Number(headAnswer)
    if (!Number.isSafeInteger(head)) throw new Error(`eth_blockNumber answered ${String(headAnswer)}`)
    if (head < state.last) await rollBack(db, state, head)
    while (state.last < head && !stopped) {
      await indexBlocks(chain, state, head)
      settleWaiters()
    }
    settleWaiters()
    lastError.delete(caip2)
  }

  async function follow(chain: ServicesEvmChain): Promise<void> {
    const caip2 = `eip155:${chain.chainId}`
    while (!stopped) {
      try {
        await poll(chain)
      } catch (error) {
        const state = states.get(caip2)
        // Another writer (a second host on one PostgreSQL database) may have moved the marker: read it again.
        if (state) states.set(caip2, await loadChain(db, state.genesis, caip2).catch(() => state))
        if (!stopped) report(caip2, (error as Error).message)
      }
      if (stopped) break
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          sleepers.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, pollMs)
        sleepers.add(wake)
      })
    }
  }

  const loops = options.chains.map((chain) => follow(chain))

  return {
    chainKeys: () => new Map([...states].map(([caip2, state]) => [caip2, state.id])),
    async caughtUp() {
      const targets = new Map<string, { genesis: string; head: number }>()
      await Promise.all(
        options.chains.map(async (chain) => {
          const [head, genesis] = await evmBatch(chain.rpcUrl, [
            ['eth_blockNumber', []],
            ['eth_getBlockByNumber', ['0x0', false]],
          ])
          targets.set(`eip155:${chain.chainId}`, {
            genesis: String((genesis as { hash?: unknown } | null)?.hash).toLowerCase(),
            head: Number(head),
          })
        }),
      )
      await new Promise<void>((resolve) => {
        waiters.add({ targets, resolve })
        settleWaiters()
      })
    },
    async stop() {
      stopped = true
      for (const wake of [...sleepers]) wake()
      await Promise.all(loops)
      for (const waiter of waiters) waiter.resolve()
      waiters.clear()
    },
  }
}
