// BIP-39 seed and BIP-32 private derivation with node:crypto and the secp256k1 library, so the funded addresses
// come from a documented mnemonic without a dependency on an HD-wallet package.
import { createHmac, pbkdf2Sync } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { BitcoinChainsError } from './errors.js'

const HARDENED = 0x8000_0000

interface ExtendedKey {
  readonly privateKey: Uint8Array
  readonly chainCode: Uint8Array
}

/** The BIP-39 seed of a mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt 'mnemonic' + passphrase). */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ')
  return new Uint8Array(pbkdf2Sync(words, `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512'))
}

function hmacSha512(key: Uint8Array | string, data: Uint8Array): { left: Uint8Array; right: Uint8Array } {
  const digest = new Uint8Array(createHmac('sha512', key).update(data).digest())
  return { left: digest.slice(0, 32), right: digest.slice(32) }
}

function deriveChild(parent: ExtendedKey, index: number): ExtendedKey {
  const data = new Uint8Array(37)
  if (index >= HARDENED) {
    data.set(parent.privateKey, 1)
  } else {
    const publicKey = ecc.pointFromScalar(parent.privateKey, true)
    if (!publicKey) throw new BitcoinChainsError('Invalid private key during derivation')
    data.set(publicKey, 0)
  }
  new DataView(data.buffer).setUint32(33, index >>> 0)
  const { left, right } = hmacSha512(parent.chainCode, data)
  const privateKey = ecc.isPrivate(left) ? ecc.privateAdd(parent.privateKey, left) : null
  // Probability below 2^-127; BIP-32 says skip the index, a test key set never meets it.
  if (!privateKey) throw new BitcoinChainsError(`BIP-32 derivation hit an invalid child at index ${index}`)
  return { privateKey, chainCode: right }
}

/** Parses "m/84'/1'/0'/0/3" into child indexes; throws on a malformed path. */
function parsePath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new BitcoinChainsError(`Derivation path must start with m/, got '${path}'`)
  return parts.slice(1).map((part) => {
    const match = /^(\d+)(['h]?)$/.exec(part)
    if (!match) throw new BitcoinChainsError(`Bad derivation path segment '${part}' in '${path}'`)
    const index = Number(match[1])
    if (index >= HARDENED) throw new BitcoinChainsError(`Derivation index too large in '${path}'`)
    return match[2] ? index + HARDENED : index
  })
}

/** The private key at a BIP-32 path of a seed. */
export function derivePrivateKey(seed: Uint8Array, path: string): Uint8Array {
  const { left, right } = hmacSha512('Bitcoin seed', seed)
  let key: ExtendedKey = { privateKey: left, chainCode: right }
  for (const index of parsePath(path)) key = deriveChild(key, index)
  return key.privateKey
}
