// The funded test accounts: BIP-84 (P2WPKH, "payment") and BIP-86 (P2TR key path, "taproot") keys of a fixed
// mnemonic, coin type 1 as on every Bitcoin test network.
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, type Network, networks, payments } from 'bitcoinjs-lib'
import { derivePrivateKey, mnemonicToSeed } from './keys.js'

/** The mnemonic every funded address comes from (the same words as the EVM chains' test mnemonic). */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'
/** How many accounts (indices 0..9) are funded on each network. */
export const FUNDED_ACCOUNT_COUNT = 10
/** Each funded address (payment and taproot) receives this many outputs at start... */
export const FUNDED_UTXO_COUNT = 2
/** ...of this many satoshis each (5 BTC). */
export const FUNDED_UTXO_SATS = 500_000_000
/** BIP-84 path of account `i`'s payment key. */
export const paymentPath = (index: number): string => `m/84'/1'/0'/0/${index}`
/** BIP-86 path of account `i`'s taproot key. */
export const taprootPath = (index: number): string => `m/86'/1'/0'/0/${index}`

/** The kind of local network: bitcoinjs-lib's regtest (bech32 prefix bcrt) or testnet (prefix tb) parameters. */
export type BitcoinNetworkKind = 'regtest' | 'testnet'

/** bitcoinjs-lib's network parameters of a kind. */
export function networkParams(kind: BitcoinNetworkKind): Network {
  return kind === 'regtest' ? networks.regtest : networks.testnet
}

/** A funded account's public side: what goes into the info object (JSON-safe, no secrets needed to read it). */
export interface BitcoinTestAccount {
  index: number
  payment: { path: string; publicKey: string; addresses: Record<BitcoinNetworkKind, string> }
  taproot: { path: string; internalPubkey: string; addresses: Record<BitcoinNetworkKind, string> }
}

/** An account with its private keys, for tests that sign. */
export interface BitcoinTestKeys extends BitcoinTestAccount {
  paymentPrivateKey: Uint8Array
  taprootPrivateKey: Uint8Array
}

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

/** P2WPKH address of a compressed public key. */
export function paymentAddress(publicKey: Uint8Array, kind: BitcoinNetworkKind): string {
  return payments.p2wpkh({ pubkey: publicKey, network: networkParams(kind) }).address!
}

/** P2TR (BIP-86 key path, no script tree) address of an x-only internal key. */
export function taprootAddress(internalPubkey: Uint8Array, kind: BitcoinNetworkKind): string {
  initEccLib(ecc)
  return payments.p2tr({ internalPubkey, network: networkParams(kind) }).address!
}

/**
 * Account `index` of a mnemonic (default {@link TEST_MNEMONIC}) with its private keys. Throws on a negative or
 * non-integer index.
 */
export function getTestKeys(index: number, mnemonic: string = TEST_MNEMONIC): BitcoinTestKeys {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Account index must be >= 0, got ${index}`)
  const seed = mnemonicToSeed(mnemonic)
  const paymentPrivateKey = derivePrivateKey(seed, paymentPath(index))
  const taprootPrivateKey = derivePrivateKey(seed, taprootPath(index))
  const publicKey = ecc.pointFromScalar(paymentPrivateKey, true)!
  const internalPubkey = ecc.xOnlyPointFromScalar(taprootPrivateKey)
  return {
    index,
    payment: {
      path: paymentPath(index),
      publicKey: toHex(publicKey),
      addresses: {
        regtest: paymentAddress(publicKey, 'regtest'),
        testnet: paymentAddress(publicKey, 'testnet'),
      },
    },
    taproot: {
      path: taprootPath(index),
      internalPubkey: toHex(internalPubkey),
      addresses: {
        regtest: taprootAddress(internalPubkey, 'regtest'),
        testnet: taprootAddress(internalPubkey, 'testnet'),
      },
    },
    paymentPrivateKey,
    taprootPrivateKey,
  }
}

/** The public side of accounts 0..count-1 (default the funded ten). */
export function getTestAccounts(count = FUNDED_ACCOUNT_COUNT): BitcoinTestAccount[] {
  return Array.from({ length: count }, (_, index) => {
    const { paymentPrivateKey: _p, taprootPrivateKey: _t, ...account } = getTestKeys(index)
    return account
  })
}
