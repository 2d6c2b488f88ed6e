// Message signature checks with bitcoinjs-lib and secp256k1: BIP-137 ECDSA ("Bitcoin Signed Message", 65 bytes) and
// BIP-322 "simple" (a serialized witness) for P2WPKH and P2TR key-path addresses.
import * as ecc from '@bitcoinerlab/secp256k1'
import { LatchkeyError, type SignableMessage } from '@latchkey/core'
import {
  address as baddress,
  script as bscript,
  crypto,
  type Network,
  payments,
  Transaction,
} from 'bitcoinjs-lib'
import { paramsForAddress } from './chains.js'

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** The bytes of a message: UTF-8 text, or the raw bytes / 0x-hex given. */
export function messageBytes(message: SignableMessage): Uint8Array {
  if (typeof message === 'string') return new TextEncoder().encode(message)
  const { raw } = message
  if (raw instanceof Uint8Array) return raw
  if (typeof raw === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(raw)) {
    return Uint8Array.from(raw.slice(2).match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  }
  throw new LatchkeyError('message.raw must be bytes or 0x-prefixed hex', { code: 'INVALID_PARAMS' })
}

/** The Bitcoin Signed Message hash of BIP-137. */
function magicHash(message: Uint8Array): Uint8Array {
  const magic = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  return crypto.hash256(concat(magic, varint(message.length), message))
}

function decodeBase64(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** The addresses a public key has under each single-key script type, on the address's network. */
function addressesOf(pubkey: Uint8Array, address: string): string[] {
  const out: string[] = []
  for (const network of paramsForAddress(address)) {
    const p2wpkh = payments.p2wpkh({ pubkey, network })
    for (const payment of [
      payments.p2pkh({ pubkey, network }),
      p2wpkh,
      payments.p2sh({ redeem: p2wpkh, network }),
    ]) {
      if (payment.address) out.push(payment.address)
    }
  }
  return out
}

/** BIP-137: recover the key from the 65-byte signature, then compare its single-key addresses with `address`. */
function verifyBip137(address: string, message: SignableMessage, bytes: Uint8Array): boolean {
  const header = bytes[0] ?? 0
  if (header < 27 || header > 42) return false
  const recoveryId = ((header - 27) & 3) as 0 | 1 | 2 | 3
  const compressed = header >= 31
  try {
    baddress.toOutputScript(address, paramsForAddress(address)[0])
  } catch {
    if (paramsForAddress(address).length === 1) return false
  }
  const pubkey = ecc.recover(magicHash(messageBytes(message)), bytes.subarray(1), recoveryId, compressed)
  if (!pubkey) return false
  return addressesOf(pubkey, address).includes(address)
}

/** What BIP-322 verification supports, for the UNSUPPORTED_OPERATION message. */
const BIP322_SUPPORTED = 'BIP-322 verification supports P2WPKH and P2TR key-path addresses only'

function unsupported(what: string): LatchkeyError {
  return new LatchkeyError(`${BIP322_SUPPORTED}; ${what} is not supported`, { code: 'UNSUPPORTED_OPERATION' })
}

/** An address as BIP-322 sees it: a script it verifies (with the witness program), or a type it does not. */
type DecodedAddress =
  | { readonly kind: 'p2wpkh' | 'p2tr'; readonly program: Uint8Array; readonly script: Uint8Array }
  | { readonly kind: 'unsupported'; readonly name: string }

/**
 * Decodes `address` on the networks its prefix allows, without bitcoinjs-lib's ECC library (so a taproot address
 * needs no initEccLib). Undefined for an address that is not valid on any of them.
 */
function decodeAddress(address: string): DecodedAddress | undefined {
  const candidates: Network[] = paramsForAddress(address)
  let segwit: ReturnType<typeof baddress.fromBech32> | undefined
  try {
    segwit = baddress.fromBech32(address)
  } catch {
    segwit = undefined
  }
  if (segwit) {
    const { version, prefix, data } = segwit
    if (!candidates.some((network) => network.bech32 === prefix)) return undefined
    if (version === 0 && data.length === 20)
      return { kind: 'p2wpkh', program: data, script: concat(Uint8Array.of(0x00, 0x14), data) }
    if (version === 0 && data.length === 32) return { kind: 'unsupported', name: 'P2WSH' }
    if (version === 0) return undefined
    if (version === 1 && data.length === 32)
      return { kind: 'p2tr', program: data, script: concat(Uint8Array.of(0x51, 0x20), data) }
    return { kind: 'unsupported', name: `Segwit version ${version}` }
  }
  let legacy: ReturnType<typeof baddress.fromBase58Check> | undefined
  try {
    legacy = baddress.fromBase58Check(address)
  } catch {
    return undefined
  }
  if (legacy.hash.length !== 20) return undefined
  if (candidates.some((network) => network.pubKeyHash === legacy.version))
    return { kind: 'unsupported', name: 'P2PKH (sign with BIP-137, 65 bytes)' }
  if (candidates.some((network) => network.scriptHash === legacy.version))
    return { kind: 'unsupported', name: 'P2SH (nested segwit or multisig)' }
  return undefined
}

/** Reads a Bitcoin CompactSize at `at`: [value, next offset], or undefined when truncated or above 2^32 - 1. */
function readVarint(bytes: Uint8Array, at: number): [number, number] | undefined {
  const first = bytes[at]
  if (first === undefined) return undefined
  const width = first < 0xfd ? 0 : first === 0xfd ? 2 : first === 0xfe ? 4 : 8
  if (width === 0) return [first, at + 1]
  if (width === 8 || at + 1 + width > bytes.length) return undefined
  let value = 0
  for (let i = width - 1; i >= 0; i--) value = value * 256 + (bytes[at + 1 + i] ?? 0)
  return [value, at + 1 + width]
}

/**
 * A BIP-322 "simple" signature decoded: the witness stack (a CompactSize count, then each item CompactSize-length
 * prefixed), or undefined when the bytes are not exactly one such stack.
 */
function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  const count = readVarint(bytes, 0)
  if (!count) return undefined
  let [left, at] = count
  if (left > bytes.length) return undefined
  const items: Uint8Array[] = []
  for (; left > 0; left--) {
    const length = readVarint(bytes, at)
    if (!length || length[1] + length[0] > bytes.length) return undefined
    items.push(bytes.subarray(length[1], length[1] + length[0]))
    at = length[1] + length[0]
  }
  return at === bytes.length ? items : undefined
}

/** BIP-322's message hash: the BIP-340 tagged hash of the message with the tag "BIP0322-signed-message". */
function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = crypto.sha256(new TextEncoder().encode('BIP0322-signed-message'))
  return crypto.sha256(concat(tag, tag, message))
}

