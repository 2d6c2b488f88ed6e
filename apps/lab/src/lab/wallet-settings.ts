// The test wallet's settings as the lab keeps them in the page's localStorage, so they survive a reload (the
// wallet is created anew on each load, as an extension's state would persist). Browser-only code.
import type { ApprovalPolicy } from '@latchkey/evm-wallet'

/** localStorage key of {@link WalletSettings}. */
const WALLET_SETTINGS_KEY = 'latchkey-lab:wallet'
/**
 * localStorage key of a private key (0x + 64 hex) the wallets hold instead of the mnemonic's account 0. Tests
 * set it to a fresh funded key; a person can too.
 */
export const WALLET_KEY_KEY = 'latchkey-lab:wallet-key'
/** How many wallets the lab may announce. */
export const MAX_WALLETS = 3
/** The chain id the "unknown chain" action moves the wallet to: no page configures it. */
export const UNKNOWN_CHAIN_ID = 4242

/** The announced wallets' names and rdns, in order; the first is the test wallet's default. */
export const LAB_WALLETS = [
  { name: 'Latchkey Test Wallet', rdns: 'dev.latchkey.testwallet' },
  { name: 'Latchkey Test Wallet 2', rdns: 'dev.latchkey.testwallet.2' },
  { name: 'Latchkey Test Wallet 3', rdns: 'dev.latchkey.testwallet.3' },
] as const

export interface WalletSettings {
  policy: ApprovalPolicy
  /** 1 to {@link MAX_WALLETS}. */
  count: number
  /** Per rdns: whether the site holds the wallet's permission, and the wallet's chain. */
  sessions: Record<string, { connected: boolean; chainId?: number }>
}

const POLICIES: readonly ApprovalPolicy[] = ['approve', 'reject', 'hold']

/** The stored settings, with defaults for anything missing or malformed (storage is page-writable). */
export function readWalletSettings(storage: Storage): WalletSettings {
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(WALLET_SETTINGS_KEY) ?? '{}')
  } catch {
    raw = {}
  }
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const policy = POLICIES.includes(value.policy as ApprovalPolicy)
    ? (value.policy as ApprovalPolicy)
    : 'approve'
  const count =
    Number.isInteger(value.count) && (value.count as number) >= 1 && (value.count as number) <= MAX_WALLETS
      ? (value.count as number)
      : 1
  const sessions: WalletSettings['sessions'] = {}
  const stored = (
    typeof value.sessions === 'object' && value.sessions !== null ? value.sessions : {}
  ) as Record<string, { connected?: unknown; chainId?: unknown }>
  for (const { rdns } of LAB_WALLETS) {
    const entry = stored[rdns]
    if (!entry) continue
    sessions[rdns] = {
      connected: entry.connected === true,
      ...(Number.isSafeInteger(entry.chainId) ? { chainId: entry.chainId as number } : {}),
    }
  }
  return { policy, count, sessions }
}

/** Stores the settings after applying `change` to the stored ones. */
export function updateWalletSettings(
  storage: Storage,
  change: (settings: WalletSettings) => void,
): WalletSettings {
  const settings = readWalletSettings(storage)
  change(settings)
  storage.setItem(WALLET_SETTINGS_KEY, JSON.stringify(settings))
  return settings
}

/** The stored private key, when it is well formed. */
export function readWalletKey(storage: Storage): `0x${string}` | undefined {
  const key = storage.getItem(WALLET_KEY_KEY)
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as `0x${string}`) : undefined
}

/** The wallets of the non-EVM pages, named in `<html data-lab-wallets>`. */
export type ChainWalletKind = 'solana' | 'bitcoin' | 'multichain'
const CHAIN_WALLET_KINDS: readonly ChainWalletKind[] = ['solana', 'bitcoin', 'multichain']

/** The kinds a `data-lab-wallets` value lists (comma-separated); unknown names are ignored. */
export function chainWalletKindsOf(value: string | undefined): ChainWalletKind[] {
  const names = (value ?? '').split(',').map((name) => name.trim())
  return CHAIN_WALLET_KINDS.filter((kind) => names.includes(kind))
}

/** The multi-chain test wallet's EIP-6963 name and rdns (its Solana side shares the name). */
export const MULTICHAIN_WALLET = {
  name: 'Latchkey Multichain Wallet',
  rdns: 'dev.latchkey.multichain',
} as const

/** localStorage key of the Solana test wallet's secret key (base64 of 64 bytes) instead of the lab's default. */
export const SOLANA_KEY_KEY = 'latchkey-lab:solana-key'
/** localStorage key of the Bitcoin test wallet's account index (of the test mnemonic) instead of 0. */
export const BITCOIN_ACCOUNT_KEY = 'latchkey-lab:bitcoin-account'
const CHAIN_WALLETS_KEY = 'latchkey-lab:chain-wallets'

/** A 64-byte ed25519 secret key from base64, or undefined when it is not one. */
export function decodeSecretKey(text: string | null | undefined): Uint8Array | undefined {
  if (!text) return undefined
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
    return bytes.length === 64 ? bytes : undefined
  } catch {
    return undefined
  }
}

/** The stored Solana secret key, when it is well formed. */
export function readSolanaKey(storage: Storage): Uint8Array | undefined {
  return decodeSecretKey(storage.getItem(SOLANA_KEY_KEY))
}

/** The stored Bitcoin account index (0 to 999), default 0. */
export function readBitcoinAccount(storage: Storage): number {
  const value = Number(storage.getItem(BITCOIN_ACCOUNT_KEY) ?? '0')
  return Number.isInteger(value) && value >= 0 && value < 1000 ? value : 0
}

/** What a chain wallet held when the page went: the site's permission and its network. */
export interface ChainWalletSession {
  connected: boolean
  /** The Solana cluster's or the Bitcoin network's name. */
  network?: string
  /** The multi-chain wallet's EVM chain. */
  chainId?: number
  /** Whether the multi-chain wallet's Solana side holds the site's permission. */
  solanaConnected?: boolean
}

/** The stored sessions of the chain wallets (malformed entries dropped: storage is page-writable). */
export function readChainWalletSessions(
  storage: Storage,
): Partial<Record<ChainWalletKind, ChainWalletSession>> {
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(CHAIN_WALLETS_KEY) ?? '{}')
  } catch {
    raw = {}
  }
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
    string,
    Record<string, unknown>
  >
  const sessions: Partial<Record<ChainWalletKind, ChainWalletSession>> = {}
  for (const kind of CHAIN_WALLET_KINDS) {
    const entry = value[kind]
    if (typeof entry !== 'object' || entry === null) continue
    sessions[kind] = {
      connected: entry.connected === true,
      ...(typeof entry.network === 'string' ? { network: entry.network } : {}),
      ...(Number.isSafeInteger(entry.chainId) ? { chainId: entry.chainId as number } : {}),
      ...(entry.solanaConnected === true ? { solanaConnected: true } : {}),
    }
  }
  return sessions
}

/** Stores the chain wallets' sessions (the kinds given replace the stored ones). */
export function writeChainWalletSessions(
  storage: Storage,
  sessions: Partial<Record<ChainWalletKind, ChainWalletSession>>,
): void {
  storage.setItem(CHAIN_WALLETS_KEY, JSON.stringify({ ...readChainWalletSessions(storage), ...sessions }))
}
