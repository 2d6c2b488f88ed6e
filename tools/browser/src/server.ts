import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { chromium } from 'playwright-core'

/** Debian's Chromium (`apt-get install chromium`); `LATCHKEY_CHROMIUM` overrides it. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * The switches every Latchkey browser runs with, on top of Playwright's own (`headless: true` adds
 * `--headless`, the default `chromiumSandbox: false` adds `--no-sandbox`). No GPU, no QUIC, nothing the
 * browser would fetch by itself, and every host name except 127.0.0.1 and localhost fails to resolve at once, so a
 * page cannot reach the outside even by accident. localhost stays: the embedded wallet's secure frame is served there,
 * another site than the pages on 127.0.0.1 (as a frame on its own origin is in production).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
]

export interface LaunchBrowserServerOptions {
  /** The Chromium binary. Default: `env.LATCHKEY_CHROMIUM`, else /usr/bin/chromium. */
  executablePath?: string
  /** Extra Chromium switches, after {@link CHROMIUM_ARGS}. */
  args?: string[]
  /** Where LATCHKEY_CHROMIUM is read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /** Launch timeout in ms. Default 30 000. */
  timeout?: number
}

/** One running Chromium that test files connect to with {@link connectBrowser}. */
export interface BrowserServer {
  /** `ws://127.0.0.1:<port>/<secret>`: pass it to `connectBrowser`. */
  wsEndpoint: string
  /** The binary that was launched. */
  executablePath: string
  /** Closes the browser (every connection and page with it). Idempotent. */
  close(): Promise<void>
}

/**
 * Starts one headless Chromium behind a Playwright websocket endpoint on 127.0.0.1, for a whole test run
 * (the root global setup does this and provides the endpoint as `inject('browserWsEndpoint')`).
 * Fails with an install hint when the binary is missing.
 */
export async function launchBrowserServer(options: LaunchBrowserServerOptions = {}): Promise<BrowserServer> {
  const env = options.env ?? process.env
  const executablePath = options.executablePath ?? (env.LATCHKEY_CHROMIUM || DEFAULT_CHROMIUM_PATH)
  try {
    await access(executablePath, constants.X_OK)
  } catch (error) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install Debian's Chromium: ` +
        'apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation ' +
        '(or point LATCHKEY_CHROMIUM at another Chromium binary).',
      { cause: error },
    )
  }
  const server = await chromium.launchServer({
    executablePath,
    headless: true,
    chromiumSandbox: false,
    host: '127.0.0.1',
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    timeout: options.timeout ?? 30_000,
  })
  let closed: Promise<void> | undefined
  return {
    wsEndpoint: server.wsEndpoint(),
    executablePath,
    close() {
      closed ??= server.close()
      return closed
    },
  }
}
