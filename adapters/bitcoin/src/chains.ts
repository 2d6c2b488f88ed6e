// The Bitcoin chains the adapter knows by genesis hash: their sats-connect and Wallet Standard names, address
// parameters, and public Esplora servers. The CAIP-2 reference of a bip122 chain is its genesis hash prefix.
import { address as baddress, type Network, networks } from 'bitcoinjs-lib'

/** One known Bitcoin chain. */
export interface BitcoinChainInfo {
  /** sats-connect's BitcoinNetworkType name. */
  satsName: string
  /** The Wallet Standard chain id. */
  standardChain: `bitcoin:${string}`
  /** bitcoinjs-lib address parameters. */
  params: Network
}

/** Genesis hash prefixes (CAIP-2 references) of the chains wallets name. */
export const BITCOIN_CHAINS: Readonly<Record<string, BitcoinChainInfo>> = Object.freeze({
  '000000000019d6689c085ae165831e93': {
    satsName: 'Mainnet',
    standardChain: 'bitcoin:mainnet',
    params: networks.bitcoin,
  },
  '000000000933ea01ad0ee984209779ba': {
    satsName: 'Testnet',
    standardChain: 'bitcoin:testnet',
    params: networks.testnet,
  },
  '00000000da84f2bafbbc53dee25a72ae': {
    satsName: 'Testnet4',
    standardChain: 'bitcoin:testnet4',
    params: networks.testnet,
  },
  '00000008819873e925422c1ff0f99f7c': {
    satsName: 'Signet',
    standardChain: 'bitcoin:signet',
    params: networks.testnet,
  },
  '0f9188f13cb7b2c71f2a335e3a4fc328': {
    satsName: 'Regtest',
    standardChain: 'bitcoin:regtest',
    params: networks.regtest,
  },
})

/**
 * Public Esplora base URLs used when the host sets none for a network (mainnet and testnet); any other network
 * uses its own `rpcUrls.default` as the Esplora base URL.
 */
export const DEFAULT_ESPLORA_URLS: Readonly<Record<string, string>> = Object.freeze({
  'bip122:000000000019d6689c085ae165831e93': 'https://blockstream.info/api',
  'bip122:000000000933ea01ad0ee984209779ba': 'https://blockstream.info/testnet/api',
})

/** The chain entry of a `bip122:<reference>` id, if known. */
export function chainInfo(caipNetworkId: string): BitcoinChainInfo | undefined {
  const reference = caipNetworkId.startsWith('bip122:') ? caipNetworkId.slice(7) : ''
  return BITCOIN_CHAINS[reference]
}

/** The CAIP-2 id of a chain by its sats-connect name or Wallet Standard chain id. */
export function caipIdOfWalletNetwork(name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [reference, info] of Object.entries(BITCOIN_CHAINS)) {
    if (info.satsName.toLowerCase() === wanted || info.standardChain === wanted) return `bip122:${reference}`
  }
  return undefined
}

/** Address parameters to try for `address`: bech32 prefix first, else every known set. */
export function paramsForAddress(address: string): Network[] {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return [networks.regtest]
  if (lower.startsWith('bc1')) return [networks.bitcoin]
  if (lower.startsWith('tb1')) return [networks.testnet]
  return [networks.bitcoin, networks.testnet, networks.regtest]
}

/**
 * Whether `address` is a well-formed address of the chain `caipNetworkId` (bech32 prefix, or base58 version byte).
 * Decodes without bitcoinjs-lib's ECC library, so taproot addresses need no initEccLib. True for any well-formed
 * address when the chain is not one the adapter knows (its parameters are unknown).
 */
export function isAddressOn(address: string, caipNetworkId: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 100) return false
  const known = chainInfo(caipNetworkId)?.params
  try {
    const { prefix, version, data } = baddress.fromBech32(address)
    const sized =
      version === 0 ? data.length === 20 || data.length === 32 : data.length >= 2 && data.length <= 40
    return sized && (known ? known.bech32 === prefix : true)
  } catch {
    // not bech32: base58check below
  }
  try {
    const { version, hash } = baddress.fromBase58Check(address)
    return hash.length === 20 && (known ? version === known.pubKeyHash || version === known.scriptHash : true)
  } catch {
    return false
  }
}
