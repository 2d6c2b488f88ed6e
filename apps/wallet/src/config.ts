/**
 * What the simulator's page runs on, embedded in the page (and served as `/wallet-config.json`): the relay, the
 * local chains with their RPC and Esplora URLs, and the test keys the stack funds. Built from the local stack's info
 * (tools/stack, `inject('stack')`) by {@link toWalletSimConfig}; no other field of the stack's info is served.
 */
export interface WalletSimConfig {
  /** The WalletConnect relay (`ws://127.0.0.1:<port>`). */
  relayUrl: string
  /** Any string: the local relay does not check it. */
  projectId: string
  evm: {
    chains: { chainId: number; name: string; rpcUrl: string }[]
    /** The stack's test mnemonic: accounts m/44'/60'/0'/0/i. */
    mnemonic: string
    accountIndices: number[]
  }
  solana: {
    clusters: { name: string; rpcUrl: string; genesisHash: string }[]
    /** The 64-byte secret keys (seed, then public key) of the test keypairs, base64. */
    secretKeys: string[]
  }
  bitcoin: {
    networks: { name: string; network: 'regtest' | 'testnet'; esploraUrl: string }[]
    /** The same test mnemonic: accounts m/84'/1'/0'/0/i (payment) and m/86'/1'/0'/0/i (taproot). */
    mnemonic: string
    accountIndices: number[]
  }
}

/**
 * The accounts the simulator holds by default, in each namespace: EVM accounts 1–3 of the test mnemonic, Solana test
 * keypairs 1–3 and Bitcoin accounts 1–3 (the stack funds 0–9 of each), the first one selected. Not account 0, which
 * the lab's injected wallets use, so a dApp sees which wallet it connected.
 */
export const DEFAULT_ACCOUNTS: readonly number[] = [1, 2, 3]

/** The project id the simulator gives the relay. */
const WALLET_SIM_PROJECT_ID = 'latchkey-wallet-sim'

function isUrl(value: unknown, protocols: readonly string[]): value is string {
  if (typeof value !== 'string') return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const isHttpUrl = (value: unknown): value is string => isUrl(value, ['http:', 'https:'])
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/**
 * Checks the parts of the stack's info the simulator uses (it crosses a process and a page boundary) and keeps only
 * those, with the accounts to hold. `solanaSecretKey(i)` gives test keypair `i`'s secret key (base64 of 64 bytes):
 * the server derives it in Node.
 * @throws TypeError naming the first field that is missing or malformed.
 */
export function toWalletSimConfig(
  input: unknown,
  options: { accounts: readonly number[]; solanaSecretKey: (index: number) => string },
): WalletSimConfig {
  const fail = (field: string): never => {
    throw new TypeError(`Invalid wallet simulator config: ${field}`)
  }
  const info = record(input)
  if (typeof input !== 'object' || input === null) return fail('expected an object')
  const accounts = [...options.accounts]
  if (accounts.length === 0 || accounts.some((index) => !Number.isSafeInteger(index) || index < 0))
    fail('accounts must be non-negative integers')

  const relay = record(info.relay)
  if (!isUrl(relay.url, ['ws:', 'wss:'])) fail('relay.url must be a ws(s) URL')

  const evm = record(info.evm)
  if (!Array.isArray(evm.chains) || evm.chains.length === 0) return fail('evm.chains must list a chain')
  const chains = evm.chains.map((entry: unknown, i) => {
    const chain = record(entry)
    if (!Number.isSafeInteger(chain.chainId) || (chain.chainId as number) <= 0)
      fail(`evm.chains[${i}].chainId`)
    if (typeof chain.name !== 'string' || chain.name === '') fail(`evm.chains[${i}].name`)
    if (!isHttpUrl(chain.rpcUrl)) fail(`evm.chains[${i}].rpcUrl must be an http(s) URL`)
    return { chainId: chain.chainId as number, name: chain.name as string, rpcUrl: chain.rpcUrl as string }
  })
  if (typeof evm.mnemonic !== 'string' || evm.mnemonic.trim().split(/\s+/).length < 12)
    fail('evm.mnemonic must be a mnemonic')

  const solana = record(info.solana)
  if (!Array.isArray(solana.clusters) || solana.clusters.length === 0)
    return fail('solana.clusters must list a cluster')
  const clusters = solana.clusters.map((entry: unknown, i) => {
    const cluster = record(entry)
    if (typeof cluster.name !== 'string' || cluster.name === '') fail(`solana.clusters[${i}].name`)
    if (!isHttpUrl(cluster.rpcUrl)) fail(`solana.clusters[${i}].rpcUrl must be an http(s) URL`)
    if (typeof cluster.genesisHash !== 'string' || !BASE58.test(cluster.genesisHash))
      fail(`solana.clusters[${i}].genesisHash`)
    return {
      name: cluster.name as string,
      rpcUrl: cluster.rpcUrl as string,
      genesisHash: cluster.genesisHash as string,
    }
  })

  const bitcoin = record(info.bitcoin)
  if (!Array.isArray(bitcoin.networks) || bitcoin.networks.length === 0)
    return fail('bitcoin.networks must list a network')
  const networks = bitcoin.networks.map((entry: unknown, i) => {
    const network = record(entry)
    if (typeof network.name !== 'string' || network.name === '') fail(`bitcoin.networks[${i}].name`)
    if (network.network !== 'regtest' && network.network !== 'testnet') fail(`bitcoin.networks[${i}].network`)
    if (!isHttpUrl(network.esploraUrl)) fail(`bitcoin.networks[${i}].esploraUrl must be an http(s) URL`)
    return {
      name: network.name as string,
      network: network.network as 'regtest' | 'testnet',
      esploraUrl: network.esploraUrl as string,
    }
  })

  const mnemonic = evm.mnemonic as string
  return {
    relayUrl: relay.url as string,
    projectId: WALLET_SIM_PROJECT_ID,
    evm: { chains, mnemonic, accountIndices: accounts },
    solana: { clusters, secretKeys: accounts.map((index) => options.solanaSecretKey(index)) },
    bitcoin: { networks, mnemonic, accountIndices: accounts },
  }
}

/** Every origin the page talks to (the relay, the chains), for the page's Content-Security-Policy. */
export function connectOrigins(config: WalletSimConfig): string[] {
  const urls = [
    config.relayUrl,
    ...config.evm.chains.map((chain) => chain.rpcUrl),
    ...config.solana.clusters.map((cluster) => cluster.rpcUrl),
    ...config.bitcoin.networks.map((network) => network.esploraUrl),
  ]
  const origins = new Set<string>()
  for (const url of urls) {
    const parsed = new URL(url)
    origins.add(parsed.origin)
    // A Solana connection opens the cluster's WebSocket on the same port (and the relay is ws already).
    const twin = { 'http:': 'ws:', 'https:': 'wss:' }[parsed.protocol]
    if (twin) origins.add(`${twin}//${parsed.host}`)
  }
  return [...origins]
}
