/**
 * The connector list: EIP-6963 wallets (live), the injected fallback, the host's wagmi connectors and custom
 * wallets, with enableEIP6963 / enableWallets / include / exclude honoured; each one a wagmi connector too.
 */
import { type AdapterOptions, type Connector, createMemoryStorage } from '@latchkey/core'
import type { TestWallet } from '@latchkey/evm-wallet'
import { mock } from '@wagmi/core'
import { afterEach, describe, expect, test } from 'vitest'
import { WagmiAdapter, type WagmiAdapterOptions } from '../src/index.js'
import { freshWallet, networks } from './support.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

async function start(
  options: AdapterOptions = {},
  adapterOptions: Partial<WagmiAdapterOptions> = {},
  discoveryTarget: EventTarget & { ethereum?: unknown } = new EventTarget(),
) {
  const adapter = new WagmiAdapter({ networks, ...adapterOptions })
  const changes: (readonly Connector[])[] = []
  adapter.on('connectorsChanged', ({ connectors }) => changes.push(connectors))
  await adapter.init({ networks, options, storage: createMemoryStorage(), discoveryTarget })
  cleanups.push(() => adapter.destroy())
  return { adapter, changes, discoveryTarget }
}

function announce(wallet: TestWallet, target: EventTarget) {
  cleanups.push(wallet.announce(target))
}

const ids = (list: readonly Connector[]) => list.map((connector) => `${connector.type}:${connector.id}`)

describe('EIP-6963 discovery', () => {
  test('a wallet announced after init appears, with connectorsChanged, and connects', async () => {
    const { adapter, changes, discoveryTarget } = await start()
    expect(adapter.getConnectors()).toEqual([])
    const wallet = await freshWallet({ name: 'Late Wallet', rdns: 'dev.latchkey.late' })

    announce(wallet, discoveryTarget)

    expect(changes).toHaveLength(1)
    expect(ids(changes[0]!)).toEqual(['ANNOUNCED:dev.latchkey.late'])
    expect(changes[0]![0]).toMatchObject({
      name: 'Late Wallet',
      chain: 'eip155',
      info: { rdns: 'dev.latchkey.late' },
    })
    expect(adapter.wagmiConfig.connectors.map((connector) => connector.id)).toContain('dev.latchkey.late')
    const result = await adapter.connect({ connectorId: 'dev.latchkey.late' })
    expect(result.accounts[0]?.address).toBe(wallet.address)
    expect(adapter.getWalletProvider()).toBe(wallet.provider)

    await adapter.syncConnectors() // the wallet answers again: nothing new, no event
    expect(changes).toHaveLength(1)
  })

  test('enableEIP6963: false ignores announcements but keeps the injected wallet', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: undefined as unknown })
    const announced = await freshWallet({ rdns: 'dev.latchkey.announced' })
    const injected = await freshWallet({ rdns: 'dev.latchkey.injected' })
    injected.injectAsWindowEthereum(target)
    announce(announced, target)
    const { adapter } = await start({ enableEIP6963: false }, {}, target)
    expect(ids(adapter.getConnectors())).toEqual(['INJECTED:injected'])
  })

  test('enableWallets: false leaves only the host’s own connectors and wallets', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: undefined as unknown })
    const announced = await freshWallet({ rdns: 'dev.latchkey.announced' })
    const custom = await freshWallet({ rdns: 'dev.latchkey.custom' })
    announced.injectAsWindowEthereum(target)
    announce(announced, target)
    const { adapter } = await start(
      { enableWallets: false },
      {
        connectors: [mock({ accounts: [custom.address] })],
        customWallets: [{ id: 'my-wallet', name: 'My Wallet', provider: custom.provider }],
      },
      target,
    )
    expect(ids(adapter.getConnectors())).toEqual(['EXTERNAL:my-wallet', 'EXTERNAL:mock'])
    const result = await adapter.connect({ connectorId: 'my-wallet' })
    expect(result.accounts[0]?.address).toBe(custom.address)
    expect(adapter.getWalletProvider()).toBe(custom.provider)
  })

  test('includeWalletIds keeps only the wallets it names; excludeWalletIds drops those it names', async () => {
    const target = new EventTarget()
    const a = await freshWallet({ rdns: 'dev.latchkey.a' })
    const b = await freshWallet({ rdns: 'dev.latchkey.b' })
    announce(a, target)
    announce(b, target)
    const included = await start({ includeWalletIds: ['dev.latchkey.b'] }, {}, target)
    expect(ids(included.adapter.getConnectors())).toEqual(['ANNOUNCED:dev.latchkey.b'])
    await expect(included.adapter.connect({ connectorId: 'dev.latchkey.a' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
    expect(a.log).toEqual([])
    const excluded = await start({ excludeWalletIds: ['dev.latchkey.b'] }, {}, target)
    expect(ids(excluded.adapter.getConnectors())).toEqual(['ANNOUNCED:dev.latchkey.a'])
  })
})

describe('the injected fallback', () => {
  test('window.ethereum alone is the Browser Wallet, id injected, and connects', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: undefined as unknown })
    const wallet = await freshWallet()
    wallet.injectAsWindowEthereum(target)
    const { adapter } = await start({}, {}, target)
    const [connector] = adapter.getConnectors()
    expect(connector).toMatchObject({ id: 'injected', type: 'INJECTED', name: 'Browser Wallet' })
    const result = await adapter.connect({ connectorId: 'injected' })
    expect(result.accounts[0]?.address).toBe(wallet.address)
    expect(adapter.getWalletProvider()).toBe(wallet.provider)
  })

  test('a wallet both injected and announced is listed once, by its rdns', async () => {
    const target = Object.assign(new EventTarget(), { ethereum: undefined as unknown })
    const wallet = await freshWallet({ rdns: 'dev.latchkey.both' })
    wallet.injectAsWindowEthereum(target)
    announce(wallet, target)
    const { adapter } = await start({}, {}, target)
    expect(ids(adapter.getConnectors())).toEqual(['ANNOUNCED:dev.latchkey.both'])
  })

  test('an unknown connector id is CONNECTOR_NOT_FOUND', async () => {
    const { adapter } = await start()
    await expect(adapter.connect({ connectorId: 'nope' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
  })
})

describe('construction', () => {
  test('needs eip155 networks', () => {
    expect(() => new WagmiAdapter({ networks: [] })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    )
  })

  test("wagmi's persisted state lives in the kit's storage space after init", async () => {
    const storage = createMemoryStorage()
    const target = new EventTarget()
    const wallet = await freshWallet({ rdns: 'dev.latchkey.stored' })
    announce(wallet, target)
    const adapter = new WagmiAdapter({ networks })
    cleanups.push(() => adapter.destroy())
    await adapter.init({ networks, options: {}, storage, discoveryTarget: target })
    await adapter.connect({ connectorId: 'dev.latchkey.stored' })
    expect(storage.keys()).toEqual(expect.arrayContaining(['wagmi.recentConnectorId', 'wagmi.store']))
    expect(JSON.parse(String(await storage.getItem('wagmi.recentConnectorId')))).toBe('dev.latchkey.stored')
    await adapter.disconnect()
    expect(storage.keys()).not.toContain('wagmi.recentConnectorId')
  })
})
