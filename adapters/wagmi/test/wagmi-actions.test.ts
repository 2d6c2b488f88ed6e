/**
 * The host's own wagmi actions on `adapter.wagmiConfig` see the connection the adapter made, and the adapter
 * hears of what those actions do: one connection, both ways.
 */
import {
  connect,
  getAccount,
  getChainId,
  getConnection,
  hydrate,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { clients, networks, recipient, setupAdapter } from './support.js'

let close: (() => void) | undefined
afterEach(() => close?.())

describe('the exposed wagmi config', () => {
  test('wagmi actions see the account and chain the adapter connected, and sign and send for it', async () => {
    const env = await setupAdapter()
    close = env.close
    const connected = await env.connect(networks[1])
    const address = connected.accounts[0]!.address
    const config = env.adapter.wagmiConfig

    expect(getAccount(config).address).toBe(address)
    expect(getAccount(config).status).toBe('connected')
    expect(getAccount(config).connector?.id).toBe(env.connectorId)
    expect(getChainId(config)).toBe(Number(networks[1].id))

    const signature = await signMessage(config, { message: 'hello from wagmi' })
    expect(
      await verifyMessage({ address: address as `0x${string}`, message: 'hello from wagmi', signature }),
    ).toBe(true)

    const to = recipient()
    const hash = await sendTransaction(config, { to, value: 1000n })
    const receipt = await waitForTransactionReceipt(config, { hash, chainId: Number(networks[1].id) })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await clients[1]!.getBalance({ address: to })).toBe(1000n)
  })

  test("a wagmi switchChain moves the adapter's network, with one networkChanged", async () => {
    const env = await setupAdapter()
    close = env.close
    await env.connect(networks[0])
    const seen: string[] = []
    env.adapter.on('networkChanged', ({ network }) => seen.push(network.caipNetworkId))

    await switchChain(env.adapter.wagmiConfig, { chainId: Number(networks[1].id) })

    expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networks[1].caipNetworkId)
    expect(env.wallet.chainId).toBe(Number(networks[1].id))
    expect(seen).toEqual([networks[1].caipNetworkId])
    expect(getChainId(env.adapter.wagmiConfig)).toBe(Number(networks[1].id))
  })

  test('the adapter switching network and the wallet switching account show in wagmi', async () => {
    const env = await setupAdapter()
    close = env.close
    await env.connect(networks[0])
    await env.adapter.switchNetwork({ network: networks[1] })
    expect(getConnection(env.adapter.wagmiConfig).chainId).toBe(Number(networks[1].id))

    env.wallet.switchAccount(1)
    await expect.poll(() => getAccount(env.adapter.wagmiConfig).address).toBe(env.wallet.accounts[0])
    expect(env.adapter.getAccounts()[0]?.address).toBe(env.wallet.accounts[0])
  })

  test("a connection made with wagmi's connect is the adapter's too, and reported once", async () => {
    const env = await setupAdapter()
    close = env.close
    const accounts: string[][] = []
    env.adapter.on('accountsChanged', (event) => accounts.push(event.accounts.map((a) => a.address)))
    const connector = env.adapter.wagmiConfig.connectors.find((c) => c.id === env.connectorId)
    expect(connector).toBeDefined()

    await connect(env.adapter.wagmiConfig, { connector: connector! })

    expect(env.adapter.getAccounts().map((a) => a.address)).toEqual(env.wallet.accounts)
    expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networks[0].caipNetworkId)
    expect(accounts).toEqual([[...env.wallet.accounts]])
    expect(env.adapter.getWalletProvider()).toBe(env.wallet.provider)
  })
})

