import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectScriptPath } from '../src/index.js'
import { localChains } from './helpers.js'

let dir: string
let code: string

beforeAll(() => {
  // Build the bundle from the current sources with the package's own build script.
  dir = mkdtempSync(join(tmpdir(), 'evm-wallet-bundle-'))
  const file = join(dir, 'inject.global.js')
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/bundle.mjs', import.meta.url)), file])
  code = readFileSync(file, 'utf8')
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A fresh vm context whose global is a fake browser window: an EventTarget plus the web APIs a page has. */
function fakeWindow() {
  const window = new EventTarget() as EventTarget & Record<string, unknown>
  Object.assign(window, {
    TextEncoder,
    TextDecoder,
    URL,
    crypto,
    fetch,
    AbortController,
    setTimeout,
    clearTimeout,
    console,
    Event,
    CustomEvent,
    EventTarget,
    Uint8Array,
  })
  window.window = window
  const context = vm.createContext(window)
  return { window, context }
}

describe('the IIFE bundle', () => {
  it('is self-contained: no import/require left, no Node built-ins', () => {
    expect(code).not.toMatch(/\brequire\(/)
    expect(code).not.toMatch(/\bimport\s*[({]/)
    expect(code).not.toMatch(/node:/)
    expect(code.length).toBeLessThan(200_000)
  })

  it('defines LatchkeyTestWallet.createTestWallet and works inside a fake window', async () => {
    const { window, context } = fakeWindow()
    vm.runInContext(code, context)
    const api = window.LatchkeyTestWallet as { createTestWallet?: unknown }
    expect(typeof api?.createTestWallet).toBe('function')

    const [a] = localChains()
    const seen: { info: { rdns: string }; provider: { request(args: unknown): Promise<unknown> } }[] = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      seen.push((event as CustomEvent).detail)
    })
    // Created in the page, announcing on the page's own global (the default target).
    vm.runInContext(
      `globalThis.__wallet = LatchkeyTestWallet.createTestWallet({
         name: 'In Page', rdns: 'dev.latchkey.page', accountIndices: [7],
         chains: [{ chainId: ${a.chainId}, rpcUrl: ${JSON.stringify(a.rpcUrl)} }],
       });
       globalThis.__wallet.announce();
       globalThis.__wallet.injectAsWindowEthereum();`,
      context,
    )
    expect(seen.map((announcement) => announcement.info.rdns)).toEqual(['dev.latchkey.page'])
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)

    const provider = seen[0]!.provider
    expect(window.ethereum).toBe(provider)
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    // A read goes through the page's fetch to the real chain.
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['hello page', address],
    })) as `0x${string}`
    expect(await verifyMessage({ address: address!, message: 'hello page', signature })).toBe(true)
  })

  it('injectScriptPath() points at dist/inject.global.js of this package', () => {
    expect(injectScriptPath()).toMatch(/tools\/evm-wallet\/dist\/inject\.global\.js$/)
  })
})
