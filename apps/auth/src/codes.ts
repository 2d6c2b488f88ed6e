// One-time codes: six digits, valid 10 minutes, single use, 5 wrong tries, the newest of a kind the only live one,
// kept as an HMAC. The 30 s cooldown per address counts the codes a request asked for ("triggered"); the codes that
// follow a verified step (the login code after a device approval, the second code of an email update) do not.
import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '@latchkey/service-db'
import { CODE_TTL_MS, EMAIL_COOLDOWN_MS, MAX_WRONG_TRIES } from './defaults.js'
import { ApiError } from './errors.js'
import { randomCode, randomToken, type Secrets, tokenHash } from './secrets.js'

type Purpose = 'login' | 'device' | 'update_primary' | 'update_secondary'

/** A code as stored (its hash, never the code). */
export interface CodeRow {
  id: string
  purpose: Purpose
  email: string
  device_hash: string | null
  user_id: string | null
  project_id: string | null
  new_email: string | null
  code_hash: string
  wrong_tries: number
  expires_at: Date
  used_at: Date | null
  dead_at: Date | null
}

/** Which codes a new one replaces, and which one a check reads: login and device codes per address and browser, update codes per user. */
export type CodeScope =
  | { purpose: 'login' | 'device'; email: string; deviceHash: string }
  | { purpose: 'update_primary' | 'update_secondary'; userId: string }

export interface IssueCode {
  scope: CodeScope
  /** The address the code goes to. */
  email: string
  userId?: string | null
  projectId?: string | null
  newEmail?: string | null
  /** Asked for by a request (counts against the 30 s cooldown). */
  triggered: boolean
  /** Also make an approval link token (device codes). */
  withLink?: boolean
}

/** The salt-bound value a code is hashed as: the same code in two rows hashes differently. */
const codeInput = (id: string, code: string) => `code:${id}:${code}`

const scopeWhere = (scope: CodeScope): [string, string[]] =>
  'deviceHash' in scope
    ? ['purpose = $1 AND email = $2 AND device_hash = $3', [scope.purpose, scope.email, scope.deviceHash]]
    : ['purpose = $1 AND user_id = $2', [scope.purpose, scope.userId]]

/**
 * Seconds left before `email` may be sent another code on request (rounded up), 0 when it may now.
 */
async function cooldownLeft(db: Queryable, email: string, now: number): Promise<number> {
  const { rows } = await db.query<{ created_at: Date }>(
    'SELECT created_at FROM codes WHERE email = $1 AND triggered ORDER BY created_at DESC LIMIT 1',
    [email],
  )
  const last = rows[0]?.created_at.getTime()
  if (last === undefined) return 0
  return Math.max(0, Math.ceil((last + EMAIL_COOLDOWN_MS - now) / 1000))
}

/** @throws ApiError 429 RATE_LIMITED with `retryAfter` (seconds) while `email` is in its cooldown. */
export async function assertNoCooldown(db: Queryable, email: string, now: number): Promise<void> {
  const left = await cooldownLeft(db, email, now)
  if (left > 0) {
    throw new ApiError(429, 'RATE_LIMITED', `Please try again after ${left} seconds`, { retryAfter: left })
  }
}

/** Makes a code (and a link token), replacing the live one of its scope. The caller sends it, or deletes it. */
export async function issueCode(
  db: Database,
  secrets: Secrets,
  issue: IssueCode,
  now: number,
): Promise<{ id: string; code: string; linkToken?: string }> {
  const id = randomUUID()
  const code = randomCode()
  const linkToken = issue.withLink ? randomToken() : undefined
  const [where, params] = scopeWhere(issue.scope)
  const at = new Date(now)
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE codes SET dead_at = $${params.length + 1} WHERE ${where} AND used_at IS NULL AND dead_at IS NULL`,
      [...params, at],
    )
    await tx.query(
      `INSERT INTO codes (id, purpose, email, device_hash, user_id, project_id, new_email, code_hash, link_hash,
         triggered, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        issue.scope.purpose,
        issue.email,
        'deviceHash' in issue.scope ? issue.scope.deviceHash : null,
        issue.userId ?? null,
        issue.projectId ?? null,
        issue.newEmail ?? null,
        secrets.hash(codeInput(id, code)),
        linkToken ? tokenHash(linkToken) : null,
        issue.triggered,
        at,
        new Date(now + CODE_TTL_MS),
      ],
    )
  })
  return linkToken ? { id, code, linkToken } : { id, code }
}

