// Everything the key-encryption key (KEK) is used for. The KEK never reaches the database: from it, HKDF derives
// the key that encrypts the users' keys (AES-256-GCM) and the key that hashes one-time codes and device ids (HMAC),
// so a database dump alone neither decrypts a key nor lets a 6-digit code be found by trying all million.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { CODE_DIGITS } from './defaults.js'
import { AuthConfigError } from './errors.js'

/** AES-256-GCM's output, stored as three columns. */
interface Sealed {
  iv: Uint8Array
  ciphertext: Uint8Array
  tag: Uint8Array
}

/** What the service does with its key-encryption key. */
export interface Secrets {
  /** A short id of the KEK (an HMAC of it, not the key), stored beside each encrypted key. */
  readonly kekId: string
  seal(plaintext: Uint8Array, context: string): Sealed
  /** @throws Error when the key, the context or the bytes do not match (GCM's authentication). */
  open(sealed: Sealed, context: string): Uint8Array
  /** HMAC-SHA-256 of `value` under the hashing key, hex: for codes and device ids. */
  hash(value: string): string
  /** Whether `hash(value)` equals `expected`, in constant time. */
  matches(value: string, expected: string): boolean
}

const derive = (kek: Uint8Array, info: string) =>
  Buffer.from(hkdfSync('sha256', kek, new Uint8Array(0), info, 32))

/** @throws AuthConfigError unless `kek` is 32 bytes. */
export function createSecrets(kek: Uint8Array): Secrets {
  if (kek.length !== 32) {
    throw new AuthConfigError(`The key-encryption key must be 32 bytes, got ${kek.length}.`)
  }
  const encryptionKey = derive(kek, 'latchkey-auth/v1/key-encryption')
  const hashingKey = derive(kek, 'latchkey-auth/v1/hashing')
  const kekId = createHmac('sha256', kek).update('latchkey-auth/v1/kek-id').digest('hex').slice(0, 16)
  const hash = (value: string) => createHmac('sha256', hashingKey).update(value).digest('hex')
  return {
    kekId,
    seal(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv)
      cipher.setAAD(Buffer.from(context))
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return { iv, ciphertext, tag: cipher.getAuthTag() }
    },
    open(sealed, context) {
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, sealed.iv)
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(sealed.tag)
      return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]))
    },
    hash,
    matches(value, expected) {
      const actual = Buffer.from(hash(value), 'hex')
      const wanted = Buffer.from(expected, 'hex')
      return actual.length === wanted.length && timingSafeEqual(actual, wanted)
    },
  }
}

/**
 * A key-encryption key from its base64 text (a file's content or a variable's value).
 * @throws AuthConfigError naming `source` unless it decodes to exactly 32 bytes.
 */
export function parseKek(text: string, source: string): Uint8Array {
  const trimmed = text.trim()
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0)
  if (bytes.length !== 32) {
    throw new AuthConfigError(
      `${source} must hold a key-encryption key of 32 bytes in base64 (44 characters); make one with: latchkey-auth --generate-kek`,
    )
  }
  return new Uint8Array(bytes)
}

/** A fresh key-encryption key in base64. */
export const generateKek = (): string => randomBytes(32).toString('base64')

/** A uniformly random code of {@link CODE_DIGITS} digits. */
export const randomCode = (): string => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')

/** A random opaque token (session, approval link): 32 bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url')

/** SHA-256 hex of a high-entropy token: what the database keeps of a session token or an approval link. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex')
