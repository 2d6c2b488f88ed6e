// The core flows on both engines the service runs on (PGlite in a folder, a PostgreSQL server): a new user, a
// second browser with the same addresses, nothing lost across a restart (same database, same key-encryption key),
// a wrong key refused at start, and a dump of every table that holds no key bytes, code or token.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '@latchkey/service-db'
import { type PostgresCluster, startPostgresCluster } from '@latchkey/service-db/testing'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Keypair } from '@solana/web3.js'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { type AuthDatabaseOptions, EMAIL_COOLDOWN_MS, startAuthServer } from '../src/index.js'
import { call, codeIn, type Login, mail, newDevice, signUp, startTestAuth } from './helpers.js'

let cluster: PostgresCluster | undefined
const folders: string[] = []
afterAll(async () => {
  await cluster?.stop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const engines: [string, () => Promise<AuthDatabaseOptions>][] = [
  [
    'PGlite in a folder',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-auth-'))
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

/** Every row of every table of the schema, as text: bytea as hex and base64, dates as ISO. */
async function dump(db: Database): Promise<{ text: string; bytes: Uint8Array[] }> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  )
  expect(tables.map((table) => table.table_name)).toEqual(
    expect.arrayContaining(['users', 'user_keys', 'devices', 'codes', 'sessions']),
  )
  const bytes: Uint8Array[] = []
  const lines: string[] = []
  for (const { table_name } of tables) {
    const { rows } = await db.query(`SELECT * FROM "${table_name}"`)
    for (const row of rows) {
      const values = Object.values(row).map((value) => {
        if (value instanceof Uint8Array) {
          bytes.push(value)
          return `${Buffer.from(value).toString('hex')} ${Buffer.from(value).toString('base64')}`
        }
        return value instanceof Date ? value.toISOString() : JSON.stringify(value)
      })
      lines.push(`${table_name}: ${values.join(' | ')}`)
    }
  }
  return { text: lines.join('\n').toLowerCase(), bytes }
}

/** The forms a secret could take in a dump: hex, base64, base58 of the bytes. */
function forms(secret: Uint8Array): string[] {
  const buffer = Buffer.from(secret)
  return [
    buffer.toString('hex'),
    buffer.toString('base64'),
    buffer.toString('base64url'),
    base58.encode(secret),
  ]
}

describe.each(engines)('the auth service on %s', (_name, database) => {
  it('keeps users, sessions and keys across a restart; refuses another key-encryption key; a dump holds no secret', {
    timeout: 60_000,
  }, async () => {
    const options = await database()
    const auth = await startTestAuth({ database: options })
    expect(auth.server.database.kind).toBe(options.url ? 'postgres' : 'pglite')
    const first = await signUp(auth)
    const email = first.user.email
    const secondDevice = newDevice()
    auth.clock.now += EMAIL_COOLDOWN_MS
    await call(auth.url, '/v1/email/start', { body: { projectId: 'p', email, deviceId: secondDevice } })
    await call(auth.url, '/v1/device/verify', {
      body: { email, deviceId: secondDevice, code: codeIn(await mail(email, 2)) },
    })
    const second = await call<Login>(auth.url, '/v1/email/verify', {
      body: { email, deviceId: secondDevice, otp: codeIn(await mail(email, 3)) },
    })
    expect(second.body.user).toEqual(first.user)

    // What the database holds: no key in any form, no session token, no device id.
    const keys = await auth.server.testing?.revealKeys(email)
    if (!keys) throw new Error('the testing hook is missing')
    const evmKey = Buffer.from(keys.evm.privateKey.slice(2), 'hex')
    const solanaSecret = Keypair.fromSeed(keys.solana.seed).secretKey
    expect(Keypair.fromSeed(keys.solana.seed).publicKey.toBase58()).toBe(first.user.solanaAddress)
    const { text, bytes } = await dump(auth.server.database)
    expect(text).toContain(first.user.evmAddress.toLowerCase())
    const secrets = [evmKey, keys.solana.seed, solanaSecret]
    for (const secret of secrets) {
      for (const form of forms(secret)) expect(text.includes(form.toLowerCase()), form).toBe(false)
      for (const value of bytes) expect(Buffer.from(value).indexOf(Buffer.from(secret))).toBe(-1)
    }
    for (const value of [first.token, second.body.token, first.deviceId, secondDevice])
      expect(text.includes(value.toLowerCase())).toBe(false)

    // A restart on the same database and key: the session still works, the keys still sign.
    await auth.server.stop()
    const again = await startAuthServer(auth.options)
    try {
      const user = await call(again.url, '/v1/user', { token: first.token })
      expect(user.body).toEqual(first.user)
      const signed = await call(again.url, '/v1/sign/evm/message', {
        body: { message: 'after restart' },
        token: second.body.token,
      })
      expect(
        await verifyMessage({
          address: first.user.evmAddress as `0x${string}`,
          message: 'after restart',
          signature: signed.body.signature as `0x${string}`,
        }),
      ).toBe(true)
      const solana = await call(again.url, '/v1/sign/solana/message', {
        body: { message: base58.encode(Uint8Array.of(1, 2, 3)) },
        token: first.token,
      })
      expect(
        ed25519.verify(
          base58.decode(solana.body.signature as string),
          Uint8Array.of(1, 2, 3),
          base58.decode(first.user.solanaAddress),
        ),
      ).toBe(true)
    } finally {
      await again.stop()
    }
    await expect(startAuthServer({ ...auth.options, kek: new Uint8Array(randomBytes(32)) })).rejects.toThrow(
      /is not the one the stored keys were encrypted with/,
    )
  })
})
