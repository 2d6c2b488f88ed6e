import { type KitStorage, readJson } from '../adapter/storage.js'
import { type CaipNetworkId, parseCaipNetworkId } from '../caip/caip.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import { formatSiwxMessage } from './siwe-message.js'
import type { SiwxConfig, SiwxMessage, SiwxMessageData, SiwxMessageInput, SiwxSession } from './types.js'

/** Checks a signature with the adapter's own library (`ChainAdapter.verifyMessage`); core imports none. */
export type SiwxSignatureVerifier = (params: {
  address: string
  message: string
  signature: string
  chainId: CaipNetworkId
}) => Promise<boolean>

export interface DefaultSiwxOptions {
  /** The kit's storage; each account's sessions live under a 'siwx_sessions:<chain id>:<address>' key (JSON). */
  storage: KitStorage
  /** The authority asking for the sign-in, as the wallet will check it (`app.example`). */
  domain: string
  /** The URI the session is for (`https://app.example/`). */
  uri: string
  /** A one-line statement the user signs. */
  statement?: string
  /** How long a session lasts (default 24 hours). */
  expirationMs?: number
  verifyMessage: SiwxSignatureVerifier
  /** The clock (default Date.now). */
  now?: () => number
  /** Whether the user must sign in (default false). */
  required?: boolean
  /** Told why a stored session was dropped when read back (default: a console warning). */
  onDropped?: (reason: string) => void
}

/** The storage key of the sessions (the kit's `siwx_sessions` key), followed by the account's. */
const SIWX_SESSIONS_KEY = 'siwx_sessions'
/** Default session lifetime: a day. */
const DEFAULT_EXPIRATION_MS = 24 * 60 * 60 * 1000
/** How long an issued nonce waits for its signature. */
const NONCE_TTL_MS = 10 * 60 * 1000
/** How far in the future an issued-at or not-before time may be (clock skew between tabs and devices). */
const CLOCK_SKEW_MS = 60 * 1000
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A nonce of 16 alphanumeric characters (EIP-4361 asks for at least 8) from the platform's CSPRNG. */
function randomNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('')
}

/** EVM addresses compare without case (checksum casing); other chains' addresses are case-sensitive. */
function sameAccount(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}

const belongsTo = (session: SiwxSession, chainId: string, address: string) =>
  session.data.chainId === chainId && sameAccount(chainId, session.data.accountAddress, address)

function rejected(details: string): LatchkeyError {
  return new LatchkeyError(Messages.invalidSiwxSession, { code: 'INVALID_PARAMS', details })
}

/** The plain fields of a message, without its `toString`. */
function dataOf(message: SiwxMessageData): SiwxMessageData {
  const { accountAddress, chainId, domain, uri, version, nonce } = message
  const data: SiwxMessageData = { accountAddress, chainId, domain, uri, version, nonce }
  for (const key of [
    'statement',
    'resources',
    'requestId',
    'issuedAt',
    'expirationTime',
    'notBefore',
  ] as const) {
    if (message[key] !== undefined) Object.assign(data, { [key]: message[key] })
  }
  return data
}

/** A stored entry is only trusted as far as its shape (storage is the page's, anyone can write it). */
function isSessionShape(value: unknown): value is SiwxSession {
  const session = value as Partial<SiwxSession> | null
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.message === 'string' &&
    typeof session.signature === 'string' &&
    typeof session.data === 'object' &&
    session.data !== null &&
    typeof session.data.chainId === 'string' &&
    typeof session.data.accountAddress === 'string'
  )
}

const time = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value))

/**
 * The default sign-in: EIP-4361 messages with random single-use nonces, sessions kept in the kit's storage.
 * `addSession` accepts a session only when its domain, URI, chain id and account match a nonce this
 * instance issued (each nonce is accepted once), its times hold (issued-at not in the future beyond a
 * small skew, not expired, not before its not-before), its text is the message of its data, and the
 * adapter's `verifyMessage` accepts the signature; it rejects with 'Invalid sign-in session' otherwise.
 * Expired sessions are dropped on read.
 */
