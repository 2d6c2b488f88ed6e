// The simulator's server and config, without a browser: what it serves, what the page is given, and its errors.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LocalStackInfo } from '@latchkey/stack'
import { base58, base64 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DEFAULT_WALLET_PORT,
  type RunningWalletSim,
  startWalletSim,
  toWalletSimConfig,
  type WalletSimConfig,
  walletPortFromEnv,
} from '../src/index.js'

const stack = inject('stack') as LocalStackInfo
let pagesDir: string
let sim: RunningWalletSim

beforeAll(async () => {
  // A stand-in for the built page: the server only needs the manifest and the files under assets/.
  pagesDir = await mkdtemp(join(tmpdir(), 'latchkey-wallet-sim-server-'))
  await mkdir(join(pagesDir, 'assets'))
  await writeFile(join(pagesDir, 'wallet-manifest.json'), JSON.stringify({ dev: true, entry: 'wallet.js' }))
  await writeFile(join(pagesDir, 'assets', 'wallet.js'), '// the page')
  sim = await startWalletSim({ port: 0, config: stack, pagesDir })
})

afterAll(async () => {
  await sim?.stop()
  if (pagesDir) await rm(pagesDir, { recursive: true, force: true })
})

describe('startWalletSim', () => {
  it('serves the page with its config embedded, under a Content-Security-Policy', async () => {
    const response = await fetch(`${sim.url}/?auto=1`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-src 'none'")
    expect(csp).toContain(stack.relay.url)
    expect(csp).toContain(new URL(stack.evm.chains[0]!.rpcUrl).origin)
    expect(csp).not.toContain('walletconnect')
    const html = await response.text()
    const json = /<script id="wallet-sim-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
    const embedded = JSON.parse(json ?? 'null') as WalletSimConfig
    expect(embedded).toEqual(await (await fetch(`${sim.url}/wallet-config.json`)).json())
    expect(embedded.relayUrl).toBe(stack.relay.url)
    expect(embedded.evm.chains.map((chain) => chain.chainId)).toEqual(stack.evm.chains.map((c) => c.chainId))
    expect(embedded.evm.accountIndices).toEqual([1, 2, 3])
    expect(html).toContain('<script type="module" src="/assets/wallet.js"></script>')
  })

  it('holds Solana test keypairs 1–3, which the stack funds', () => {
    const publicKeys = sim.config.solana.secretKeys.map((key) => base58.encode(base64.decode(key).slice(32)))
    expect(publicKeys).toEqual(stack.solana.keypairs.slice(1, 4))
  })

  it('serves the built files by name and nothing else', async () => {
    expect((await fetch(`${sim.url}/assets/wallet.js`)).status).toBe(200)
    expect((await fetch(`${sim.url}/assets/..%2Fwallet-manifest.json`)).status).toBe(404)
    expect((await fetch(`${sim.url}/wallet-manifest.json`)).status).toBe(404)
    expect((await fetch(`${sim.url}/`, { method: 'POST' })).status).toBe(405)
  })

  it('names LATCHKEY_WALLET_PORT when the port is taken, and says when the page is not built', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as { port: number }
    try {
      await expect(startWalletSim({ port, config: stack, pagesDir })).rejects.toThrow(
        `Port ${port} is already in use; set LATCHKEY_WALLET_PORT to another port.`,
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
    await expect(
      startWalletSim({ port: 0, config: stack, pagesDir: join(pagesDir, 'nowhere') }),
    ).rejects.toThrow('not built')
  })
})

describe('the config', () => {
  it('keeps only what the page uses, and names a bad field', () => {
    const config = toWalletSimConfig(stack, { accounts: [4], solanaSecretKey: () => 'key' })
    expect(Object.keys(config).sort()).toEqual(['bitcoin', 'evm', 'projectId', 'relayUrl', 'solana'])
    expect(config.solana.secretKeys).toEqual(['key'])
    expect(config.bitcoin.networks.map((network) => network.network)).toEqual(['regtest', 'testnet'])
    expect(JSON.stringify(config)).not.toContain(stack.services.url)
    expect(() =>
      toWalletSimConfig(
        { ...stack, relay: { url: 'http://127.0.0.1:1' } },
        { accounts: [1], solanaSecretKey: String },
      ),
    ).toThrow('Invalid wallet simulator config: relay.url must be a ws(s) URL')
    expect(() => toWalletSimConfig(stack, { accounts: [], solanaSecretKey: String })).toThrow('accounts')
  })

  it('reads its port from LATCHKEY_WALLET_PORT (0 = ephemeral)', () => {
    expect(walletPortFromEnv({})).toBe(DEFAULT_WALLET_PORT)
    expect(walletPortFromEnv({ LATCHKEY_WALLET_PORT: '0' })).toBe(0)
    expect(walletPortFromEnv({ LATCHKEY_WALLET_PORT: '6001' })).toBe(6001)
    expect(() => walletPortFromEnv({ LATCHKEY_WALLET_PORT: 'many' })).toThrow('LATCHKEY_WALLET_PORT')
  })
})
