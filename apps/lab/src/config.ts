/**
 * What the lab serves its pages as `/lab-config.json` (and embeds in each page): the local chains, the ERC-20
 * tokens and the services stand-in. The shape is a subset of the local stack's info (tools/stack,
 * `inject('stack')`), so the stack can pass its own object.
 */
export interface LabConfig {
  evm: {
    /** The local EVM chains; the lab uses 31337 and 31338. */
    chains: readonly { chainId: number; name: string; rpcUrl: string }[]
    /** The test wallet's default keys come from this mnemonic (account 0); default the wallet's own. */
    mnemonic?: string
    tokens: { LUSD: `0x${string}` }
  }
  services: { url: string }
  /** The local WalletConnect relay (ws://); with it, the lab's pages connect phone wallets over WalletConnect. */
  relay?: { url: string }
  /** The embedded wallet's secure frame page (`http://localhost:5175/frame.html`); with it, the pages offer email login. */
  frame?: { url: string }
  /** The two local Solana clusters and the SPL test mint (for /solana and /multichain). */
  solana: {
    clusters: readonly { name: string; rpcUrl: string; wsUrl: string; genesisHash: string }[]
    mint: { address: string; decimals: number }
  }
  /** Test keys for the wallets of dev builds: the Solana wallet's secret key (base64 of 64 bytes). */
  wallets?: { solanaSecretKey: string }
  /** The two local Bitcoin networks behind their Esplora APIs (for /bitcoin and /multichain). */
  bitcoin: {
    networks: readonly { name: string; network: 'regtest' | 'testnet'; esploraUrl: string }[]
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

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

/** The Solana part of a config. @throws TypeError naming the first bad field (via `fail`). */
function solanaOf(input: unknown, fail: (field: string) => never): LabConfig['solana'] {
  const solana = (input ?? {}) as Record<string, unknown>
  if (!Array.isArray(solana.clusters) || solana.clusters.length < 2)
    return fail('solana.clusters must list two clusters')
  const clusters = solana.clusters.map((cluster: unknown, i) => {
    const c = (cluster ?? {}) as Record<string, unknown>
    if (typeof c.name !== 'string' || c.name === '') fail(`solana.clusters[${i}].name`)
    if (!isHttpUrl(c.rpcUrl)) fail(`solana.clusters[${i}].rpcUrl must be an http(s) URL`)
    if (!isUrl(c.wsUrl, ['ws:', 'wss:'])) fail(`solana.clusters[${i}].wsUrl must be a ws(s) URL`)
    if (typeof c.genesisHash !== 'string' || !BASE58.test(c.genesisHash))
      fail(`solana.clusters[${i}].genesisHash`)
    return {
      name: c.name as string,
      rpcUrl: c.rpcUrl as string,
      wsUrl: c.wsUrl as string,
      genesisHash: c.genesisHash as string,
    }
  })
  const mint = (solana.mint ?? {}) as Record<string, unknown>
  if (typeof mint.address !== 'string' || !BASE58.test(mint.address)) fail('solana.mint.address')
  if (!Number.isInteger(mint.decimals) || (mint.decimals as number) < 0 || (mint.decimals as number) > 18)
    fail('solana.mint.decimals')
  return { clusters, mint: { address: mint.address as string, decimals: mint.decimals as number } }
}

/** The Bitcoin part of a config. @throws TypeError naming the first bad field (via `fail`). */
function bitcoinOf(input: unknown, fail: (field: string) => never): LabConfig['bitcoin'] {
  const bitcoin = (input ?? {}) as Record<string, unknown>
  if (!Array.isArray(bitcoin.networks) || bitcoin.networks.length < 2)
    return fail('bitcoin.networks must list two networks')
  const networks = bitcoin.networks.map((entry: unknown, i) => {
    const n = (entry ?? {}) as Record<string, unknown>
    if (typeof n.name !== 'string' || n.name === '') fail(`bitcoin.networks[${i}].name`)
    if (n.network !== 'regtest' && n.network !== 'testnet') fail(`bitcoin.networks[${i}].network`)
    if (!isHttpUrl(n.esploraUrl)) fail(`bitcoin.networks[${i}].esploraUrl must be an http(s) URL`)
    return {
      name: n.name as string,
      network: n.network as 'regtest' | 'testnet',
      esploraUrl: n.esploraUrl as string,
    }
  })
  return { networks }
}

/**
 * Checks a config (it crosses a process and a page boundary) and keeps only the fields the lab uses, so secrets
 * or extra fields of the stack's info are never served.
 * @throws TypeError naming the first field that is missing or malformed.
 */
export function toLabConfig(input: unknown): LabConfig {
  const fail = (field: string): never => {
    throw new TypeError(`Invalid lab config: ${field}`)
  }
  if (typeof input !== 'object' || input === null) return fail('expected an object')
  const { evm, services, relay, frame, solana, bitcoin, wallets } = input as {
    evm?: Record<string, unknown>
    services?: Record<string, unknown>
    relay?: Record<string, unknown>
    frame?: Record<string, unknown>
    solana?: unknown
    bitcoin?: unknown
    wallets?: { solanaSecretKey?: unknown }
  }
  if (!evm || !Array.isArray(evm.chains)) return fail('evm.chains must be an array')
  const chains = evm.chains.map((chain: unknown, i) => {
    const c = (chain ?? {}) as Record<string, unknown>
    if (!Number.isSafeInteger(c.chainId) || (c.chainId as number) <= 0) fail(`evm.chains[${i}].chainId`)
    if (typeof c.name !== 'string' || c.name === '') fail(`evm.chains[${i}].name`)
    if (!isHttpUrl(c.rpcUrl)) fail(`evm.chains[${i}].rpcUrl must be an http(s) URL`)
    return { chainId: c.chainId as number, name: c.name as string, rpcUrl: c.rpcUrl as string }
  })
  const tokens = evm.tokens as Record<string, unknown> | undefined
  if (typeof tokens?.LUSD !== 'string' || !ADDRESS.test(tokens.LUSD))
    fail('evm.tokens.LUSD must be an address')
  if (evm.mnemonic !== undefined && typeof evm.mnemonic !== 'string') fail('evm.mnemonic must be a string')
  if (!isHttpUrl(services?.url)) fail('services.url must be an http(s) URL')
  if (relay !== undefined && !isUrl(relay?.url, ['ws:', 'wss:'])) fail('relay.url must be a ws(s) URL')
  if (frame !== undefined && !isHttpUrl(frame?.url)) fail('frame.url must be an http(s) URL')
  return {
    evm: {
      chains,
      ...(evm.mnemonic === undefined ? {} : { mnemonic: evm.mnemonic as string }),
      tokens: { LUSD: tokens?.LUSD as `0x${string}` },
    },
    services: { url: services?.url as string },
    ...(relay === undefined ? {} : { relay: { url: relay.url as string } }),
    ...(frame === undefined ? {} : { frame: { url: frame.url as string } }),
    solana: solanaOf(solana, fail),
    bitcoin: bitcoinOf(bitcoin, fail),
    ...(wallets === undefined ? {} : { wallets: { solanaSecretKey: secretKeyOf(wallets, fail) } }),
  }
}

function secretKeyOf(wallets: { solanaSecretKey?: unknown }, fail: (field: string) => never): string {
  const key = wallets.solanaSecretKey
  if (typeof key !== 'string' || !/^[A-Za-z0-9+/]{86}==$/.test(key))
    return fail('wallets.solanaSecretKey must be 64 bytes in base64')
  return key
}
