// The build and the server without a browser: one bundle per page, no React in /vanilla, the routes.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildLab, DEFAULT_LAB_PORT, labPortFromEnv, type RunningLab, startLab } from '../src/index.js'
import { stack } from './support.js'

let outDir: string
let metafile: Metafile
let lab: RunningLab

/** Every input file an entry's output reaches through its imports, static and dynamic. */
function inputsOf(meta: Metafile, entryOutput: string): string[] {
  const seen = new Set<string>()
  const inputs = new Set<string>()
  const visit = (output: string) => {
    if (seen.has(output)) return
    seen.add(output)
    const info = meta.outputs[output]
    if (!info) return
    for (const input of Object.keys(info.inputs)) inputs.add(input)
    for (const imported of info.imports) if (!imported.external) visit(imported.path)
  }
  visit(entryOutput)
  return [...inputs]
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'latchkey-lab-build-'))
  ;({ metafile } = await buildLab({ outDir, dev: false }))
  lab = await startLab({ port: 0, config: stack(), pagesDir: outDir })
}, 60_000)

afterAll(async () => {
  await lab?.stop()
  await rm(outDir, { recursive: true, force: true })
})

describe('buildLab', () => {
  const entry = (name: string) => {
    const found = Object.keys(metafile.outputs).find((o) => o.endsWith(`assets/${name}.js`))
    if (!found) throw new Error(`no output for ${name}`)
    return found
  }

  it('puts no React in the /vanilla bundle, and React in the React pages', () => {
    const react = (input: string) => /node_modules\/(react|react-dom|scheduler)\//.test(input)
    expect(inputsOf(metafile, entry('vanilla')).filter(react)).toEqual([])
    for (const page of ['wagmi', 'ethers', 'ethers5']) {
      expect(inputsOf(metafile, entry(page)).some(react)).toBe(true)
    }
  })

  it('splits code shared by the pages into chunks', () => {
    expect(Object.keys(metafile.outputs).filter((o) => /chunk-[^/]+\.js$/.test(o)).length).toBeGreaterThan(0)
  })
})

describe('startLab', () => {
  it('serves the index, the pages, the config and no test wallet in a production build', async () => {
    const index = await fetch(`${lab.url}/`)
    expect(index.status).toBe(200)
    expect(await index.text()).toContain('href="/vanilla"')
    const page = await (await fetch(`${lab.url}/ethers`)).text()
    expect(page).toContain('<script type="module" src="/assets/ethers.js">')
    expect(page).not.toContain('inject.global.js')
    expect((await fetch(`${lab.url}/inject.global.js`)).status).toBe(404)
    const config = await (await fetch(`${lab.url}/lab-config.json`)).json()
    expect(config.evm.chains.map((c: { chainId: number }) => c.chainId)).toEqual(
      stack().evm.chains.map((c) => c.chainId),
    )
    expect(config.services.url).toBe(stack().services.url)
    expect(config.relay).toEqual({ url: stack().relay.url })
    expect(config.evm.tokens).toEqual({ LUSD: stack().evm.tokens.LUSD })
  })

  it('answers 404 for unknown paths and never leaves the assets folder', async () => {
    for (const path of [
      '/nope',
      '/assets/../lab-manifest.json',
      '/assets/%2e%2e%2flab-manifest.json',
      '/assets/',
    ]) {
      expect((await fetch(`${lab.url}${path}`)).status).toBe(404)
    }
    expect((await fetch(`${lab.url}/ethers`, { method: 'POST' })).status).toBe(405)
  })

  it('refuses a malformed config and an unbuilt folder with clear errors', async () => {
    await expect(
      startLab({ port: 0, config: { evm: { chains: 'x' } } as never, pagesDir: outDir }),
    ).rejects.toThrow('Invalid lab config: evm.chains must be an array')
    await expect(
      startLab({ port: 0, config: { ...stack(), relay: { url: 'http://127.0.0.1:1' } }, pagesDir: outDir }),
    ).rejects.toThrow('Invalid lab config: relay.url must be a ws(s) URL')
    await expect(startLab({ port: 0, config: stack(), pagesDir: join(outDir, 'missing') })).rejects.toThrow(
      "run 'npm run build -w @latchkey/lab' first",
    )
  })

  it('reads its port from LATCHKEY_LAB_PORT', () => {
    expect(labPortFromEnv({})).toBe(DEFAULT_LAB_PORT)
    expect(labPortFromEnv({ LATCHKEY_LAB_PORT: '0' })).toBe(0)
    expect(() => labPortFromEnv({ LATCHKEY_LAB_PORT: 'abc' })).toThrow(
      'LATCHKEY_LAB_PORT must be a port number',
    )
  })
})