/** BIP-322's virtual to_spend transaction: an input no chain has, committing to the message, paying `script`. */
function toSpendTransaction(script: Uint8Array, message: Uint8Array): Transaction {
  const tx = new Transaction()
  tx.version = 0
  tx.locktime = 0
  // scriptSig: OP_0 PUSH32[message hash].
  tx.addInput(
    new Uint8Array(32),
    0xffffffff,
    0,
    concat(Uint8Array.of(0x00, 0x20), bip322MessageHash(message)),
  )
  tx.addOutput(script, 0n)
  return tx
}

/** BIP-322's virtual to_sign transaction of the simple format (the witness does not enter any sighash). */
function toSignTransaction(toSpend: Transaction): Transaction {
  const tx = new Transaction()
  tx.version = 0
  tx.locktime = 0
  tx.addInput(toSpend.getHash(), 0, 0)
  tx.addOutput(Uint8Array.of(0x6a), 0n) // OP_RETURN
  return tx
}

/**
 * P2WPKH: witness [DER signature + SIGHASH_ALL, compressed key]; the key must hash to the address's program and the
 * signature (strict DER, low S, as BIP-322 requires) must verify over the BIP-143 sighash of to_sign.
 */
function verifyP2wpkh(program: Uint8Array, toSign: Transaction, witness: Uint8Array[]): boolean {
  const [encoded, pubkey] = witness
  if (witness.length !== 2 || !encoded || !pubkey) return false
  if (pubkey.length !== 33 || !ecc.isPoint(pubkey)) return false
  if (!sameBytes(crypto.hash160(pubkey), program)) return false
  const { signature, hashType } = bscript.signature.decode(encoded)
  if (hashType !== Transaction.SIGHASH_ALL) return false
  const scriptCode = payments.p2pkh({ hash: program }).output
  if (!scriptCode) return false
  const sighash = toSign.hashForWitnessV0(0, scriptCode, 0n, hashType)
  return ecc.verify(sighash, pubkey, signature, true)
}

/** Whether `a` sorts before `b`, byte by byte (BIP-341's TapBranch order). */
function lessThan(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] ?? 0) < (b[i] ?? 0)
  }
  return a.length < b.length
}

/**
 * Whether a taproot script-path witness (…, leaf script, control block) really opens `outputKey` (BIP-341): the
 * control block's internal key, tweaked by the Merkle root its path gives for the leaf, is the output key.
 */
function opensOutputKey(outputKey: Uint8Array, leafScript: Uint8Array, control: Uint8Array): boolean {
  if (control.length < 33 || (control.length - 33) % 32 !== 0 || control.length > 33 + 32 * 128) return false
  const leafVersion = (control[0] ?? 0) & 0xfe
  let node = crypto.taggedHash(
    'TapLeaf',
    concat(Uint8Array.of(leafVersion), varint(leafScript.length), leafScript),
  )
  for (let at = 33; at < control.length; at += 32) {
    const sibling = control.subarray(at, at + 32)
    node = crypto.taggedHash(
      'TapBranch',
      lessThan(node, sibling) ? concat(node, sibling) : concat(sibling, node),
    )
  }
  const internalKey = control.subarray(1, 33)
  const tweaked = ecc.xOnlyPointAddTweak(
    internalKey,
    crypto.taggedHash('TapTweak', concat(internalKey, node)),
  )
  return (
    tweaked !== null &&
    tweaked.parity === ((control[0] ?? 0) & 1) &&
    sameBytes(tweaked.xOnlyPubkey, outputKey)
  )
}

