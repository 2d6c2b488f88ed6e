/** What the local stack serves, as handed to tests (vitest `inject('stack')`) and printed by `npm start`. */

// Loads vitest's types so the `declare module 'vitest'` augmentation at the end has a module to merge into: tsc
// does not resolve it from a bare augmentation when nothing else in the program imports 'vitest'.
import type { BitcoinNetworksInfo } from '@latchkey/bitcoin-chains'
import type { LocalSolanaStack } from '@latchkey/solana-chains'
import type {} from 'vitest'

/** One local EVM chain. */
export interface LocalEvmChain {
  /** EIP-155 chain id. */
  chainId: number
  /** Human name, e.g. 'Latchkey Local'. */
  name: string
  /** HTTP JSON-RPC endpoint on 127.0.0.1. */
  rpcUrl: string
  port: number
}

/** The ERC-20 tokens deployed at the same addresses on every local EVM chain. */
export interface LocalEvmTokens {
  /** 6 decimals, standard ERC-20 (transfer returns bool). */
  LUSD: `0x${string}`
  /** 18 decimals, standard ERC-20. */
  LKT: `0x${string}`
  /** 6 decimals, USDT-style: transfer/approve/transferFrom return nothing. */
  LUSDT: `0x${string}`
}

export interface LocalEvmStack {
  chains: LocalEvmChain[]
  /** The fixed test mnemonic; accounts 0..9 of m/44'/60'/0'/0/i are funded with ETH and every token. */
  mnemonic: string
  tokens: LocalEvmTokens
}

/** The services stand-in (tools/services): the Provider API and the Blockchain API of SPEC §7 on one server. */
export interface LocalServices {
  /** Base URL of both APIs and of the control API under /__control, `http://127.0.0.1:<port>`. */
  url: string
}

/** The local WalletConnect relay (tools/wc-relay): the SDKs' `relayUrl`. */
export interface LocalRelayInfo {
  /** `ws://127.0.0.1:<port>`. */
  url: string
  port: number
}

/** The mail sink (tools/mail-sink): every email the local services send lands here. */
export interface LocalMail {
  /** `http://127.0.0.1:<port>`: the mailbox page at `/`, the JSON API at `/api/messages?to=<address>`. */
  url: string
  /** Where to send: plain SMTP on 127.0.0.1, no TLS, any or no credentials. */
  smtpHost: string
  smtpPort: number
}

/** The embedded wallet's secure frame (apps/secure-frame), on the origin the auth service answers. */
export interface LocalFrame {
  /** `http://localhost:<port>/frame.html`: load it with `?projectId=…` (SPEC §7's query). */
  url: string
  /** `http://localhost:<port>`: another site than the pages on 127.0.0.1. */
  origin: string
}

/** The embedded wallet's auth service (apps/auth): email codes, devices, sessions, keys and signing. */
export interface LocalAuth {
  /** `http://127.0.0.1:<port>`: the API of apps/auth/README.md. */
  url: string
  /**
   * The only browser origin it answers: the secure frame's, `http://localhost:<port>` (LATCHKEY_FRAME_PORT, default
   * 5175 for `npm start`; a port free at start in tests, where the frame of a later issue is to listen).
   */
  frameOrigin: string
}

export interface LocalStackInfo {
  evm: LocalEvmStack
  /** Two local Solana clusters (tools/solana-chains): JSON-RPC over HTTP and WebSocket, funded keypairs, an SPL mint. */
  solana: LocalSolanaStack
  /** Two local Bitcoin networks (tools/bitcoin-chains): regtest and testnet behind Esplora's HTTP API, funded accounts. */
  bitcoin: BitcoinNetworksInfo
  services: LocalServices
  /** The WalletConnect relay. A test that stops or restarts a relay starts its own (`startRelay({ port: 0 })`). */
  relay: LocalRelayInfo
  mail: LocalMail
  auth: LocalAuth
  frame: LocalFrame
}

declare module 'vitest' {
  interface ProvidedContext {
    stack: LocalStackInfo
  }
}
