// The local backends one bench run shares across all app runs: the two EVM chains, the services stand-in (the
// Provider API and the Blockchain API every app's https service hosts are routed to) and the static server of
// the built apps with its /bench-config.js; with the email app, also the mail sink, the auth service and the
// embedded wallet's secure frame, started as the local stack starts them (tools/stack/src/auth.ts).
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type AuthServer, startAuthServer } from '@latchkey/auth'
import { type StaticServer, serveStatic } from '@latchkey/browser'
import { type EvmChains, getTestAccount, startEvmChains, TOKENS } from '@latchkey/evm-chains'
import { pickFreePort } from '@latchkey/local-ports'
import { type MailSink, startMailSink } from '@latchkey/mail-sink'
import { DEFAULT_FRAME_NETWORKS, type SecureFrameServer, startSecureFrame } from '@latchkey/secure-frame'
import { generateWallets, type ServicesServer, startServicesServer } from '@latchkey/services'
import { APPS_DIR } from './paths.js'

/** The services stand-in's project of the main runs: its default listing (the 61-wallet fixture). */
export const MAIN_PROJECT_ID = 'latchkey-bench'
/** The project of the scale runs: 1,000 generated wallets. */
export const SCALE_PROJECT_ID = 'latchkey-bench-scale'
export const SCALE_WALLETS = 1000
/**
 * History items added (through the stand-in's control API) for the test wallet's account on each local chain, so that
 * the Activity list can be scrolled past 1,000 items (pages of 50: the append from 1,000 to 1,050 is timed).
 */
export const ACTIVITY_ITEMS = 1100

export interface BenchChainInfo {
  chainId: number
  name: string
  rpcUrl: string
}

/** The email login's backends (started with the email app only). */
export interface EmailBackends {
  /** The mail sink's HTTP API (`waitForCode` from `@latchkey/mail-sink/client`). */
  mailUrl: string
  authUrl: string
  /** The secure frame's page, `http://localhost:<port>/frame.html`: another site than the apps on 127.0.0.1. */
  frameUrl: string
}

export interface Backends {
  chains: [BenchChainInfo, BenchChainInfo]
  servicesUrl: string
  siteUrl: string
  email?: EmailBackends
  /** The private key of mnemonic account 0, funded on both chains. */
  walletKey: `0x${string}`
  /** Its address (lowercase), whose history holds {@link ACTIVITY_ITEMS} added items on each chain. */
  walletAddress: string
  /** Resolves once the stand-in's indexer has read every block mined so far (its history is up to date). */
  indexed(): Promise<void>
  stop(): Promise<void>
}

/** The classic script the apps read their run-time config from (`?listing=scale` picks the scale project). */
function benchConfigScript(chains: BenchChainInfo[], frameUrl: string | undefined): string {
  const config = { main: MAIN_PROJECT_ID, scale: SCALE_PROJECT_ID, chains, ...(frameUrl ? { frameUrl } : {}) }
  return `// Written by the bench harness at run time; read by every app as window.BENCH.
(function () {
  var c = ${JSON.stringify(config)};
  var scale = new URLSearchParams(location.search).get('listing') === 'scale';
  window.BENCH = { projectId: scale ? c.scale : c.main, chains: c.chains, frameUrl: c.frameUrl };
})();
`
}

/**
 * `count` history items of `address` on `caip2` (SPEC §3 Transactions, as the history answer carries them: sends and
 * receives of the chain's native currency, one an hour back from now), newest first.
 */
export function activityItems(address: string, caip2: string, count: number): unknown[] {
  const now = Date.now()
  const other = (i: number) => `0x${(0xb000 + i).toString(16).padStart(40, '0')}`
  return Array.from({ length: count }, (_, i) => {
    const hash = `0x${caip2.split(':')[1]?.padStart(8, '0')}${(i + 1).toString(16).padStart(56, '0')}`
    const send = i % 3 !== 0
    return {
      id: `bench-${caip2}-${i}`,
      metadata: {
        operationType: send ? 'send' : 'receive',
        hash,
        minedAt: new Date(now - (i + 1) * 3_600_000).toISOString(),
        sentFrom: send ? address : other(i),
        sentTo: send ? other(i) : address,
        status: i % 50 === 7 ? 'failed' : 'confirmed',
        nonce: i,
        chain: caip2,
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH' },
          direction: send ? 'out' : 'in',
          quantity: { numeric: `0.${String(1000 + i).padStart(4, '0')}` },
        },
      ],
    }
  })
}

function hex(bytes: Uint8Array): `0x${string}` {
  return `0x${Buffer.from(bytes).toString('hex')}`
}

