/**
 * The catalogue's networks are separate named exports and the package has no side effects, so a bundler
 * keeps only what a host imports. Bundles the built package as a host app would.
 */
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'

async function bundle(code: string): Promise<string> {
  return (await bundleWithInputs(code)).text
}

async function bundleWithInputs(code: string): Promise<{ text: string; inputs: string[] }> {
  const result = await build({
    metafile: true,
    stdin: { contents: code, resolveDir: new URL('.', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  return { text: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile?.inputs ?? {}) }
}

describe('tree shaking of the built package', () => {
  test('importing one network keeps only that network', async () => {
    const out = await bundle("import { mainnet } from '@latchkey/core/networks'; console.log(mainnet)")
    expect(out).toContain('eth.merkle.io')
    for (const other of ['api.mainnet-beta.solana.com', 'mempool.space', 'soneium', 'sepolia']) {
      expect(out).not.toContain(other)
    }
  })

  test('importing a CAIP helper from the main entry brings no network, transport or conformance code', async () => {
    const out = await bundle(
      "import { parseCaipAddress } from '@latchkey/core'; console.log(parseCaipAddress)",
    )
    expect(out).toContain('Invalid CAIP-10 address')
    for (const absent of ['eth.merkle.io', 'net_listening', 'conformance', 'Retry-After']) {
      expect(out).not.toContain(absent)
    }
  })

  test('a browser bundle of the whole headless kit pulls in no chain library and no Node builtin', async () => {
    const { text, inputs } = await bundleWithInputs(
      "import { createKitCore } from '@latchkey/core'; console.log(createKitCore)",
    )
    expect(text).toContain('Cannot set both `siweConfig` and `siwx` options')
    const packages = new Set(
      inputs
        .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1])
        .filter((name): name is string => name !== undefined),
    )
    expect([...packages].sort()).toEqual(['@noble/hashes'])
    expect(inputs.some((input) => input.startsWith('node:'))).toBe(false)
  })
})