/**
 * P2TR key path: witness [64-byte Schnorr signature (SIGHASH_DEFAULT) or 65 bytes ending in SIGHASH_ALL]; it must
 * verify against the address's output key over the BIP-341 sighash of to_sign.
 * @throws LatchkeyError UNSUPPORTED_OPERATION for a witness with an annex, and for a script-path witness whose
 * control block opens the output key (its script is not evaluated here); another multi-item witness is just false.
 */
function verifyP2tr(
  outputKey: Uint8Array,
  script: Uint8Array,
  toSign: Transaction,
  witness: Uint8Array[],
): boolean {
  if (witness.length >= 2 && witness[witness.length - 1]?.[0] === 0x50)
    throw unsupported('a taproot signature with an annex')
  if (witness.length >= 2) {
    const control = witness[witness.length - 1] ?? new Uint8Array(0)
    const leafScript = witness[witness.length - 2] ?? new Uint8Array(0)
    if (opensOutputKey(outputKey, leafScript, control)) throw unsupported('a taproot script-path signature')
    return false
  }
  const [signature] = witness
  if (!signature || (signature.length !== 64 && signature.length !== 65)) return false
  // 64 bytes: SIGHASH_DEFAULT. 65: the last byte, which BIP-322 requires to be SIGHASH_ALL (BIP-341 forbids 0x00).
  const hashType = signature.length === 64 ? Transaction.SIGHASH_DEFAULT : signature[64]
  if (hashType !== Transaction.SIGHASH_DEFAULT && hashType !== Transaction.SIGHASH_ALL) return false
  if (signature.length === 65 && hashType !== Transaction.SIGHASH_ALL) return false
  const sighash = toSign.hashForWitnessV1(0, [script], [0n], hashType)
  return ecc.verifySchnorr(sighash, outputKey, signature.subarray(0, 64))
}

/**
 * BIP-322's to_spend and to_sign (simple format, no witness) for an output script and a message. Internal to the
 * adapter (not exported by the package); the unit tests check it against the BIP's transaction ids.
 */
export function bip322Transactions(
  script: Uint8Array,
  message: Uint8Array,
): { toSpend: Transaction; toSign: Transaction } {
  const toSpend = toSpendTransaction(script, message)
  return { toSpend, toSign: toSignTransaction(toSpend) }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/**
 * Checks a BIP-322 "simple" signature (the decoded witness bytes) of `message` against `address`.
 * @throws LatchkeyError UNSUPPORTED_OPERATION for address types other than P2WPKH and P2TR, and taproot script paths
 * (or annexes).
 */
function verifyBip322(address: string, message: SignableMessage, bytes: Uint8Array): boolean {
  const decoded = decodeAddress(address)
  if (!decoded) return false
  if (decoded.kind === 'unsupported') throw unsupported(decoded.name)
  const witness = decodeWitness(bytes)
  if (!witness || witness.length === 0) return false
  const { toSign } = bip322Transactions(decoded.script, messageBytes(message))
  if (decoded.kind === 'p2tr') return verifyP2tr(decoded.program, decoded.script, toSign, witness)
  return verifyP2wpkh(decoded.program, toSign, witness)
}

/**
 * Checks a message signature (base64) of `message` against `address`:
 * - 65 bytes: BIP-137 (recoverable ECDSA over the "Bitcoin Signed Message" hash) for a P2PKH, P2WPKH or P2SH-P2WPKH
 *   address;
 * - otherwise BIP-322 "simple" (the serialized witness of the virtual to_sign transaction) for a P2WPKH address
 *   (ECDSA, BIP-143 sighash) or a P2TR address's key path (Schnorr, BIP-341 sighash, SIGHASH_DEFAULT or ALL).
 *
 * A malformed or non-matching signature, or an invalid address, gives false: it never throws for those.
 * @throws LatchkeyError UNSUPPORTED_OPERATION for a BIP-322 signature on another address type (P2PKH, P2SH,
 * P2WSH, future Segwit versions) or a taproot script-path (or annexed) signature, which this adapter does not
 * verify.
 */
export function verifyBitcoinMessage(address: string, message: SignableMessage, signature: string): boolean {
  const bytes = decodeBase64(signature)
  if (!bytes || bytes.length === 0) return false
  if (bytes.length === 65) return verifyBip137(address, message, bytes)
  try {
    return verifyBip322(address, message, bytes)
  } catch (error) {
    if (error instanceof LatchkeyError) throw error
    return false // a signature the decoders or secp256k1 refuse (bad DER, hash type, point or scalar)
  }
}