/**
 * The mail sink, the auth service (in-memory database, a fresh key-encryption key, sending through the sink,
 * answering only the frame's origin, reading each project's origins from the stand-in) and the secure frame on the
 * port that origin names, signing through the auth service on the two local chains first, then SPEC §9's frame
 * networks (public RPC URLs: nothing offline reaches them, and the flow measured uses none).
 */
async function startEmailBackends(
  servicesUrl: string,
  chains: readonly BenchChainInfo[],
  started: { mail?: MailSink; auth?: AuthServer; frame?: SecureFrameServer },
): Promise<EmailBackends> {
  const mail = await startMailSink({ port: 0, smtpPort: 0, env: {} })
  started.mail = mail
  const framePort = await pickFreePort()
  const auth = await startAuthServer({
    port: 0,
    env: {},
    database: {},
    mode: 'development',
    kek: randomBytes(32),
    frameOrigin: `http://localhost:${framePort}`,
    providerApiUrl: servicesUrl,
    smtp: {
      host: mail.smtpHost,
      port: mail.smtpPort,
      ignoreTLS: true,
      from: 'Latchkey (bench) <login@latchkey.localhost>',
    },
  })
  started.auth = auth
  const frame = await startSecureFrame({
    port: framePort,
    authUrl: auth.url,
    blockchainApiUrl: servicesUrl,
    networks: [
      ...chains.map((chain) => ({
        caipNetworkId: `eip155:${chain.chainId}`,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        nativeSymbol: 'ETH',
        nativeDecimals: 18,
      })),
      ...DEFAULT_FRAME_NETWORKS,
    ],
  })
  started.frame = frame
  return { mailUrl: mail.url, authUrl: auth.url, frameUrl: `${frame.origin}/frame.html` }
}

/** Starts the backends; `email` adds the email login's (the mail sink, the auth service, the secure frame). */
export async function startBackends(options: { email?: boolean } = {}): Promise<Backends> {
  let evm: EvmChains | undefined
  let services: ServicesServer | undefined
  let site: StaticServer | undefined
  const emailStarted: { mail?: MailSink; auth?: AuthServer; frame?: SecureFrameServer } = {}
  const stop = async () => {
    // The frame and the auth service first (they read the stand-in and send through the sink).
    await Promise.allSettled([emailStarted.frame?.stop(), emailStarted.auth?.stop()])
    await Promise.allSettled([evm?.stop(), services?.stop(), site?.close(), emailStarted.mail?.stop()])
  }
  try {
    const started = await startEvmChains({ ephemeral: true })
    evm = started
    services = await startServicesServer({
      port: 0,
      evm: {
        chains: started.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        tokens: Object.values(TOKENS).map(({ symbol, name, decimals }) => ({
          symbol,
          name,
          decimals,
          address: started.tokens[symbol],
        })),
      },
    })
    const chains = started.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })) as [
      BenchChainInfo,
      BenchChainInfo,
    ]
    const email = options.email ? await startEmailBackends(services.url, chains, emailStarted) : undefined
    await writeFile(join(APPS_DIR, 'bench-config.js'), benchConfigScript(chains, email?.frameUrl))
    site = await serveStatic(APPS_DIR)
    // The email login's frame is shown only in these origins (its frame-ancestors, from the auth service, which
    // reads this list from the stand-in), and the kit offers email only when the page's origin is in it.
    const allowedOrigins = [site.url, site.url.replace('127.0.0.1', 'localhost')]
    services.control.setProject(MAIN_PROJECT_ID, { allowedOrigins })
    // The generated wallets serve a mix of chains; each is made to serve the local chains too, so that every
    // app's chain filter (the two local chains) lets all 1,000 through.
    const localChains = chains.map((chain) => `eip155:${chain.chainId}`)
    services.control.setProject(SCALE_PROJECT_ID, {
      allowedOrigins,
      wallets: generateWallets(SCALE_WALLETS).map((wallet) => ({
        ...wallet,
        chains: [...new Set([...wallet.chains, ...localChains])],
      })),
    })
    const key = getTestAccount(0).getHdKey().privateKey
    if (!key) throw new Error('Test account 0 has no private key')
    const walletAddress = getTestAccount(0).address.toLowerCase()
    // The Activity figures scroll the test wallet's history past 1,000 items: the indexed chains hold a few.
    for (const chain of chains) {
      await services.control.addHistory(
        MAIN_PROJECT_ID,
        walletAddress,
        activityItems(walletAddress, `eip155:${chain.chainId}`, ACTIVITY_ITEMS),
      )
    }
    const server = services
    return {
      chains,
      servicesUrl: services.url,
      siteUrl: site.url,
      ...(email ? { email } : {}),
      walletKey: hex(key),
      walletAddress,
      indexed: () => server.indexed(),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
