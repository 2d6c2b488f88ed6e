import { fileURLToPath } from 'node:url'
import type { AuthServer } from '@latchkey/auth'
import { type BitcoinNetworks, startBitcoinNetworks } from '@latchkey/bitcoin-chains'
import { type EvmChains, startEvmChains, TOKENS } from '@latchkey/evm-chains'
import { type MailSink, startMailSink } from '@latchkey/mail-sink'
import {
  readBitcoinCaipNetworkId,
  SERVICES_DATA_DIR_ENV,
  SERVICES_DATABASE_URL_ENV,
  type ServicesDatabaseOptions,
  type ServicesServer,
  solanaCaipNetworkId,
  startServicesServer,
} from '@latchkey/services'
import { type SolanaClusters, startSolanaClusters } from '@latchkey/solana-chains'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { type StackFrameServer, startStackAuth, startStackFrame } from './auth.js'
import type { LocalStackInfo } from './types.js'

export { DEFAULT_AUTH_DATA_DIR } from './auth.js'

export { formatStackInfo } from './format.js'
export { type RunStackOptions, runStack, type StackExtras } from './run.js'
export type {
  LocalAuth,
  LocalEvmChain,
  LocalEvmStack,
  LocalEvmTokens,
  LocalFrame,
  LocalMail,
  LocalRelayInfo,
  LocalServices,
  LocalStackInfo,
} from './types.js'

/** The services stand-in's own data folder for `npm start`: `.data/services` at the repository's root (git-ignored). */
export const DEFAULT_SERVICES_DATA_DIR = fileURLToPath(new URL('../../../.data/services', import.meta.url))

/** The made-up USD prices of the local tokens (ETH's, SOL's and BTC's are the stand-in's own). */
const TOKEN_PRICES: Record<string, number> = { LUSD: 1, LKT: 0.25, LUSDT: 1 }

/**
 * Where the stand-in keeps its data: in memory for tests (ephemeral); for `npm start` what
 * LATCHKEY_SERVICES_DATABASE_URL or LATCHKEY_SERVICES_DATA_DIR says, else {@link DEFAULT_SERVICES_DATA_DIR}.
 */
function servicesDatabase(options: StartStackOptions): ServicesDatabaseOptions | undefined {
  if (options.ephemeral) return {}
  const env = options.env ?? process.env
  if (env[SERVICES_DATABASE_URL_ENV]?.trim() || env[SERVICES_DATA_DIR_ENV]?.trim()) return undefined
  return { dataDir: DEFAULT_SERVICES_DATA_DIR }
}

export interface StartStackOptions {
  /**
   * Every service on an ephemeral port (tests). Otherwise the fixed default ports, each overridable by its
   * environment variable (LATCHKEY_EVM1_PORT, LATCHKEY_EVM2_PORT, LATCHKEY_SOLANA1_PORT, LATCHKEY_SOLANA2_PORT,
   * LATCHKEY_BTC1_PORT, LATCHKEY_BTC2_PORT, LATCHKEY_SERVICES_PORT, LATCHKEY_RELAY_PORT, LATCHKEY_MAIL_SMTP_PORT,
   * LATCHKEY_MAIL_PORT, LATCHKEY_AUTH_PORT; LATCHKEY_FRAME_PORT for the auth service's frame origin), and the
   * services stand-in's and the auth service's databases in their folders (below).
   */
  ephemeral?: boolean
  /** Where the port and database variables are read from. Default: process.env. */
  env?: Record<string, string | undefined>
}

