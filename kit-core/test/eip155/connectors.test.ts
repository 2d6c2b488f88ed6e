import { describe, expect, test } from 'vitest'
import {
  type AnnouncedWallet,
  type CustomEvmWallet,
  checkCustomEvmWallets,
  type EvmWalletSources,
  evmConnectors,
  injectedProviderOf,
} from '../../src/eip155/index.js'

const providerA = { request: async () => null }
const providerB = { request: async () => null }
const injected = { request: async () => null }
const custom = { request: async () => null }
const wallet = (rdns: string, provider: AnnouncedWallet['provider']): AnnouncedWallet => ({
  info: { uuid: '4f1a6c3e-8a2b-4c1d-9e0f-123456789abc', name: rdns, icon: undefined, rdns },
  provider,
})
const sources = (over: Partial<EvmWalletSources> = {}): EvmWalletSources => ({
  announced: [wallet('io.metamask', providerA), wallet('dev.latchkey.b', providerB)],
  injected,
  custom: [{ id: 'my-wallet', name: 'My Wallet', icon: 'https://example.com/w.png', provider: custom }],
  options: {},
  ...over,
})
const ids = (list: { id: string; type: string }[]) => list.map((c) => `${c.type}:${c.id}`)

describe('evmConnectors', () => {
  test('lists announced wallets by rdns, window.ethereum as the Browser Wallet, and the host’s wallets', () => {
    const list = evmConnectors(sources())
    expect(ids(list)).toEqual([
      'ANNOUNCED:io.metamask',
      'ANNOUNCED:dev.latchkey.b',
      'INJECTED:injected',
      'EXTERNAL:my-wallet',
    ])
    expect(list[2]).toMatchObject({ name: 'Browser Wallet', chain: 'eip155', provider: injected })
    expect(list[0]?.info).toEqual({ rdns: 'io.metamask', uuid: '4f1a6c3e-8a2b-4c1d-9e0f-123456789abc' })
    expect(list.every((c) => c.networkSwitch === 'wallet')).toBe(true)
  })

  test('does not list window.ethereum again when it is an announced wallet', () => {
    expect(ids(evmConnectors(sources({ injected: providerA })))).not.toContain('INJECTED:injected')
  })

  test('enableEIP6963: false drops announced wallets only', () => {
    expect(ids(evmConnectors(sources({ options: { enableEIP6963: false } })))).toEqual([
      'INJECTED:injected',
      'EXTERNAL:my-wallet',
    ])
  })

  test('enableWallets: false drops browser wallets, keeps the host’s own', () => {
    expect(ids(evmConnectors(sources({ options: { enableWallets: false } })))).toEqual(['EXTERNAL:my-wallet'])
  })

  test('excludeWalletIds drops by rdns or id, case-insensitively', () => {
    const list = evmConnectors(sources({ options: { excludeWalletIds: ['IO.METAMASK', 'my-wallet'] } }))
    expect(ids(list)).toEqual(['ANNOUNCED:dev.latchkey.b', 'INJECTED:injected'])
  })

  test('includeWalletIds keeps only the browser wallets it names (custom ones stay)', () => {
    const list = evmConnectors(sources({ options: { includeWalletIds: ['dev.latchkey.b'] } }))
    expect(ids(list)).toEqual(['ANNOUNCED:dev.latchkey.b', 'EXTERNAL:my-wallet'])
  })

  test('an unsafe custom icon is dropped', () => {
    const list = evmConnectors(
      sources({ custom: [{ id: 'x', name: 'X', icon: 'javascript:alert(1)', provider: custom }] }),
    )
    expect(list.at(-1)?.imageUrl).toBeUndefined()
  })
})

describe('injectedProviderOf', () => {
  test('reads window.ethereum only when it has request()', () => {
    expect(injectedProviderOf(Object.assign(new EventTarget(), { ethereum: injected }))).toBe(injected)
    expect(injectedProviderOf(Object.assign(new EventTarget(), { ethereum: {} }))).toBeUndefined()
    expect(injectedProviderOf(undefined)).toBeUndefined()
  })
})

describe('checkCustomEvmWallets', () => {
  test.each([
    [[{ id: '', name: 'A', provider: custom }], 'Custom wallet 0 (no id) has no id'],
    [[{ id: 'a', name: '\u200b', provider: custom }], 'Custom wallet 0 (a) has no name'],
    [[{ id: 'a', name: 'A', provider: {} }], 'Custom wallet 0 (a) has no EIP-1193 provider'],
    [
      [
        { id: 'a', name: 'A', provider: custom },
        { id: 'a', name: 'B', provider: custom },
      ],
      'Custom wallet 1 (a) repeats an id',
    ],
  ])('refuses a wrong wallet with a message that names it', (wallets, message) => {
    expect(() => checkCustomEvmWallets(wallets as CustomEvmWallet[])).toThrow(message)
  })
})
