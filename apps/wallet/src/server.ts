import { readdir, readFile } from 'node:fs/promises'
import { createServer, type ServerResponse } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { listenLocal, portFromEnv } from '@latchkey/local-ports'
import { DEFAULT_OUT_DIR, MANIFEST_FILE, type WalletSimManifest } from './build.js'
import { DEFAULT_ACCOUNTS, toWalletSimConfig, type WalletSimConfig } from './config.js'
import { contentSecurityPolicy, pageHtml } from './html.js'
import { solanaTestSecretKey } from './keys.js'

/** The simulator's port when `LATCHKEY_WALLET_PORT` is not set (next to the lab's 5173). */
export const DEFAULT_WALLET_PORT = 5174

/** The variable that chooses the simulator's port. */
export const WALLET_PORT_ENV = 'LATCHKEY_WALLET_PORT'

/**
 * The port from `LATCHKEY_WALLET_PORT` (default {@link DEFAULT_WALLET_PORT}; 0 = ephemeral).
 * @throws LocalServiceError for a value that is not a port number.
 */
export function walletPortFromEnv(env: Record<string, string | undefined> = process.env): number {
  return portFromEnv(env, WALLET_PORT_ENV) ?? DEFAULT_WALLET_PORT
}

export interface StartWalletSimOptions {
  /** 0 = ephemeral. */
  port: number
  host?: '127.0.0.1'
  /** The local stack's info (`inject('stack')`, `startStack().info`): the relay, the chains, the mnemonic. */
  config: unknown
  /** Which test accounts to hold in each namespace, the first selected; default {@link DEFAULT_ACCOUNTS}. */
  accounts?: readonly number[]
  /** Where `buildWalletSim` wrote the page; default the package's `dist/site` (`npm run build`). */
  pagesDir?: string
}

export interface RunningWalletSim {
  /** The origin, `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string
  port: number
  /** What the page runs on (relay, chains, keys). */
  config: WalletSimConfig
  stop(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...headers,
  })
  res.end(body)
}

/**
 * Serves the built simulator on 127.0.0.1: `/` (the wallet; `?auto=1` approves everything), `/wallet-config.json`
 * and the bundle under `/assets/`. The page carries its config (the relay, the chains, the test keys of `accounts`).
 * @throws TypeError for a malformed config; Error when the page was not built; PortInUseError (naming
 *   LATCHKEY_WALLET_PORT) when the port is taken.
 */
export async function startWalletSim(options: StartWalletSimOptions): Promise<RunningWalletSim> {
  const config = toWalletSimConfig(options.config, {
    accounts: options.accounts ?? DEFAULT_ACCOUNTS,
    solanaSecretKey: solanaTestSecretKey,
  })
  const dir = resolve(options.pagesDir ?? DEFAULT_OUT_DIR)
  let manifest: WalletSimManifest
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as WalletSimManifest
  } catch {
    throw new Error(
      `The wallet simulator's page is not built in ${dir}: run 'npm run build -w @latchkey/wallet-sim' first`,
    )
  }
  // Only files that exist at start are served, by exact name: no path from a request reaches the file system.
  const assets = new Set(await readdir(join(dir, 'assets')))
  const configJson = JSON.stringify(config)
  const html = pageHtml({ config, entry: manifest.entry })
  const csp = contentSecurityPolicy(config)

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '') || '/'
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain', 'Method not allowed')
    if (path === '/')
      return send(res, 200, 'text/html; charset=utf-8', html, { 'content-security-policy': csp })
    if (path === '/wallet-config.json') return send(res, 200, 'application/json; charset=utf-8', configJson)
    const asset = path.startsWith('/assets/') ? path.slice('/assets/'.length) : undefined
    if (asset && assets.has(asset)) {
      readFile(join(dir, 'assets', asset)).then(
        (body) => send(res, 200, TYPES[extname(asset)] ?? 'application/octet-stream', body),
        () => send(res, 500, 'text/plain', 'Could not read the file'),
      )
      return
    }
    send(res, 404, 'text/plain', 'Not found')
  })
  const listening = await listenLocal(server, options.port, { host: options.host, envVar: WALLET_PORT_ENV })
  return { ...listening, config }
}
