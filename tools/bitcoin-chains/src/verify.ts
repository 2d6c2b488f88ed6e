// Signature checks for each input a transaction spends: P2WPKH, P2SH-P2WPKH and P2TR key path, as consensus
// defines them, with bitcoinjs-lib's sighash code and the secp256k1 library's verifiers.
import * as ecc from '@bitcoinerlab/secp256k1'
import { script as bscript, crypto, payments, type Transaction } from 'bitcoinjs-lib'
import { TxRejectedError } from './errors.js'
import { scriptType } from './script.js'

/** The output an input spends. */
export interface Prevout {
  readonly script: Uint8Array
  readonly value: number
}

const equal = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i])
const SEGWIT_V0_HASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const TAPROOT_HASH_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

function scriptFailure(index: number, why: string): TxRejectedError {
  return new TxRejectedError(-26, 'mandatory-script-verify-flag-failed', `input ${index}: ${why}`)
}

function verifyWitnessV0KeyHash(tx: Transaction, index: number, program: Uint8Array, value: number): void {
  const witness = tx.ins[index]!.witness
  if (witness.length !== 2)
    throw scriptFailure(
      index,
      `P2WPKH needs a witness of [signature, public key], got ${witness.length} items`,
    )
  const [encodedSignature, publicKey] = witness as [Uint8Array, Uint8Array]
  if (publicKey.length !== 33 || !ecc.isPoint(publicKey))
    throw scriptFailure(index, 'the witness public key is not a compressed secp256k1 point')
  if (!equal(crypto.hash160(publicKey), program))
    throw scriptFailure(index, 'the witness public key does not match the output')
  let decoded: { signature: Uint8Array; hashType: number }
  try {
    decoded = bscript.signature.decode(encodedSignature)
  } catch {
    throw scriptFailure(index, 'the signature is not a valid DER signature with a sighash byte')
  }
  if (!SEGWIT_V0_HASH_TYPES.has(decoded.hashType))
    throw scriptFailure(index, `sighash type ${decoded.hashType} is not allowed`)
  const scriptCode = payments.p2pkh({ hash: program }).output!
  const hash = tx.hashForWitnessV0(index, scriptCode, BigInt(value), decoded.hashType)
  if (!ecc.verify(hash, publicKey, decoded.signature))
    throw scriptFailure(
      index,
      'the signature does not verify for its public key (Signature must be zero for failed CHECK(MULTI)SIG operation)',
    )
}

function verifyTaprootKeyPath(
  tx: Transaction,
  index: number,
  outputKey: Uint8Array,
  prevouts: readonly Prevout[],
): void {
  const witness = tx.ins[index]!.witness
  const last = witness[witness.length - 1]
  if (witness.length >= 2 && last && last[0] === 0x50)
    throw scriptFailure(index, 'taproot annexes are not supported by this local network')
  if (witness.length !== 1)
    throw scriptFailure(
      index,
      'taproot script-path spends are not supported by this local network; sign with the key path',
    )
  const signature = witness[0]!
  if (signature.length !== 64 && signature.length !== 65)
    throw scriptFailure(index, `a taproot key-path signature has 64 or 65 bytes, got ${signature.length}`)
  const hashType = signature.length === 65 ? signature[64]! : 0x00
  if (!TAPROOT_HASH_TYPES.has(hashType) || (signature.length === 65 && hashType === 0x00))
    throw scriptFailure(index, `sighash type ${hashType} is not allowed`)
  const hash = tx.hashForWitnessV1(
    index,
    prevouts.map((prevout) => prevout.script),
    prevouts.map((prevout) => BigInt(prevout.value)),
    hashType,
  )
  if (!ecc.verifySchnorr(hash, outputKey, signature.subarray(0, 64)))
    throw scriptFailure(
      index,
      'the Schnorr signature does not verify for the output key (Invalid Schnorr signature)',
    )
}

/**
 * Checks input `index` of `tx` against the output it spends (`prevouts[index]`; all of them are needed for taproot
 * sighashes). Throws TxRejectedError (-26 mandatory-script-verify-flag-failed) with the input and the reason.
 */
export function verifyInput(tx: Transaction, index: number, prevouts: readonly Prevout[]): void {
  const prevout = prevouts[index]!
  const input = tx.ins[index]!
  const type = scriptType(prevout.script)
  if (type === 'v0_p2wpkh') {
    if (input.script.length > 0)
      throw scriptFailure(index, 'a native segwit input must have an empty scriptSig')
    verifyWitnessV0KeyHash(tx, index, prevout.script.subarray(2), prevout.value)
    return
  }
  if (type === 'v1_p2tr') {
    if (input.script.length > 0)
      throw scriptFailure(index, 'a native segwit input must have an empty scriptSig')
    verifyTaprootKeyPath(tx, index, prevout.script.subarray(2), prevouts)
    return
  }
  if (type === 'p2sh') {
    const chunks = bscript.decompile(input.script)
    const redeem = chunks?.length === 1 ? chunks[0] : undefined
    if (!(redeem instanceof Uint8Array) || scriptType(redeem) !== 'v0_p2wpkh')
      throw scriptFailure(
        index,
        'only P2SH-wrapped P2WPKH is supported: the scriptSig must push one 0014<20-byte hash> redeem script',
      )
    if (!equal(crypto.hash160(redeem), prevout.script.subarray(2, 22)))
      throw scriptFailure(index, 'the redeem script does not match the P2SH output')
    verifyWitnessV0KeyHash(tx, index, redeem.subarray(2), prevout.value)
    return
  }
  throw new TxRejectedError(
    -26,
    'non-mandatory-script-verify-flag',
    `input ${index} spends a ${type} output, which this local network does not verify (P2WPKH, P2SH-P2WPKH and P2TR key path only)`,
  )
}