test("WagmiProvider's first render without ssr (reconnectOnMount false) keeps a connection the kit restored before it", async () => {
  const env = await setupAdapter()
  close = env.close
  const connected = await env.connect(networks[0])
  const events: string[] = []
  env.adapter.on('disconnected', () => events.push('disconnected'))
  env.adapter.on('accountsChanged', () => events.push('accountsChanged'))
  // What <WagmiProvider reconnectOnMount={false}> runs when it first renders on a page without ssr.
  hydrate(env.adapter.wagmiConfig, { reconnectOnMount: false }).onMount()
  const connection = getConnection(env.adapter.wagmiConfig)
  expect(connection.status).toBe('connected')
  expect(connection.address).toBe(connected.accounts[0]?.address)
  expect(env.adapter.getAccounts()).toEqual(connected.accounts)
  expect(events).toEqual([])
})

test("WagmiProvider's first render during the kit's restore (reconnectOnMount false) leaves the restore whole", async () => {
  const { createMemoryStorage } = await import('@latchkey/core')
  const { WagmiAdapter } = await import('../src/index.js')
  const env = await setupAdapter()
  close = env.close
  await env.connect()
  const storage = createMemoryStorage()
  const stored = await env.adapter.wagmiConfig.storage?.getItem('recentConnectorId')
  await storage.setItem('wagmi.recentConnectorId', JSON.stringify(stored))
  const adapter = new WagmiAdapter({ networks })
  await adapter.init({ networks, options: {}, storage, discoveryTarget: env.discoveryTarget })
  // The page renders WagmiProvider the moment wagmi's reconnect says connected, before the adapter reads it.
  const config = adapter.wagmiConfig
  let rendered = false
  const stop = config.subscribe(
    (state) => state.status,
    (status) => {
      if (status !== 'connected' || rendered) return
      rendered = true
      hydrate(config, { reconnectOnMount: false }).onMount()
    },
  )
  try {
    const restored = await adapter.reconnect()
    expect(rendered).toBe(true)
    expect(restored?.accounts[0]?.address).toBe(env.wallet.address)
    expect(getConnection(config).address).toBe(env.wallet.address)
  } finally {
    stop()
    adapter.destroy()
  }
})

test('two adapters restoring at once on one page both restore (wagmi runs one reconnect at a time)', async () => {
  const { createMemoryStorage } = await import('@latchkey/core')
  const { WagmiAdapter } = await import('../src/index.js')
  const first = await setupAdapter()
  const second = await setupAdapter()
  close = () => {
    first.close()
    second.close()
  }
  await first.connect()
  await second.connect()
  const reload = async (env: typeof first) => {
    const storage = createMemoryStorage()
    const stored = await env.adapter.wagmiConfig.storage?.getItem('recentConnectorId')
    await storage.setItem('wagmi.recentConnectorId', JSON.stringify(stored))
    const adapter = new WagmiAdapter({ networks })
    await adapter.init({ networks, options: {}, storage, discoveryTarget: env.discoveryTarget })
    return adapter
  }
  const [a, b] = await Promise.all([reload(first), reload(second)])
  try {
    const [restoredA, restoredB] = await Promise.all([a.reconnect(), b.reconnect()])
    expect(restoredA?.accounts[0]?.address).toBe(first.wallet.address)
    expect(restoredB?.accounts[0]?.address).toBe(second.wallet.address)
  } finally {
    a.destroy()
    b.destroy()
  }
})

test("the adapter's own connect and disconnect fire no events; its own switch fires one", async () => {
  const env = await setupAdapter()
  close = env.close
  const seen: string[] = []
  for (const name of ['accountsChanged', 'networkChanged', 'disconnected'] as const) {
    env.adapter.on(name, () => seen.push(name))
  }
  await env.connect(networks[1]) // the wallet starts on the first chain: connect also switches
  expect(seen).toEqual([])
  await env.adapter.switchNetwork({ network: networks[0] })
  expect(seen).toEqual(['networkChanged'])
  await env.adapter.disconnect()
  await new Promise((resolve) => setTimeout(resolve, 200)) // let the wallet's echoes of the revoke arrive
  expect(seen).toEqual(['networkChanged'])
  expect(env.adapter.getAccounts()).toEqual([])
  expect(getAccount(env.adapter.wagmiConfig).status).toBe('disconnected')
})
