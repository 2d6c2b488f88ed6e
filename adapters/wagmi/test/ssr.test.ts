/** Server rendering: constructing the adapter and its wagmi config, and init without a page, read no browser global. */
import { createMemoryStorage } from '@latchkey/core'
import { afterEach, expect, test } from 'vitest'
import { WagmiAdapter } from '../src/index.js'
import { networks } from './support.js'

const touched: string[] = []
const trap = (name: string) =>
  new Proxy(
    {},
    {
      get(_target, property) {
        touched.push(`${name}.${String(property)}`)
        throw new Error(`${name}.${String(property)} read during SSR`)
      },
    },
  )

afterEach(() => {
  for (const name of ['window', 'document', 'localStorage']) Reflect.deleteProperty(globalThis, name)
  touched.length = 0
})

test('construction and init touch neither window, document nor localStorage', async () => {
  Object.assign(globalThis, {
    window: trap('window'),
    document: trap('document'),
    localStorage: trap('localStorage'),
  })
  const adapter = new WagmiAdapter({ networks, ssr: true })
  expect(adapter.wagmiConfig.chains.map((chain) => chain.id)).toEqual([31337, 31338])
  await adapter.init({ networks, options: {}, storage: createMemoryStorage() })
  expect(adapter.getConnectors()).toEqual([])
  expect(await adapter.reconnect()).toBeNull()
  adapter.destroy()
  expect(touched).toEqual([])
})
