// The auth service of the local stack: its database and key-encryption key for `npm start` (kept in
// `.data/auth`), the frame origin it answers, and the mail sink it sends through.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  AUTH_DATA_DIR_ENV,
  AUTH_DATABASE_URL_ENV,
  AUTH_KEK_ENV,
  type AuthDatabaseOptions,
  type AuthServer,
  DEFAULT_FRAME_PORT,
  FRAME_PORT_ENV,
  parseKek,
  startAuthServer,
} from '@latchkey/auth'
import { pickFreePort, portFromEnv } from '@latchkey/local-ports'
import type { MailSink } from '@latchkey/mail-sink'

/** The auth service's own data folder for `npm start`: `.data/auth` at the repository's root (git-ignored). */
export const DEFAULT_AUTH_DATA_DIR = fileURLToPath(new URL('../../../.data/auth', import.meta.url))

interface AuthStackOptions {
  ephemeral?: boolean
  env?: Record<string, string | undefined>
}

/**
 * The key-encryption key of the stack's auth service: a fresh one per test run (ephemeral); for `npm start`,
 * LATCHKEY_AUTH_KEK, else the file `kek` in the auth data folder, made on the first start. A development
 * convenience only: a deployment keeps its key away from the database (apps/auth/README.md).
 */
function stackKek(options: AuthStackOptions, env: Record<string, string | undefined>): Uint8Array {
  if (options.ephemeral) return randomBytes(32)
  const fromEnv = env[AUTH_KEK_ENV]?.trim()
  if (fromEnv) return parseKek(fromEnv, AUTH_KEK_ENV)
  const folder = env[AUTH_DATA_DIR_ENV]?.trim() || DEFAULT_AUTH_DATA_DIR
  const file = join(folder, 'kek')
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  }
  return parseKek(readFileSync(file, 'utf8'), `The file ${file}`)
}

/** In memory for tests; for `npm start` the variables, else {@link DEFAULT_AUTH_DATA_DIR}. */
function authDatabase(
  options: AuthStackOptions,
  env: Record<string, string | undefined>,
): AuthDatabaseOptions | undefined {
  if (options.ephemeral) return {}
  if (env[AUTH_DATABASE_URL_ENV]?.trim() || env[AUTH_DATA_DIR_ENV]?.trim()) return undefined
  return { dataDir: DEFAULT_AUTH_DATA_DIR }
}

/**
 * Starts the auth service on top of the services stand-in (its Provider API lists each project's origins) and the
 * mail sink, answering the secure frame's origin `http://localhost:<port>`: LATCHKEY_FRAME_PORT or 5175, or for
 * tests a port that was free at start.
 */
export async function startStackAuth(
  options: AuthStackOptions,
  services: { url: string },
  mail: MailSink,
): Promise<AuthServer> {
  const env = options.env ?? process.env
  const framePort = options.ephemeral
    ? await pickFreePort()
    : (portFromEnv(env, FRAME_PORT_ENV) ?? DEFAULT_FRAME_PORT)
  const database = authDatabase(options, env)
  return startAuthServer({
    ...(options.ephemeral ? { port: 0 } : {}),
    env,
    ...(database ? { database } : {}),
    mode: 'development',
    kek: stackKek(options, env),
    frameOrigin: `http://localhost:${framePort}`,
    providerApiUrl: services.url,
    smtp: {
      host: mail.smtpHost,
      port: mail.smtpPort,
      ignoreTLS: true,
      from: 'Latchkey (local) <login@latchkey.localhost>',
    },
  })
}

/** The secure frame's server, as the stack uses it (apps/secure-frame's `startSecureFrame`). */
export interface StackFrameServer {
  url: string
  port: number
  /** `http://localhost:<port>` */
  origin: string
  stop(): Promise<void>
}

interface SecureFrameModule {
  /** SPEC §9's frame networks (public RPC URLs), after the local chains. */
  DEFAULT_FRAME_NETWORKS: readonly {
    caipNetworkId: string
    name: string
    rpcUrl: string
    nativeSymbol: string
    nativeDecimals: number
  }[]
  startSecureFrame(options: {
    port: number
    authUrl: string
    blockchainApiUrl?: string
    networks: {
      caipNetworkId: string
      name: string
      rpcUrl: string
      nativeSymbol: string
      nativeDecimals: number
    }[]
  }): Promise<StackFrameServer>
}

/**
 * apps/secure-frame, loaded by name when the stack starts rather than imported: the frame is built on
 * @latchkey/core, whose tests run on this stack, so a build dependency of the stack on the frame would close a cycle
 * (core -> stack -> frame -> core). `npm test` and `npm start` build every package before the stack starts.
 */
const SECURE_FRAME_PACKAGE = '@latchkey/secure-frame'

async function loadSecureFrame(): Promise<SecureFrameModule> {
  try {
    return (await import(SECURE_FRAME_PACKAGE)) as SecureFrameModule
  } catch (error) {
    throw new Error(
      `The secure frame (apps/secure-frame) is not built: run \`npm run build\` first (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

/**
 * Starts the embedded wallet's secure frame on the port the auth service answers (`http://localhost:<port>`), signing
 * through the auth service, reading balances from the stand-in, on the local EVM chains and Solana clusters first, then
 * SPEC §9's frame networks (their public RPC URLs: nothing offline reaches them).
 */
export async function startStackFrame(
  auth: AuthServer,
  services: { url: string },
  chains: {
    evm: readonly { chainId: number; name: string; rpcUrl: string }[]
    solana: readonly { caipNetworkId: string; name: string; rpcUrl: string }[]
  },
): Promise<StackFrameServer> {
  const { startSecureFrame, DEFAULT_FRAME_NETWORKS } = await loadSecureFrame()
  return startSecureFrame({
    port: Number(new URL(auth.frameOrigin).port),
    authUrl: auth.url,
    blockchainApiUrl: services.url,
    networks: [
      ...chains.evm.map((chain) => ({
        caipNetworkId: `eip155:${chain.chainId}`,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        nativeSymbol: 'ETH',
        nativeDecimals: 18,
      })),
      ...chains.solana.map((cluster) => ({ ...cluster, nativeSymbol: 'SOL', nativeDecimals: 9 })),
      ...DEFAULT_FRAME_NETWORKS,
    ],
  })
}
