// Users, the browsers they approved, and sessions. A session token is opaque, made for the secure frame (never for
// the host page), kept only as its SHA-256, and expires 7 days after it was last used.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '@latchkey/service-db'
import { type AccountType, SESSION_TTL_MS } from './defaults.js'
import { ApiError } from './errors.js'
import { generateKeys, storeKeys } from './keys.js'
import { randomToken, type Secrets, tokenHash } from './secrets.js'

export interface UserRow {
  id: string
  email: string
  preferred_account_type: AccountType | null
  created_at: Date
}

/** The user record the API answers. */
export interface UserRecord {
  id: string
  email: string
  evmAddress: string
  solanaAddress: string
  /** What the user chose last (POST /v1/account-type); null until then (the kit falls back to its own). */
  preferredAccountType: AccountType | null
  /** EIP-155 chain ids where the user's smart account is available (the service's configuration). */
  smartAccountEnabledNetworks: number[]
  createdAt: string
}

const USER_COLUMNS = 'id, email, preferred_account_type, created_at'

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email])
  return rows[0]
}

async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id])
  return rows[0]
}

/** The record of `user`: its addresses read from its keys' rows (never the keys). */
export async function userRecord(
  db: Queryable,
  user: UserRow,
  smartAccountNetworks: number[],
): Promise<UserRecord> {
  const { rows } = await db.query<{ chain: string; address: string }>(
    'SELECT chain, address FROM user_keys WHERE user_id = $1',
    [user.id],
  )
  const address = (chain: string) => rows.find((row) => row.chain === chain)?.address ?? ''
  return {
    id: user.id,
    email: user.email,
    evmAddress: address('evm'),
    solanaAddress: address('solana'),
    preferredAccountType: user.preferred_account_type,
    smartAccountEnabledNetworks: [...smartAccountNetworks],
    createdAt: user.created_at.toISOString(),
  }
}

/** A new user with its two keys (sealed) and the browser it signed up from approved, in the caller's transaction. */
export async function createUser(
  tx: Queryable,
  secrets: Secrets,
  email: string,
  deviceHash: string,
  now: number,
): Promise<UserRow> {
  const at = new Date(now)
  const id = randomUUID()
  await tx.query('INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)', [
    id,
    email,
    at,
  ])
  await storeKeys(tx, secrets, id, generateKeys(), at)
  await approveDevice(tx, id, deviceHash, now)
  return { id, email, preferred_account_type: null, created_at: at }
}

export async function isDeviceApproved(db: Queryable, userId: string, deviceHash: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2', [
    userId,
    deviceHash,
  ])
  return rows.length > 0
}

export async function approveDevice(
  db: Queryable,
  userId: string,
  deviceHash: string,
  now: number,
): Promise<void> {
  const at = new Date(now)
  await db.query(
    `INSERT INTO devices (user_id, device_hash, approved_at, last_seen_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = $3`,
    [userId, deviceHash, at],
  )
}

/** A new session: the token (handed to the frame once, stored only as its hash) and when it expires unless used. */
export async function createSession(
  tx: Queryable,
  session: { userId: string; deviceHash: string; projectId: string | null },
  now: number,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken()
  const at = new Date(now)
  const expires = new Date(now + SESSION_TTL_MS)
  await tx.query(
    `INSERT INTO sessions (token_hash, user_id, device_hash, project_id, created_at, last_used_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6)`,
    [tokenHash(token), session.userId, session.deviceHash, session.projectId, at, expires],
  )
  return { token, expiresAt: expires.toISOString() }
}

/** The `Authorization: Bearer <token>` of a request. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header ?? '')
  return match?.[1]
}

/**
 * The user of a live session, whose expiry slides to 7 days from now.
 * @throws ApiError 401 UNAUTHORIZED without a token, or for an unknown, expired or revoked one.
 */
export async function sessionUser(
  db: Queryable,
  token: string | undefined,
  now: number,
): Promise<{ user: UserRow; tokenHash: string }> {
  if (!token)
    throw new ApiError(401, 'UNAUTHORIZED', 'A session token is required: Authorization: Bearer <token>.')
  const hash = tokenHash(token)
  const at = new Date(now)
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE sessions SET last_used_at = $2, expires_at = $3
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING user_id`,
    [hash, at, new Date(now + SESSION_TTL_MS)],
  )
  const user = rows[0] ? await findUserById(db, rows[0].user_id) : undefined
  if (!user)
    throw new ApiError(401, 'UNAUTHORIZED', 'The session has expired or was signed out: sign in again.')
  return { user, tokenHash: hash }
}

export async function revokeSession(db: Queryable, hash: string, now: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    hash,
    new Date(now),
  ])
}
