// The wallet's keys: BIP-84 payment and BIP-86 ordinals keys per account, from a mnemonic or given raw.
import * as ecc from '@bitcoinerlab/secp256k1'
import { mnemonicToSeedSync } from '@scure/bip39'
import { BIP32Factory } from 'bip32'
import { crypto } from 'bitcoinjs-lib'
import { fromHex } from './bytes.js'
import type { BitcoinTestWalletOptions } from './types.js'

/** The default mnemonic: the funded accounts of @latchkey/bitcoin-chains. */
export const DEFAULT_TEST_MNEMONIC = 'test test test test test test test test test test test junk'

/** One account's keys. */
export interface AccountKeys {
  readonly paymentPrivateKey: Uint8Array
  readonly paymentPublicKey: Uint8Array
  readonly ordinalsPrivateKey: Uint8Array
  /** x-only internal key (BIP-86: no script tree). */
  readonly ordinalsInternalKey: Uint8Array
  /** The private key of the tweaked output key, which signs key-path spends. */
  readonly ordinalsTweakedPrivateKey: Uint8Array
}

function accountFromKeys(payment: Uint8Array, ordinals: Uint8Array): AccountKeys {
  if (!ecc.isPrivate(payment) || !ecc.isPrivate(ordinals))
    throw new Error('createBitcoinTestWallet: invalid private key')
  const internal = ecc.xOnlyPointFromScalar(ordinals)
  const evenY = ecc.pointFromScalar(ordinals, true)![0] === 0x02 ? ordinals : ecc.privateNegate(ordinals)
  const tweaked = ecc.privateAdd(evenY, crypto.taggedHash('TapTweak', internal))
  if (!tweaked) throw new Error('createBitcoinTestWallet: taproot tweak failed')
  return {
    paymentPrivateKey: payment,
    paymentPublicKey: ecc.pointFromScalar(payment, true)!,
    ordinalsPrivateKey: ordinals,
    ordinalsInternalKey: internal,
    ordinalsTweakedPrivateKey: tweaked,
  }
}

/** Loads the accounts an options object describes; throws a clear error on bad keys or indices. */
export function loadAccounts(options: BitcoinTestWalletOptions): AccountKeys[] {
  if (options.keys && options.keys.length > 0 && options.mnemonic === undefined) {
    return options.keys.map((keys) => {
      const payment = keys.payment.replace(/^0x/, '')
      const ordinals = keys.ordinals.replace(/^0x/, '')
      if (!/^[0-9a-fA-F]{64}$/.test(payment) || !/^[0-9a-fA-F]{64}$/.test(ordinals))
        throw new Error('createBitcoinTestWallet: keys must be 32-byte hex private keys')
      return accountFromKeys(fromHex(payment), fromHex(ordinals))
    })
  }
  const indices = options.accountIndices ?? [0]
  if (indices.length === 0) throw new Error('createBitcoinTestWallet: accountIndices is empty')
  const root = BIP32Factory(ecc).fromSeed(mnemonicToSeedSync(options.mnemonic ?? DEFAULT_TEST_MNEMONIC))
  return indices.map((index) => {
    if (!Number.isInteger(index) || index < 0)
      throw new Error(`createBitcoinTestWallet: bad account index ${index}`)
    const payment = root.derivePath(`m/84'/1'/0'/0/${index}`).privateKey!
    const ordinals = root.derivePath(`m/86'/1'/0'/0/${index}`).privateKey!
    return accountFromKeys(Uint8Array.from(payment), Uint8Array.from(ordinals))
  })
}
