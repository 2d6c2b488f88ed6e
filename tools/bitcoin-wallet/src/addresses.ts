// The active account's addresses on the current network, and the network names sats-connect uses.
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, type Network, networks, payments } from 'bitcoinjs-lib'
import { toHex } from './bytes.js'
import type { AccountKeys } from './keys.js'
import type { WalletState } from './state.js'
import type { BitcoinNetworkKind, BitcoinWalletAddress } from './types.js'

export function networkParams(kind: BitcoinNetworkKind): Network {
  return kind === 'regtest' ? networks.regtest : networks.testnet
}

/** sats-connect's BitcoinNetworkType name of a network kind. */
export function satsNetworkName(kind: BitcoinNetworkKind): 'Regtest' | 'Testnet' {
  return kind === 'regtest' ? 'Regtest' : 'Testnet'
}

/** The Wallet Standard chain id of a network kind. */
export function standardChain(kind: BitcoinNetworkKind): 'bitcoin:regtest' | 'bitcoin:testnet' {
  return kind === 'regtest' ? 'bitcoin:regtest' : 'bitcoin:testnet'
}

export interface ResolvedAddress extends BitcoinWalletAddress {
  readonly script: Uint8Array
}

/** Payment (P2WPKH) then ordinals (P2TR) address of `keys` on network `kind`. */
function accountAddresses(keys: AccountKeys, kind: BitcoinNetworkKind): [ResolvedAddress, ResolvedAddress] {
  initEccLib(ecc)
  const network = networkParams(kind)
  const payment = payments.p2wpkh({ pubkey: keys.paymentPublicKey, network })
  const ordinals = payments.p2tr({ internalPubkey: keys.ordinalsInternalKey, network })
  return [
    {
      address: payment.address!,
      publicKey: toHex(keys.paymentPublicKey),
      purpose: 'payment',
      addressType: 'p2wpkh',
      walletType: 'software',
      script: payment.output!,
    },
    {
      address: ordinals.address!,
      publicKey: toHex(keys.ordinalsInternalKey),
      purpose: 'ordinals',
      addressType: 'p2tr',
      walletType: 'software',
      script: ordinals.output!,
    },
  ]
}

export function activeKeys(state: WalletState): AccountKeys {
  return state.accounts[state.active]!
}

export function activeAddresses(state: WalletState): [ResolvedAddress, ResolvedAddress] {
  return accountAddresses(activeKeys(state), state.network.network)
}

/** The public (JSON) form, without the script. */
export const publicAddress = ({ script: _script, ...rest }: ResolvedAddress): BitcoinWalletAddress => rest

/** Finds which of the active account's addresses `address` is; undefined when the wallet does not hold it. */
export function findAddress(state: WalletState, address: unknown): ResolvedAddress | undefined {
  return typeof address === 'string'
    ? activeAddresses(state).find((entry) => entry.address === address)
    : undefined
}
