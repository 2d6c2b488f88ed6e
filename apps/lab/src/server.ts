import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createServer, type ServerResponse } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { injectScriptPath as bitcoinWalletScript } from '@latchkey/bitcoin-wallet'
import { injectScriptPath } from '@latchkey/evm-wallet'
import { listenLocal, portFromEnv } from '@latchkey/local-ports'
import { injectScriptPath as solanaWalletScript } from '@latchkey/solana-wallet'
import { DEFAULT_OUT_DIR, LAB_PAGES, type LabManifest, type LabPage, MANIFEST_FILE } from './build.js'
import { type LabConfig, toLabConfig } from './config.js'
import { strictCsp } from './csp.js'
import { indexHtml, pageHtml } from './html.js'
import { LAB_CSS } from './styles.js'

/** The lab's port when `LATCHKEY_LAB_PORT` is not set. */
export const DEFAULT_LAB_PORT = 5173

/** The variable that chooses the lab's port. */
export const LAB_PORT_ENV = 'LATCHKEY_LAB_PORT'

/**
 * The port from `LATCHKEY_LAB_PORT` (default {@link DEFAULT_LAB_PORT}; 0 = ephemeral).
 * @throws LocalServiceError for a value that is not a port number.
 */
export function labPortFromEnv(env: Record<string, string | undefined> = process.env): number {
  return portFromEnv(env, LAB_PORT_ENV) ?? DEFAULT_LAB_PORT
}

export interface StartLabOptions {
  /** 0 = ephemeral. */
  port: number
  host?: '127.0.0.1'
  /** The chains, tokens and services the pages use: the stack's info fits (see {@link LabConfig}). */
  config: LabConfig
  /** Where {@link buildLab} wrote the pages; default the package's `dist/site` (`npm run build`). */
  pagesDir?: string
}

export interface RunningLab {
  /** The origin, `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string
  port: number
  stop(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
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
    ...headers,
  })
  res.end(body)
}

/**
 * The Solana test wallet's default key in the lab: test keypair 0 of tools/solana-chains (funded on both clusters),
 * whose ed25519 seed is the SHA-256 of its seed text. Returns the 64-byte secret key (seed, then public key), base64.
 */
function labSolanaSecretKey(): string {
  const seed = createHash('sha256').update('latchkey solana test keypair 0').digest()
  // PKCS#8 for an Ed25519 private key: a fixed 16-byte prefix, then the 32-byte seed (RFC 8410).
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed])
  const publicJwk = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({
    format: 'jwk',
  })
  return Buffer.concat([seed, Buffer.from(String(publicJwk.x), 'base64url')]).toString('base64')
}

/**
 * Serves the built lab on 127.0.0.1: `/` (an index), `/wagmi`, `/ethers`, `/ethers5`, `/vanilla`,
 * `/solana`, `/bitcoin`, `/multichain`, `/lab-config.json`, the bundles under `/assets/`, and in dev builds the
 * test wallets' bundles (`/inject.global.js` EVM, `/inject-solana.global.js`, `/inject-bitcoin.global.js`).
 * @throws TypeError for a malformed config; Error when the pages were not built; PortInUseError (naming
 *   LATCHKEY_LAB_PORT) when the port is taken.
 */
export async function startLab(options: StartLabOptions): Promise<RunningLab> {
  const config = toLabConfig(options.config)
  const dir = resolve(options.pagesDir ?? DEFAULT_OUT_DIR)
  let manifest: LabManifest
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as LabManifest
  } catch {
    throw new Error(`The lab's pages are not built in ${dir}: run 'npm run build -w @latchkey/lab' first`)
  }
  // Only files that exist at start are served, by exact name: no path from a request reaches the file system.
  const assets = new Set(await readdir(join(dir, 'assets')))
  // Dev builds: the test wallets' bundles, and the Solana wallet's default key in the config.
  const walletScripts = new Map<string, Buffer>(
    manifest.dev
      ? [
          ['/inject.global.js', await readFile(injectScriptPath())],
          ['/inject-solana.global.js', await readFile(solanaWalletScript())],
          ['/inject-bitcoin.global.js', await readFile(bitcoinWalletScript())],
        ]
      : [],
  )
  if (manifest.dev) config.wallets = { solanaSecretKey: labSolanaSecretKey() }
  const configJson = JSON.stringify(config)
  const csp = strictCsp(config)
  const pages = new Set(Object.keys(LAB_PAGES))

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '') || '/'
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain', 'Method not allowed')
    if (path === '/') return send(res, 200, TYPES['.html'] as string, indexHtml())
    const page = path.slice(1)
    if (pages.has(page)) {
      const entry = manifest.pages[page as LabPage]
      return send(
        res,
        200,
        TYPES['.html'] as string,
        pageHtml({ page: page as LabPage, entry, config, dev: manifest.dev }),
      )
    }
    if (path === '/strict-csp') {
      // The wagmi page under a strict Content-Security-Policy (docs/csp.md): the kit must work there unchanged.
      const html = pageHtml({
        page: 'wagmi',
        entry: manifest.pages.wagmi,
        config,
        dev: manifest.dev,
        strict: true,
      })
      return send(res, 200, TYPES['.html'] as string, html, { 'content-security-policy': csp })
    }
    if (path === '/lab.css') return send(res, 200, 'text/css; charset=utf-8', LAB_CSS)
    if (path === '/lab-config.json') return send(res, 200, TYPES['.json'] as string, configJson)
    const walletScript = walletScripts.get(path)
    if (walletScript) return send(res, 200, TYPES['.js'] as string, walletScript)
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
  return listenLocal(server, options.port, { host: options.host, envVar: LAB_PORT_ENV })
}