/** The running local stack. */
export interface LocalStack {
  /** The endpoints, as tests receive them through `inject('stack')`. */
  info: LocalStackInfo
  /** Runs `listener` if a service dies on its own (not through stop()). */
  onCrash(listener: (error: Error) => void): () => void
  /** Stops every service and waits until all have exited. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts everything local: the two EVM chains with their tokens, the two Solana clusters, the two Bitcoin
 * networks, the WalletConnect relay and the mail sink side by side, then the services stand-in reading the chains,
 * then the auth service (sending through the sink, reading origins from the stand-in). When one fails, what
 * started is stopped and the first error is thrown.
 */
export async function startStack(options: StartStackOptions = {}): Promise<LocalStack> {
  const common = {
    ...(options.ephemeral ? { ephemeral: true } : {}),
    ...(options.env ? { env: options.env } : {}),
  }
  const started = await Promise.allSettled([
    startEvmChains(common),
    startSolanaClusters(common),
    startBitcoinNetworks(common),
    startRelay({
      ...(options.ephemeral ? { port: 0 } : {}),
      ...(options.env ? { env: options.env } : {}),
    }),
    startMailSink({
      ...(options.ephemeral ? { port: 0, smtpPort: 0 } : {}),
      ...(options.env ? { env: options.env } : {}),
    }),
  ] as const)
  const [evmStart, solanaStart, bitcoinStart, relayStart, mailStart] = started
  if (
    evmStart.status === 'rejected' ||
    solanaStart.status === 'rejected' ||
    bitcoinStart.status === 'rejected' ||
    relayStart.status === 'rejected' ||
    mailStart.status === 'rejected'
  ) {
    await Promise.allSettled(
      started.map((entry) => (entry.status === 'fulfilled' ? stopService(entry.value) : undefined)),
    )
    throw (started.find((entry) => entry.status === 'rejected') as PromiseRejectedResult).reason
  }
  const evm: EvmChains = evmStart.value
  const solana: SolanaClusters = solanaStart.value
  const bitcoin: BitcoinNetworks = bitcoinStart.value
  const relay: LocalRelay = relayStart.value
  const mail: MailSink = mailStart.value
  const stopChains = () =>
    Promise.all([evm.stop(), solana.stop(), bitcoin.stop(), relay.close(), mail.stop()])
  let services: ServicesServer
  try {
    // Bitcoin ids come from the genesis hash each network's Esplora API reports, so they are the real ones.
    const bitcoinNetworks = await Promise.all(
      bitcoin.networks.map(async ({ esploraUrl }) => ({
        caipNetworkId: await readBitcoinCaipNetworkId(esploraUrl),
        esploraUrl,
      })),
    )
    const database = servicesDatabase(options)
    services = await startServicesServer({
      ...(options.ephemeral ? { port: 0 } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(database ? { database } : {}),
      evm: {
        chains: evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        tokens: Object.values(TOKENS).map(({ symbol, name, decimals }) => ({
          symbol,
          name,
          decimals,
          address: evm.tokens[symbol],
          price: TOKEN_PRICES[symbol] ?? 1,
        })),
      },
      solana: {
        clusters: solana.clusters.map(({ genesisHash, rpcUrl }) => ({
          caipNetworkId: solanaCaipNetworkId(genesisHash),
          rpcUrl,
        })),
        mint: {
          address: solana.mint.address,
          symbol: solana.mint.symbol,
          name: 'Latchkey USD',
          decimals: solana.mint.decimals,
        },
      },
      bitcoin: { networks: bitcoinNetworks },
    })
  } catch (error) {
    await stopChains()
    throw error
  }
  let auth: AuthServer
  try {
    auth = await startStackAuth(options, services, mail)
  } catch (error) {
    await services.stop()
    await stopChains()
    throw error
  }
  let frame: StackFrameServer
  try {
    frame = await startStackFrame(auth, services, {
      evm: evm.chains,
      solana: solana.clusters.map((cluster) => ({
        caipNetworkId: solanaCaipNetworkId(cluster.genesisHash),
        name: cluster.name,
        rpcUrl: cluster.rpcUrl,
      })),
    })
  } catch (error) {
    await auth.stop()
    await services.stop()
    await stopChains()
    throw error
  }
  const info: LocalStackInfo = {
    evm: {
      chains: evm.chains.map((chain) => ({ ...chain })),
      mnemonic: evm.mnemonic,
      tokens: { ...evm.tokens },
    },
    solana: { clusters: solana.clusters, mint: solana.mint, keypairs: solana.keypairs },
    bitcoin: bitcoin.info(),
    services: { url: services.url },
    relay: { url: relay.url, port: relay.port },
    mail: { url: mail.url, smtpHost: mail.smtpHost, smtpPort: mail.smtpPort },
    auth: { url: auth.url, frameOrigin: auth.frameOrigin },
    frame: { url: `${frame.origin}/frame.html`, origin: frame.origin },
  }
  let stopped: Promise<void> | undefined
  return {
    info,
    onCrash: (listener) => evm.onCrash(listener),
    stop() {
      // The auth service first (it reads the stand-in and sends through the sink), then the stand-in: its indexer
      // stops reading the chains before they go.
      stopped ??= frame
        .stop()
        .finally(() => auth.stop())
        .finally(() => services.stop())
        .finally(() => stopChains())
        .then(() => undefined)
      return stopped
    },
  }
}

/** Stops one started service; the relay closes for good (its `stop()` only pauses it). */
function stopService(service: { stop(): Promise<void> } | LocalRelay): Promise<void> {
  return 'close' in service ? service.close() : service.stop()
}
