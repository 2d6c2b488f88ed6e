import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { connectBrowser, type IsolatedPage, newIsolatedPage } from '@latchkey/browser'
import { addTestWalletToPage } from '@latchkey/evm-wallet'
import { pickFreePort } from '@latchkey/local-ports'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

// The Next.js example as a visitor meets it: `next start` on the build `npm test` made (nx's build target), the local
// chains handed to it in LATCHKEY_NEXT_CHAINS, a first visit and a returning one in Chromium. React's production
// build reports a hydration mismatch as a console error or a page error (#418, #423, #425): none may appear.
const ROOT = join(import.meta.dirname, '..')
const RDNS = 'dev.latchkey.next-example'
/** Set in the page's localStorage, the wallet stops granting the site. */
const REVOKED_KEY = 'test-wallet-revoked'
const { chains } = (inject('stack') as LocalStackInfo).evm

type KitWindow = Window & {
  kit?: { connect(input: { connectorId: string }): Promise<void> }
}

let server: ChildProcess | undefined
let url: string
let browser: Awaited<ReturnType<typeof connectBrowser>>
const serverOutput: string[] = []

/** A free port for a server started a moment later (outside the ephemeral range: @latchkey/local-ports). */
function freePort(): Promise<number> {
  return pickFreePort()
}

/** Starts `next start` and resolves once it answers. */
async function startNext(): Promise<void> {
  const port = await freePort()
  url = `http://127.0.0.1:${port}/`
  server = spawn(
    process.execPath,
    [
      createRequire(join(ROOT, 'package.json')).resolve('next/dist/bin/next'),
      'start',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        LATCHKEY_NEXT_CHAINS: JSON.stringify(
          chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
        ),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk) => serverOutput.push(String(chunk)))
  const until = Date.now() + 30_000
  for (;;) {
    const answer = await fetch(url).then(
      (response) => response.status,
      () => undefined,
    )
    if (answer === 200) return
    if (server.exitCode !== null || Date.now() > until)
      throw new Error(`next start did not answer (${answer ?? 'no answer'}):\n${serverOutput.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A page with the EVM test wallet, which grants the site on each load until REVOKED_KEY is set. */
async function openPage(): Promise<{ isolated: IsolatedPage; problems: string[] }> {
  const isolated = await newIsolatedPage(browser)
  isolated.page.setDefaultTimeout(10_000)
  const problems: string[] = []
  isolated.page.on('console', (message) => {
    const kind = message.type()
    if ((kind === 'error' || kind === 'warning') && !message.text().startsWith('[latchkey]'))
      problems.push(message.text())
  })
  await addTestWalletToPage(isolated.page, {
    name: 'Latchkey Next Wallet',
    rdns: RDNS,
    accountIndex: 16,
    chains: chains,
    revokedKey: REVOKED_KEY,
  })
  return { isolated, problems }
}

const text = (page: IsolatedPage['page'], testId: string) => page.getByTestId(testId).first().textContent()

beforeAll(async () => {
  await startNext()
  browser = await connectBrowser(inject('browserWsEndpoint'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
  server?.kill()
})

describe('the Next.js example (app router, wagmi + Latchkey, cookies)', () => {
  it('hydrates cleanly for a first visit and a returning one, whose account is in the server HTML', async () => {
    const { isolated, problems } = await openPage()
    const { page } = isolated
    try {
      // First visit: the server renders a visitor who is not connected; the kit, started after hydration, connects.
      const first = await (await page.goto(url))?.text()
      expect(first).toContain('data-testid="lk-status">disconnected<')
      await page.locator('latchkey-button').getByTestId('connect-button').waitFor()
      await page.evaluate(
        (rdns) => (window as unknown as KitWindow).kit?.connect({ connectorId: rdns }),
        RDNS,
      )
      await expect.poll(() => text(page, 'lk-status')).toBe('connected')
      await expect.poll(() => text(page, 'wagmi-status')).toBe('connected')
      const address = (await text(page, 'lk-address')) ?? ''
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

      // The kit writes its cookie from a chunk it loads after start; on a busy machine that chunk can arrive after the
      // connection, so the reload waits for the cookie (the returning visit is what it tests, not the chunk's speed).
      await expect
        .poll(() => page.evaluate(() => decodeURIComponent(document.cookie)))
        .toContain(`latchkey.connection=`)
      expect(await page.evaluate(() => decodeURIComponent(document.cookie))).toContain(address)

      // Returning: Latchkey's account is in the server's HTML (reconnecting); both kits confirm it after hydration.
      const again = await (await page.reload())?.text()
      expect(again).toContain('data-testid="lk-status">connecting<')
      expect(again).toContain(`data-testid="lk-address">${address}<`)
      await expect.poll(() => text(page, 'lk-status')).toBe('connected')
      await expect.poll(() => text(page, 'wagmi-status')).toBe('connected')
      await expect.poll(() => text(page, 'wagmi-balance')).toMatch(/^\d+ wei$/)
      expect(await page.locator('latchkey-button').getByTestId('account-button').count()).toBe(1)

      // Revoked in the wallet: the server still renders the remembered account, the kit withdraws it.
      await page.evaluate((key) => localStorage.setItem(key, '1'), REVOKED_KEY)
      const revoked = await (await page.reload())?.text()
      expect(revoked).toContain(`data-testid="lk-address">${address}<`)
      await expect.poll(() => text(page, 'lk-status')).toBe('disconnected')

      expect(problems).toEqual([])
      expect(isolated.pageErrors.map((error) => error.message)).toEqual([])
      expect(isolated.outsideRequests).toEqual([])
    } finally {
      await isolated.close()
    }
  })
})
