/**
 * Message verification: BIP-322 "simple" against the BIP's own vectors and the Bitcoin test wallet's signatures
 * (P2WPKH and P2TR key path on regtest and testnet), BIP-137 as before, and the refusals.
 */

import * as ecc from '@bitcoinerlab/secp256k1'
import { createBitcoinTestWallet } from '@latchkey/bitcoin-wallet'
import { LatchkeyError } from '@latchkey/core'
import {
  address as baddress,
  networks as bnetworks,
  script as bscript,
  initEccLib,
  payments,
  Transaction,
} from 'bitcoinjs-lib'
import { beforeAll, describe, expect, test } from 'vitest'
import { bip322Transactions, verifyBitcoinMessage } from './verify.js'

// bip-0322.mediawiki, "Test vectors" (github.com/bitcoin/bips): the key L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k,
// its P2WPKH address, two valid signatures for each message, and the virtual transactions' ids.
const BIP_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const BIP_EMPTY = [
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
]
const BIP_HELLO = [
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
]
// The same key's P2TR (key path) address and a 65-byte SIGHASH_ALL signature of "Hello World": the vector of Bitcoin
// Core's BIP-322 pull request (bitcoin/bitcoin#24058, src/test/util_tests.cpp), which bip322-js and others reuse.
const CORE_TAPROOT = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const CORE_TAPROOT_HELLO =
  'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='

const utf8 = (text: string) => new TextEncoder().encode(text)
const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'))
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** `signature` with one byte XORed, `from` bytes before its end. */
function flipped(signature: string, from: number): string {
  const bytes = fromBase64(signature)
  const at = bytes.length - from
  bytes[at] = (bytes[at] ?? 0) ^ 0x01
  return toBase64(bytes)
}

/** The error verifyBitcoinMessage throws, or undefined. */
function thrown(address: string, message: string, signature: string): unknown {
  try {
    verifyBitcoinMessage(address, message, signature)
  } catch (error) {
    return error
  }
  return undefined
}

