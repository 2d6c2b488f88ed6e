/**
 * The connector list the adapter reports (core's session underneath): live EIP-6963 discovery, the injected
 * fallback, host wallets, and the host's include / exclude / enable options.
 */
import { type AdapterEvents, createMemoryStorage } from '@latchkey/core'
import type { CustomEvmWallet } from '@latchkey/core/eip155'
import { createTestWallet } from '@latchkey/evm-wallet'
import { afterEach, expect, test } from 'vitest'
import { Ethers5Adapter } from '../src/index.js'
import { freshKeys, networks, rpcUrlOf } from './helpers.js'

const chains = networks.map((n) => ({ chainId: Number(n.id), rpcUrl: rpcUrlOf(n), name: n.name }))
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

async function wallet(rdns: string) {
  return createTestWallet({ name: rdns, rdns, privateKeys: await freshKeys(1), chains })
}

async function adapterOn(
  target: EventTarget,
  options: Record<string, unknown> = {},
  customWallets: CustomEvmWallet[] = [],
) {
  const adapter = new Ethers5Adapter({ customWallets })
  await adapter.init({ networks, options, storage: createMemoryStorage(), discoveryTarget: target })
  stops.push(() => adapter.destroy())
  return adapter
}

test('a wallet announced after start appears (connectorsChanged), under its rdns', async () => {
  const target = new EventTarget()
  const adapter = await adapterOn(target)
  const changes: AdapterEvents['connectorsChanged'][] = []
  adapter.on('connectorsChanged', (event) => changes.push(event))
  expect(adapter.getConnectors()).toEqual([])
  const late = await wallet('dev.latchkey.late')
  stops.push(late.announce(target))
  expect(changes.at(-1)?.connectors.map((c) => c.id)).toEqual(['dev.latchkey.late'])
  expect(adapter.getConnectors().map((c) => c.id)).toEqual(['dev.latchkey.late'])
})

test('window.ethereum is the injected fallback; host wallets are listed; exclude and enableEIP6963 are honoured', async () => {
  const target = new EventTarget()
  const announced = await wallet('dev.latchkey.announced')
  const injectedOnly = await wallet('dev.latchkey.injected-only')
  injectedOnly.injectAsWindowEthereum(target)
  stops.push(announced.announce(target))
  const host = await wallet('dev.latchkey.host')
  const custom: CustomEvmWallet[] = [{ id: 'host-wallet', name: 'Host Wallet', provider: host.provider }]
  const all = await adapterOn(target, {}, custom)
  const ids = all.getConnectors().map((c) => c.id)
  expect(ids).toEqual(expect.arrayContaining(['dev.latchkey.announced', 'injected', 'host-wallet']))
  const excluded = await adapterOn(target, { excludeWalletIds: ['dev.latchkey.announced'] })
  expect(excluded.getConnectors().map((c) => c.id)).not.toContain('dev.latchkey.announced')
  const no6963 = await adapterOn(target, { enableEIP6963: false })
  expect(no6963.getConnectors().map((c) => c.id)).toEqual(['injected'])
})
