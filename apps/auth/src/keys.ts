// The users' keys: made here, sealed with the key-encryption key before they reach the database, opened only for
// the moment a signature is made. Nothing outside this file and signing.ts sees key bytes.
import type { Queryable } from '@latchkey/service-db'
import { Keypair } from '@solana/web3.js'
import { hexToBytes, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { AuthConfigError } from './errors.js'
import type { Secrets } from './secrets.js'

export type Chain = 'evm' | 'solana'

/** A new user's two keys, not stored yet. */
export interface NewKeys {
  evm: { address: `0x${string}`; privateKey: Uint8Array }
  solana: { address: string; seed: Uint8Array }
}

/** One EVM key (viem's generatePrivateKey) and one Solana key (web3.js Keypair.generate, its 32-byte seed). */
export function generateKeys(): NewKeys {
  const privateKey = generatePrivateKey()
  const keypair = Keypair.generate()
  return {
    evm: { address: privateKeyToAddress(privateKey), privateKey: hexToBytes(privateKey) },
    solana: { address: keypair.publicKey.toBase58(), seed: keypair.secretKey.slice(0, 32) },
  }
}

/** What the seal is bound to: a sealed key moved to another user, chain or address does not open. */
const context = (userId: string, chain: Chain, address: string) =>
  `latchkey-auth/v1/${userId}/${chain}/${address}`

/** Seals and stores both keys of a new user (in the caller's transaction). */
export async function storeKeys(
  tx: Queryable,
  secrets: Secrets,
  userId: string,
  keys: NewKeys,
  at: Date,
): Promise<void> {
  const entries: [Chain, string, Uint8Array][] = [
    ['evm', keys.evm.address, keys.evm.privateKey],
    ['solana', keys.solana.address, keys.solana.seed],
  ]
  for (const [chain, address, secret] of entries) {
    const sealed = secrets.seal(secret, context(userId, chain, address))
    await tx.query(
      `INSERT INTO user_keys (user_id, chain, address, kek_id, iv, ciphertext, tag, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [userId, chain, address, secrets.kekId, sealed.iv, sealed.ciphertext, sealed.tag, at],
    )
  }
}

interface KeyRow {
  address: string
  kek_id: string
  iv: Uint8Array
  ciphertext: Uint8Array
  tag: Uint8Array
}

/**
 * The key bytes of `userId` on `chain` (the EVM private key, or the Solana seed) with its address. The caller uses
 * them for one signature and drops them.
 * @throws Error when the user has no such key or it does not open.
 */
export async function openKey(
  db: Queryable,
  secrets: Secrets,
  userId: string,
  chain: Chain,
): Promise<{ address: string; secret: Uint8Array }> {
  const { rows } = await db.query<KeyRow>(
    'SELECT address, kek_id, iv, ciphertext, tag FROM user_keys WHERE user_id = $1 AND chain = $2',
    [userId, chain],
  )
  const row = rows[0]
  if (!row) throw new Error(`no ${chain} key for this user`)
  return { address: row.address, secret: secrets.open(row, context(userId, chain, row.address)) }
}

/**
 * Refuses a key-encryption key other than the one the stored keys were sealed with: starting anyway would serve
 * users whose keys no longer open.
 * @throws AuthConfigError naming both key ids.
 */
export async function assertKekMatches(db: Queryable, secrets: Secrets): Promise<void> {
  const { rows } = await db.query<{ kek_id: string }>('SELECT DISTINCT kek_id FROM user_keys')
  const other = rows.find((row) => row.kek_id !== secrets.kekId)
  if (other) {
    throw new AuthConfigError(
      `The key-encryption key (id ${secrets.kekId}) is not the one the stored keys were encrypted with (id ${other.kek_id}): start with that key.`,
    )
  }
}

/** For tests only (the server's `testing` hook): the key bytes of a user, as hex. */
export async function revealKeys(
  db: Queryable,
  secrets: Secrets,
  userId: string,
): Promise<{
  evm: { address: string; privateKey: `0x${string}` }
  solana: { address: string; seed: Uint8Array }
}> {
  const evm = await openKey(db, secrets, userId, 'evm')
  const solana = await openKey(db, secrets, userId, 'solana')
  return {
    evm: { address: evm.address, privateKey: toHex(evm.secret) },
    solana: { address: solana.address, seed: solana.secret },
  }
}
