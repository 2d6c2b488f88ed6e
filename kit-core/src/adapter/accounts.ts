import type { CaipAddress, ChainNamespace } from '../caip/caip.js'

/** Which adapter library serves a namespace (SPEC §1). */
export type AdapterType = 'universal' | 'wagmi' | 'ethers' | 'ethers5' | 'solana' | 'bitcoin'

/**
 * The kind of an account (SPEC §3, §6): `eoa` and `smartAccount` on eip155 (and `eoa` on solana, polkadot,
 * cosmos); `payment` and `ordinal` are a Bitcoin wallet's two address roles.
 */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal'

export const ACCOUNT_TYPES: readonly AccountType[] = ['eoa', 'smartAccount', 'payment', 'ordinal']

/** The account type a namespace prefers when the host sets none (SPEC §6). */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<ChainNamespace, AccountType>> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
  cosmos: 'eoa',
})

/** One account a connected wallet exposes. */
export interface AdapterAccount {
  /** The chain's own address format (0x… on eip155, base58 on solana, bech32 on bip122). */
  address: string
  /** CAIP-10 id of the account on the network it was read on. */
  caipAddress: CaipAddress
  type: AccountType
  /** Hex public key, where the chain needs it (Bitcoin PSBT signing, Taproot). */
  publicKey?: string
  /** Derivation path, when the wallet tells. */
  path?: string
}