describe('BIP-322 vectors of the BIP', () => {
  test('to_spend and to_sign have the ids the BIP lists', () => {
    const script = baddress.toOutputScript(BIP_ADDRESS, bnetworks.bitcoin)
    const empty = bip322Transactions(script, utf8(''))
    const hello = bip322Transactions(script, utf8('Hello World'))
    expect(empty.toSpend.getId()).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    expect(empty.toSign.getId()).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
    expect(hello.toSpend.getId()).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
    expect(hello.toSign.getId()).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
  })

  test('the P2WPKH signatures of "" and "Hello World" verify, each only for its own message', () => {
    for (const signature of BIP_EMPTY) {
      expect(verifyBitcoinMessage(BIP_ADDRESS, '', signature)).toBe(true)
      expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', signature)).toBe(false)
    }
    for (const signature of BIP_HELLO) {
      expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', signature)).toBe(true)
      expect(verifyBitcoinMessage(BIP_ADDRESS, { raw: utf8('Hello World') }, signature)).toBe(true)
      expect(verifyBitcoinMessage(BIP_ADDRESS, '', signature)).toBe(false)
      expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World!', signature)).toBe(false)
    }
  })

  test('the P2WPKH vector fails for another address, a flipped byte or a truncated witness', () => {
    const [signature] = BIP_HELLO as [string]
    expect(verifyBitcoinMessage('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'Hello World', signature)).toBe(
      false,
    )
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', flipped(signature, 40))).toBe(false) // in s
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', flipped(signature, 1))).toBe(false) // in the key
    const bytes = fromBase64(signature)
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', toBase64(bytes.subarray(0, -1)))).toBe(false)
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', toBase64(Uint8Array.of(...bytes, 0x00)))).toBe(
      false,
    )
  })

  test("independent signatures: SIGHASH_ALL by the address's key verifies; another key, SIGHASH_NONE or high S do not", () => {
    const script = baddress.toOutputScript(BIP_ADDRESS, bnetworks.bitcoin)
    const { toSign } = bip322Transactions(script, utf8('Hello World'))
    const scriptCode = payments.p2pkh({ hash: script.subarray(2) }).output!
    const sighash = toSign.hashForWitnessV0(0, scriptCode, 0n, Transaction.SIGHASH_ALL)
    // Another key signs the right sighash: its signature is good, but the key is not the address's.
    const key = new Uint8Array(32).fill(0x42)
    const other = bscript.signature.encode(ecc.sign(sighash, key), Transaction.SIGHASH_ALL)
    const otherPubkey = ecc.pointFromScalar(key, true)!
    const witness = Uint8Array.of(2, other.length, ...other, 33, ...otherPubkey)
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', toBase64(witness))).toBe(false)
    expect(
      verifyBitcoinMessage(
        payments.p2wpkh({ pubkey: otherPubkey }).address!,
        'Hello World',
        toBase64(witness),
      ),
    ).toBe(false) // (signed for BIP_ADDRESS's script, not this one's)
    // The same key for its own address: SIGHASH_ALL verifies, SIGHASH_NONE (valid in a transaction) does not.
    const own = payments.p2wpkh({ pubkey: otherPubkey })
    const ownToSign = bip322Transactions(own.output!, utf8('Hello World')).toSign
    const ownCode = payments.p2pkh({ pubkey: otherPubkey }).output!
    for (const type of [Transaction.SIGHASH_ALL, Transaction.SIGHASH_NONE]) {
      const sig = bscript.signature.encode(
        ecc.sign(ownToSign.hashForWitnessV0(0, ownCode, 0n, type), key),
        type,
      )
      const ownWitness = toBase64(Uint8Array.of(2, sig.length, ...sig, 33, ...otherPubkey))
      expect(verifyBitcoinMessage(own.address!, 'Hello World', ownWitness)).toBe(
        type === Transaction.SIGHASH_ALL,
      )
    }
    // The vector's signature with S replaced by n - S: valid ECDSA, but BIP-322 requires low S.
    const [vector] = BIP_HELLO as [string]
    const items = fromBase64(vector)
    const der = items.subarray(2, 2 + (items[1] ?? 0))
    const { signature, hashType } = bscript.signature.decode(der)
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const highS = (n - BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)).toString(16)
    const high = Uint8Array.of(...signature.subarray(0, 32), ...Buffer.from(highS.padStart(64, '0'), 'hex'))
    const highDer = bscript.signature.encode(high, hashType)
    const highWitness = Uint8Array.of(2, highDer.length, ...highDer, ...items.subarray(2 + der.length))
    expect(ecc.verify(sighash, items.subarray(-33), high)).toBe(true) // non-strict secp256k1 accepts it
    expect(verifyBitcoinMessage(BIP_ADDRESS, 'Hello World', toBase64(highWitness))).toBe(false)
  })

  test("Bitcoin Core's P2TR key-path vector (65 bytes, SIGHASH_ALL) verifies, and fails when altered", () => {
    expect(verifyBitcoinMessage(CORE_TAPROOT, 'Hello World', CORE_TAPROOT_HELLO)).toBe(true)
    expect(verifyBitcoinMessage(CORE_TAPROOT, '', CORE_TAPROOT_HELLO)).toBe(false)
    expect(verifyBitcoinMessage(CORE_TAPROOT, 'Hello World', flipped(CORE_TAPROOT_HELLO, 10))).toBe(false)
    // The same signature with its hash type byte dropped claims SIGHASH_DEFAULT: another sighash, so false.
    const bytes = fromBase64(CORE_TAPROOT_HELLO)
    const asDefault = Uint8Array.of(1, 64, ...bytes.subarray(2, 66))
    expect(verifyBitcoinMessage(CORE_TAPROOT, 'Hello World', toBase64(asDefault))).toBe(false)
    // Hash types other than ALL / DEFAULT are refused (BIP-322 requires SIGHASH_ALL).
    const none = Uint8Array.of(...bytes.subarray(0, 66), 0x02)
    expect(verifyBitcoinMessage(CORE_TAPROOT, 'Hello World', toBase64(none))).toBe(false)
  })
})

