// The stand-in's storage across restarts, on both engines it runs on (PGlite in a folder, a PostgreSQL server): the
// indexer resumes where it stopped and catches up what was mined meanwhile, and a restarted chain (a new genesis
// under the same chain id and URL) shows none of the earlier chain's history.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PostgresCluster, startPostgresCluster } from '@latchkey/service-db/testing'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { type ServicesDatabaseOptions, startServicesServer } from '../src/index.js'
import { freshSender, historyPage } from './chain-helpers.js'
import { startThrowawayChain } from './throwaway-chain.js'

let cluster: PostgresCluster | undefined
const folders: string[] = []
afterAll(async () => {
  await cluster?.stop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const engines: [string, () => Promise<ServicesDatabaseOptions>][] = [
  [
    'PGlite in a folder',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-services-'))
      folders.push(dataDir)
      return { dataDir }
    },
  ],
  [
    'a PostgreSQL server',
    async () => {
      cluster ??= await startPostgresCluster()
      return { url: await cluster.createDatabase() }
    },
  ],
]

describe.each(engines)('the stand-in on %s', (_name, database) => {
  it('loses nothing across a restart, indexes what was mined while it was down, and drops a restarted chain', {
    timeout: 60_000,
  }, async () => {
    const chain = await startThrowawayChain()
    const options = {
      port: 0,
      database: await database(),
      evm: { chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }], tokens: [] },
      pollMs: 100,
      // The chain is down for a moment while it restarts: the indexer says so, and tries again.
      log: (line: string) => logged.push(line),
    }
    const logged: string[] = []
    const recipient = privateKeyToAddress(generatePrivateKey())
    let server = await startServicesServer(options)
    try {
      const sender = await freshSender(chain, { eth: '10' })
      const first = await sender.send(recipient, '1')
      await sender.mined(first)
      await server.indexed()
      expect((await historyPage(server.url, recipient)).data.map((item) => item.metadata.hash)).toEqual([
        first,
      ])
      await server.stop()

      // Mined while the stand-in is down.
      const second = await sender.send(recipient, '2')
      const third = await sender.send(sender.address, '0.5')
      await sender.mined(third)
      server = await startServicesServer(options)
      await server.indexed()
      const history = (await historyPage(server.url, recipient)).data
      expect(history.map((item) => [item.metadata.hash, item.transfers[0]?.quantity.numeric])).toEqual([
        [second, '2'],
        [first, '1'],
      ])
      expect((await historyPage(server.url, sender.address)).data.map((item) => item.metadata.hash)).toEqual([
        third,
        second,
        first,
      ])

      // The chain restarts: a new genesis under the same chain id and URL.
      const oldGenesis = await chain.genesis()
      await chain.restart()
      expect(await chain.genesis()).not.toBe(oldGenesis)
      await server.indexed()
      expect((await historyPage(server.url, recipient)).data).toEqual([])
      expect((await historyPage(server.url, sender.address)).data).toEqual([])
      const newSender = await freshSender(chain, { eth: '1' })
      const fresh = await newSender.send(recipient, '0.1')
      await newSender.mined(fresh)
      await server.indexed()
      expect((await historyPage(server.url, recipient)).data.map((item) => item.metadata.hash)).toEqual([
        fresh,
      ])
      // The earlier chain's rows are kept under its own genesis, never served.
      const { rows } = await server.database.query<{ genesis_hash: string }>(
        'SELECT genesis_hash FROM chains WHERE caip2 = $1 ORDER BY id',
        ['eip155:31337'],
      )
      expect(rows.map((row) => row.genesis_hash)).toEqual([oldGenesis, await chain.genesis()])
    } finally {
      await server.stop()
      await chain.stop()
    }
  })
})
