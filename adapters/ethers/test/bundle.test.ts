/**
 * An ethers-only host (core + this adapter, as built) bundled for the browser holds ethers v6 and no other
 * chain library: no wagmi, no Solana, no ethers v5, no WalletConnect.
 */
import { build } from 'esbuild'
import { beforeAll, expect, test } from 'vitest'

const HOST = `
import { createKitCore } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { EthersAdapter } from '@latchkey/adapter-ethers'
const adapter = new EthersAdapter()
const kit = createKitCore({ networks: [latchkeyLocal], adapters: [adapter] })
console.log(kit, adapter.getSigner, adapter.getProvider)
`

let inputs: string[] = []
let text = ''

beforeAll(async () => {
  const result = await build({
    stdin: { contents: HOST, resolveDir: new URL('.', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    write: false,
    logLevel: 'silent',
  })
  inputs = Object.keys(result.metafile.inputs)
  text = result.outputFiles[0]?.text ?? ''
})

test('the bundle is the built adapter, core and ethers v6', () => {
  expect(inputs.some((input) => /adapters\/ethers\/dist\/adapter\.js$/.test(input))).toBe(true)
  expect(
    inputs.some((input) => input.includes('node_modules/ethers/lib.esm/providers/provider-browser.js')),
  ).toBe(true)
  expect(inputs.some((input) => /kit-core\/dist\//.test(input))).toBe(true)
  expect(text).toContain('net_listening')
})

test('no wagmi, no @solana/*, no ethers v5, no WalletConnect, no Node builtin', () => {
  const forbidden = ['@wagmi', 'wagmi', '@solana/', 'ethers5', '@ethersproject/', '@walletconnect/']
  for (const part of forbidden) {
    expect(inputs.filter((input) => input.includes(part))).toEqual([])
  }
  expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
})