export function createDefaultSiwx(options: DefaultSiwxOptions): SiwxConfig {
  const now = options.now ?? (() => Date.now())
  const expirationMs = options.expirationMs ?? DEFAULT_EXPIRATION_MS
  if (options.statement?.includes('\n')) throw new TypeError('The sign-in statement must be one line')
  /** Issued nonces waiting for their signature: nonce -> what they were issued for. */
  const pending = new Map<string, { chainId: CaipNetworkId; address: string; expiresAt: number }>()

  /** Live until its expiration time; one without (a wallet's own sign-in may omit it) lasts `expirationMs`. */
  const isLive = (session: SiwxSession) => {
    const expires = time(session.data.expirationTime) ?? (time(session.data.issuedAt) ?? 0) + expirationMs
    return expires > now()
  }
  const dropped = options.onDropped ?? ((reason: string) => console.warn(`[latchkey] ${reason}`))
  /** The stored sessions this page has checked in full already (signature and message), by their signed text. */
  const checked = new Set<string>()

  /** Each account's sessions under a key of their own: two tabs signing in different accounts never race. */
  const keyOf = (chainId: string, address: string) =>
    `${SIWX_SESSIONS_KEY}:${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`

  /** What an account has stored, moving it out of the one list of earlier versions (`siwx_sessions`) first. */
  async function storedFor(chainId: CaipNetworkId, address: string): Promise<unknown> {
    const stored = await readJson<unknown>(options.storage, keyOf(chainId, address))
    if (stored !== undefined) return stored
    const legacy = await readJson<unknown>(options.storage, SIWX_SESSIONS_KEY)
    if (!Array.isArray(legacy)) return undefined
    const mine = legacy.filter((s) => isSessionShape(s) && belongsTo(s, chainId, address))
    if (mine.length === 0) return undefined
    await writeSessions(chainId, address, mine)
    const rest = legacy.filter((s) => !mine.includes(s))
    if (rest.length > 0) await options.storage.setItem(SIWX_SESSIONS_KEY, JSON.stringify(rest))
    else await options.storage.removeItem(SIWX_SESSIONS_KEY)
    return mine
  }

  /**
   * An account's stored sessions, each one checked again before it is trusted: storage is any script's to write, so
   * a well-shaped entry proves nothing. It must be the account's, its data for this page (domain, URI), its text the
   * message of its data, its signature the account's (the adapter verifies it, once per page), and it must be live;
   * what fails is dropped from storage with the reason told.
   */
  async function readSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]> {
    const stored = await storedFor(chainId, address)
    const all = Array.isArray(stored) ? stored.filter(isSessionShape) : []
    const kept: SiwxSession[] = []
    for (const session of all) {
      if (!belongsTo(session, chainId, address) || !isLive(session)) continue
      const key = `${session.signature}\n${session.message}`
      if (!checked.has(key)) {
        try {
          await check(session, false)
          checked.add(key)
        } catch (error) {
          const details = error instanceof LatchkeyError ? error.details : undefined
          dropped(`A stored sign-in session was dropped (${details ?? 'not valid'}).`)
          continue
        }
      }
      kept.push(session)
    }
    if (kept.length !== all.length) await writeSessions(chainId, address, kept)
    return kept
  }

  async function writeSessions(chainId: string, address: string, sessions: readonly SiwxSession[]) {
    const key = keyOf(chainId, address)
    if (sessions.length === 0) await options.storage.removeItem(key)
    else await options.storage.setItem(key, JSON.stringify(sessions))
  }

  /** Throws unless the session is one this app would issue, with valid times, text and signature. */
  async function check(session: SiwxSession, requireNonce: boolean): Promise<void> {
    const { data } = session
    if (typeof data !== 'object' || data === null) throw rejected('no data')
    if (data.domain !== options.domain) throw rejected(`domain ${data.domain}`)
    if (data.uri !== options.uri) throw rejected(`uri ${data.uri}`)
    if (data.version !== '1') throw rejected(`version ${data.version}`)
    parseCaipNetworkId(data.chainId)
    if (requireNonce) {
      const issued = pending.get(data.nonce)
      pending.delete(data.nonce)
      if (!issued || issued.expiresAt <= now()) throw rejected('unknown or used nonce')
      if (issued.chainId !== data.chainId) throw rejected(`chain id ${data.chainId}`)
      if (!sameAccount(data.chainId, issued.address, data.accountAddress)) throw rejected('account')
    }
    const issuedAt = time(data.issuedAt)
    if (issuedAt === undefined || Number.isNaN(issuedAt)) throw rejected('issued-at')
    if (issuedAt > now() + CLOCK_SKEW_MS) throw rejected('issued in the future')
    const expires = time(data.expirationTime)
    if (expires !== undefined && !(expires > now())) throw rejected('expired')
    const notBefore = time(data.notBefore)
    if (notBefore !== undefined && !(notBefore <= now() + CLOCK_SKEW_MS)) throw rejected('not yet valid')
    if (session.message !== formatSiwxMessage({ ...data, issuedAt: data.issuedAt as string })) {
      throw rejected('message does not match its data')
    }
    const valid = await options.verifyMessage({
      address: data.accountAddress,
      message: session.message,
      signature: session.signature,
      chainId: data.chainId,
    })
    if (!valid) throw rejected('signature')
  }

  return {
    async createMessage(input: SiwxMessageInput): Promise<SiwxMessage> {
      parseCaipNetworkId(input.chainId)
      const issued = now()
      for (const [nonce, entry] of pending) if (entry.expiresAt <= issued) pending.delete(nonce)
      const nonce = randomNonce()
      pending.set(nonce, {
        chainId: input.chainId,
        address: input.accountAddress,
        expiresAt: issued + NONCE_TTL_MS,
      })
      const data: SiwxMessageData & { issuedAt: string } = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: options.domain,
        uri: options.uri,
        version: '1',
        nonce,
        ...(options.statement ? { statement: options.statement } : {}),
        issuedAt: new Date(issued).toISOString(),
        expirationTime: new Date(issued + expirationMs).toISOString(),
        ...(input.notBefore ? { notBefore: input.notBefore } : {}),
      }
      const text = formatSiwxMessage(data)
      return { ...data, toString: () => text }
    },

    async addSession(session) {
      await check(session, true)
      const { chainId, accountAddress } = session.data
      await writeSessions(chainId, accountAddress, [{ ...session, data: dataOf(session.data) }])
    },

    getSessions: readSessions,

    async setSessions(sessions) {
      // Sessions from elsewhere (a WalletConnect authentication) carry that flow's nonce: every other check holds.
      for (const session of sessions) await check(session, false)
      // They replace the sessions of their own accounts only: another account's sign-in stays.
      const byAccount = new Map<string, SiwxSession[]>()
      for (const session of sessions) {
        const key = keyOf(session.data.chainId, session.data.accountAddress)
        byAccount.set(key, [...(byAccount.get(key) ?? []), { ...session, data: dataOf(session.data) }])
      }
      for (const list of byAccount.values()) {
        const { chainId, accountAddress } = (list[0] as SiwxSession).data
        await writeSessions(chainId, accountAddress, list)
      }
    },

    async revokeSession(chainId, address) {
      await storedFor(chainId, address)
      await writeSessions(chainId, address, [])
    },

    getRequired: () => options.required ?? false,
  }
}