/** Forgets a code whose email could not be sent (so it neither works nor holds the cooldown). */
export async function deleteCode(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM codes WHERE id = $1', [id])
}

const COLUMNS =
  'id, purpose, email, device_hash, user_id, project_id, new_email, code_hash, wrong_tries, expires_at, used_at, dead_at'

/** The newest code of a scope (live or not), which is the only one a check reads. */
export async function latestCode(db: Queryable, scope: CodeScope): Promise<CodeRow | undefined> {
  const [where, params] = scopeWhere(scope)
  const { rows } = await db.query<CodeRow>(
    `SELECT ${COLUMNS} FROM codes WHERE ${where} ORDER BY created_at DESC LIMIT 1`,
    params,
  )
  return rows[0]
}

/** The device code whose approval link carries `token`. */
export async function codeByLink(db: Queryable, token: string): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(`SELECT ${COLUMNS} FROM codes WHERE link_hash = $1`, [
    tokenHash(token),
  ])
  return rows[0]
}

/** Why a code cannot be used any more, or undefined while it is live. */
export function deadReason(row: CodeRow | undefined, now: number): ApiError | undefined {
  if (!row) return new ApiError(400, 'NO_CODE', 'No code is pending: request a new one.')
  if (row.used_at) return new ApiError(400, 'CODE_USED', 'This code was already used: request a new one.')
  if (row.wrong_tries >= MAX_WRONG_TRIES) {
    return new ApiError(
      400,
      'TOO_MANY_TRIES',
      'Too many wrong codes: this code no longer works, request a new one.',
    )
  }
  if (row.dead_at) return new ApiError(400, 'NO_CODE', 'A newer code replaced this one: use the newest.')
  if (now >= row.expires_at.getTime()) {
    return new ApiError(400, 'CODE_EXPIRED', 'This code has expired: request a new one.')
  }
  return undefined
}

/** Marks a live code used. @throws ApiError 400 when another request used or killed it first. */
export async function markUsed(db: Queryable, row: CodeRow, now: number): Promise<void> {
  const at = new Date(now)
  const { rowCount } = await db.query(
    'UPDATE codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND dead_at IS NULL AND expires_at > $2',
    [row.id, at],
  )
  if (rowCount !== 1) throw new ApiError(400, 'CODE_USED', 'This code was already used: request a new one.')
}

/**
 * Checks `code` against the newest code of its scope and uses it up: the row on success.
 * @throws ApiError 400: NO_CODE, CODE_USED, CODE_EXPIRED, TOO_MANY_TRIES, or WRONG_CODE with `triesLeft` (the
 *   fifth wrong try kills the code).
 */
export async function consumeCode(
  db: Queryable,
  secrets: Secrets,
  row: CodeRow | undefined,
  code: string,
  now: number,
): Promise<CodeRow> {
  const dead = deadReason(row, now)
  if (dead || !row) throw dead
  if (!secrets.matches(codeInput(row.id, code), row.code_hash)) {
    const { rows } = await db.query<{ wrong_tries: number }>(
      `UPDATE codes SET wrong_tries = wrong_tries + 1,
         dead_at = CASE WHEN wrong_tries + 1 >= $2 THEN $3 ELSE dead_at END
       WHERE id = $1 AND used_at IS NULL AND dead_at IS NULL RETURNING wrong_tries`,
      [row.id, MAX_WRONG_TRIES, new Date(now)],
    )
    const tries = rows[0]?.wrong_tries ?? MAX_WRONG_TRIES
    const triesLeft = Math.max(0, MAX_WRONG_TRIES - tries)
    const message =
      triesLeft > 0
        ? `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
        : 'Wrong code: no try left, request a new one.'
    throw new ApiError(400, 'WRONG_CODE', message, { triesLeft })
  }
  await markUsed(db, row, now)
  return row
}