describe('signatures of the Bitcoin test wallet', () => {
  const wallet = createBitcoinTestWallet({
    // Signing reads nothing from Esplora: these URLs are never fetched.
    networks: [
      { name: 'Regtest', network: 'regtest', esploraUrl: 'http://127.0.0.1:9/unused' },
      { name: 'Testnet', network: 'testnet', esploraUrl: 'http://127.0.0.1:9/unused' },
    ],
    accountIndices: [0, 1],
    connected: true,
  })

  async function sign(address: string, message: string, protocol?: 'BIP322' | 'ECDSA'): Promise<string> {
    const answer = await wallet.provider.request('signMessage', {
      address,
      message,
      ...(protocol ? { protocol } : {}),
    })
    if (!('result' in answer)) throw new Error(`signMessage: ${answer.error.message}`)
    return (answer.result as { signature: string }).signature
  }

  let payment: string
  let ordinals: string
  let otherPayment: string
  let otherOrdinals: string
  beforeAll(() => {
    payment = wallet.paymentAddress
    ordinals = wallet.ordinalsAddress
    wallet.switchAccount(1)
    otherPayment = wallet.paymentAddress
    otherOrdinals = wallet.ordinalsAddress
    wallet.switchAccount(0)
    expect(payment).toMatch(/^bcrt1q/)
    expect(ordinals).toMatch(/^bcrt1p/)
  })

  test('BIP-322 signatures of the payment (P2WPKH) and ordinals (P2TR) addresses verify on regtest', async () => {
    const message = 'Sign in to lab.latchkey.test\nNonce: 8c1f2a'
    const ofPayment = await sign(payment, message, 'BIP322')
    const ofOrdinals = await sign(ordinals, message, 'BIP322')
    expect(fromBase64(ofPayment).length).not.toBe(65) // a witness, not BIP-137
    expect(fromBase64(ofOrdinals)).toHaveLength(66) // one item: a 64-byte Schnorr signature (SIGHASH_DEFAULT)
    expect(verifyBitcoinMessage(payment, message, ofPayment)).toBe(true)
    expect(verifyBitcoinMessage(ordinals, message, ofOrdinals)).toBe(true)
    // The ordinals address signs BIP-322 by default.
    expect(verifyBitcoinMessage(ordinals, 'default protocol', await sign(ordinals, 'default protocol'))).toBe(
      true,
    )
  })

  test('wrong message, another address, a flipped byte and garbage base64 verify false', async () => {
    const message = 'Hello Latchkey'
    const ofPayment = await sign(payment, message, 'BIP322')
    const ofOrdinals = await sign(ordinals, message, 'BIP322')
    for (const [address, signature, other] of [
      [payment, ofPayment, otherPayment],
      [ordinals, ofOrdinals, otherOrdinals],
    ] as const) {
      expect(verifyBitcoinMessage(address, 'Hello Latchkez', signature)).toBe(false)
      expect(verifyBitcoinMessage(other, message, signature)).toBe(false)
      expect(verifyBitcoinMessage(address, message, flipped(signature, 20))).toBe(false)
      expect(verifyBitcoinMessage(address, message, 'not base64 at all!')).toBe(false)
      expect(verifyBitcoinMessage(address, message, 'AAAA')).toBe(false)
      expect(verifyBitcoinMessage(address, message, '')).toBe(false)
      expect(verifyBitcoinMessage(address, message, toBase64(new Uint8Array(100).fill(0xff)))).toBe(false)
    }
    // Each key type's witness against the other type's address.
    expect(verifyBitcoinMessage(ordinals, message, ofPayment)).toBe(false)
    expect(verifyBitcoinMessage(payment, message, ofOrdinals)).toBe(false)
  })

  test('on testnet (tb1q / tb1p) too', async () => {
    wallet.switchNetwork('Testnet')
    try {
      const [testPayment, testOrdinals] = [wallet.paymentAddress, wallet.ordinalsAddress]
      expect(testPayment).toMatch(/^tb1q/)
      expect(testOrdinals).toMatch(/^tb1p/)
      const ofPayment = await sign(testPayment, 'testnet', 'BIP322')
      const ofOrdinals = await sign(testOrdinals, 'testnet', 'BIP322')
      expect(verifyBitcoinMessage(testPayment, 'testnet', ofPayment)).toBe(true)
      expect(verifyBitcoinMessage(testOrdinals, 'testnet', ofOrdinals)).toBe(true)
      expect(verifyBitcoinMessage(testOrdinals, 'regtest', ofOrdinals)).toBe(false)
      // BIP-322 signs the output script, not the address text: the same program's regtest address verifies too.
      expect(verifyBitcoinMessage(payment, 'testnet', ofPayment)).toBe(true)
    } finally {
      wallet.switchNetwork('Regtest')
    }
  })

  test('BIP-137 (ECDSA, 65 bytes) of the payment address still verifies', async () => {
    const signature = await sign(payment, 'Hello Latchkey', 'ECDSA')
    expect(fromBase64(signature)).toHaveLength(65)
    expect(verifyBitcoinMessage(payment, 'Hello Latchkey', signature)).toBe(true)
    expect(verifyBitcoinMessage(payment, 'Hello Latchkez', signature)).toBe(false)
    expect(verifyBitcoinMessage(otherPayment, 'Hello Latchkey', signature)).toBe(false)
  })
})

