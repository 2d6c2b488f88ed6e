// Signing: PSBT inputs chosen by address, Bitcoin Signed Message (ECDSA, BIP-137 header for P2WPKH) and BIP-322
// simple signatures, all with deterministic nonces so the same request gives the same bytes.
import * as ecc from '@bitcoinerlab/secp256k1'
import { script as bscript, crypto, type Network, opcodes, Psbt, Transaction } from 'bitcoinjs-lib'
import { concatBytes, varint } from './bytes.js'
import { invalidParams } from './errors.js'
import type { AccountKeys } from './keys.js'

const ZERO_AUX = new Uint8Array(32)

/** A bitcoinjs-lib signer for the payment key (ECDSA, RFC 6979). */
function paymentSigner(keys: AccountKeys) {
  return {
    publicKey: keys.paymentPublicKey,
    sign: (hash: Uint8Array) => ecc.sign(hash, keys.paymentPrivateKey),
  }
}

/** A bitcoinjs-lib signer for the ordinals key's key path (tweaked key, Schnorr with zero aux randomness). */
function ordinalsSigner(keys: AccountKeys) {
  const tweaked = keys.ordinalsTweakedPrivateKey
  return {
    publicKey: ecc.pointFromScalar(tweaked, true)!,
    sign: (hash: Uint8Array) => ecc.sign(hash, tweaked),
    signSchnorr: (hash: Uint8Array) => ecc.signSchnorr(hash, tweaked, ZERO_AUX),
  }
}

/** Which key signs which inputs. */
export interface InputsToSign {
  readonly kind: 'payment' | 'ordinals'
  readonly script: Uint8Array
  readonly indexes: readonly number[]
  readonly sighashTypes?: number[]
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * Signs and finalizes the chosen inputs of `psbt` in place. Throws INVALID_PARAMS when an index is out of range,
 * an input has no witnessUtxo or does not pay the address that should sign it.
 */
export function signPsbtInputs(psbt: Psbt, keys: AccountKeys, plan: readonly InputsToSign[]): number[] {
  const signed: number[] = []
  for (const entry of plan) {
    for (const index of entry.indexes) {
      if (!Number.isInteger(index) || index < 0 || index >= psbt.inputCount)
        throw invalidParams(`Input index ${index} is out of range (the PSBT has ${psbt.inputCount} inputs)`)
      const input = psbt.data.inputs[index]!
      if (!input.witnessUtxo)
        throw invalidParams(`Input ${index} has no witnessUtxo; the wallet signs segwit inputs only`)
      if (!sameBytes(input.witnessUtxo.script, entry.script))
        throw invalidParams(`Input ${index} does not spend an output of the ${entry.kind} address`)
      try {
        if (entry.kind === 'ordinals') {
          if (!input.tapInternalKey) psbt.updateInput(index, { tapInternalKey: keys.ordinalsInternalKey })
          psbt.signInput(index, ordinalsSigner(keys), entry.sighashTypes)
        } else {
          psbt.signInput(index, paymentSigner(keys), entry.sighashTypes)
        }
        psbt.finalizeInput(index)
      } catch (error) {
        throw invalidParams(
          `Cannot sign input ${index}: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      signed.push(index)
    }
  }
  return signed
}

/** The Bitcoin Signed Message hash: sha256d(varint-prefixed magic || varint(len) || message). */
export function magicHash(message: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  return crypto.hash256(concatBytes(prefix, varint(message.length), message))
}

/**
 * ECDSA message signature of the payment key: 65 bytes, header 39 + recovery id (BIP-137, P2WPKH), then r || s.
 */
export function signMessageEcdsa(
  keys: AccountKeys,
  message: Uint8Array,
): { signature: Uint8Array; hash: Uint8Array } {
  const hash = magicHash(message)
  const { signature, recoveryId } = ecc.signRecoverable(hash, keys.paymentPrivateKey)
  return { signature: concatBytes(Uint8Array.of(39 + recoveryId), signature), hash }
}

/** BIP-322's tagged message hash. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = crypto.sha256(new TextEncoder().encode('BIP0322-signed-message'))
  return crypto.sha256(concatBytes(tag, tag, message))
}

/** BIP-322's virtual to_spend transaction for an output script and message. */
export function bip322ToSpend(script: Uint8Array, message: Uint8Array): Transaction {
  const tx = new Transaction()
  tx.version = 0
  tx.locktime = 0
  tx.addInput(new Uint8Array(32), 0xffffffff, 0, bscript.compile([opcodes.OP_0!, bip322MessageHash(message)]))
  tx.addOutput(script, 0n)
  return tx
}

/**
 * BIP-322 "simple" signature: the witness of the virtual to_sign transaction, serialized (count, then each item
 * length-prefixed). Works for the payment (P2WPKH) and ordinals (P2TR key path) addresses.
 */
export function signMessageBip322(
  keys: AccountKeys,
  kind: 'payment' | 'ordinals',
  script: Uint8Array,
  network: Network,
  message: Uint8Array,
): { signature: Uint8Array; hash: Uint8Array } {
  const toSpend = bip322ToSpend(script, message)
  const psbt = new Psbt({ network })
  psbt.setVersion(0)
  psbt.setLocktime(0)
  psbt.addInput({ hash: toSpend.getId(), index: 0, sequence: 0, witnessUtxo: { script, value: 0n } })
  psbt.addOutput({ script: bscript.compile([opcodes.OP_RETURN!]), value: 0n })
  signPsbtInputs(psbt, keys, [{ kind, script, indexes: [0] }])
  const witness = psbt.extractTransaction(true).ins[0]!.witness
  const signature = concatBytes(
    varint(witness.length),
    ...witness.flatMap((item) => [varint(item.length), item]),
  )
  return { signature, hash: bip322MessageHash(message) }
}