describe('unsupported BIP-322 signatures', () => {
  const [signature] = BIP_HELLO as [string]

  test.each([
    ['P2WSH', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['P2SH', '3HSVzEhCFuH9Z3wvoWTexy7BMVVp3PjS6f'],
    ['P2PKH', '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc'],
  ])('a %s address throws UNSUPPORTED_OPERATION naming it', (name, address) => {
    const error = thrown(address, 'Hello World', signature)
    expect(error).toBeInstanceOf(LatchkeyError)
    expect(error).toMatchObject({ code: 'UNSUPPORTED_OPERATION' })
    expect((error as Error).message).toContain(
      'BIP-322 verification supports P2WPKH and P2TR key-path addresses only',
    )
    expect((error as Error).message).toContain(name)
  })

  test('a taproot script-path witness that opens the address throws UNSUPPORTED_OPERATION; a fake one is false', () => {
    // A P2TR output with one leaf, built by bitcoinjs-lib (BIP-341), and a witness spending it by that leaf.
    initEccLib(ecc)
    const internalPubkey = ecc.xOnlyPointFromScalar(new Uint8Array(32).fill(3))
    const leafScript = Uint8Array.of(0x20, ...ecc.xOnlyPointFromScalar(new Uint8Array(32).fill(4)), 0xac)
    const redeem = { output: leafScript, redeemVersion: 0xc0 }
    const spend = payments.p2tr({
      internalPubkey,
      scriptTree: { output: leafScript },
      redeem,
      network: bnetworks.bitcoin,
    })
    const control = spend.witness?.at(-1) // [leaf script, control block]
    if (!spend.address || !control) throw new Error('bitcoinjs-lib gave no script-path witness')
    const schnorr = new Uint8Array(64).fill(1)
    const witness = (items: Uint8Array[]) =>
      toBase64(Uint8Array.of(items.length, ...items.flatMap((item) => [item.length, ...item])))
    const error = thrown(spend.address, 'Hello World', witness([schnorr, leafScript, control]))
    expect(error).toBeInstanceOf(LatchkeyError)
    expect(error).toMatchObject({ code: 'UNSUPPORTED_OPERATION' })
    expect((error as Error).message).toContain('taproot script-path')
    // The same control block does not open another output key: not a script path of that address, so false.
    expect(verifyBitcoinMessage(CORE_TAPROOT, 'Hello World', witness([schnorr, leafScript, control]))).toBe(
      false,
    )
    // A control block with another internal key, or the other parity, does not open this one's either.
    const otherKey = Uint8Array.of(0xc0, ...ecc.xOnlyPointFromScalar(new Uint8Array(32).fill(5)))
    const otherParity = Uint8Array.of((control[0] ?? 0) ^ 1, ...control.subarray(1))
    for (const fake of [otherKey, otherParity]) {
      expect(verifyBitcoinMessage(spend.address, 'Hello World', witness([schnorr, leafScript, fake]))).toBe(
        false,
      )
    }
    // An annex (a last item starting 0x50) is not verified either.
    const annexed = thrown(CORE_TAPROOT, 'Hello World', witness([schnorr, Uint8Array.of(0x50, 1, 2)]))
    expect(annexed).toMatchObject({ code: 'UNSUPPORTED_OPERATION' })
    expect((annexed as Error).message).toContain('annex')
  })

  test('an invalid address gives false, not an error', () => {
    expect(verifyBitcoinMessage('bc1qnotanaddress', 'Hello World', signature)).toBe(false)
    expect(verifyBitcoinMessage('tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', 'Hello World', signature)).toBe(
      false,
    )
  })
})
