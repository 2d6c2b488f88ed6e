/**
 * The EIP-1193 session of the ethers adapters, against the real test wallet and the local chains: connect,
 * restore, switching with the add-chain fallback, the wallet's events, rejections and hostile answers.
 */
import { createTestWallet, type TestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import {
  Eip1193Session,
  ERC20_ABI,
  erc20AbiFor,
  erc20Balance,
  parseChainId,
  toHexChainId,
  USDT_ABI,
} from '../../src/eip155/index.js'
import {
  type AdapterEventName,
  createMemoryStorage,
  type KitStorage,
  rpcUrlsFor,
  withRpcUrl,
} from '../../src/index.js'
import { latchkeyLocal, latchkeyLocal2 } from '../../src/networks/local.js'

const stack: LocalStackInfo = inject('stack')
const [chainA, chainB] = stack.evm.chains
if (!chainA || !chainB) throw new Error('the test stack must run two EVM chains')
const networks = [
  withRpcUrl(latchkeyLocal, chainA.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainB.rpcUrl),
] as const

function walletOn(chains: { chainId: number; rpcUrl: string }[], rdns = 'dev.latchkey.session'): TestWallet {
  return createTestWallet({
    name: 'Session Wallet',
    rdns,
    privateKeys: [generatePrivateKey(), generatePrivateKey()],
    chains,
  })
}

function sessionFor(wallet: TestWallet, storage: KitStorage = createMemoryStorage(), announce = true) {
  const target = new EventTarget()
  if (announce) wallet.announce(target)
  const events: { name: AdapterEventName; payload: unknown }[] = []
  const session = new Eip1193Session({ emit: (name, payload) => events.push({ name, payload }) })
  session.init({ networks, options: {}, storage, discoveryTarget: target })
  return { session, events, target, storage }
}

const both = () => [chainA, chainB].map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))

describe('EIP-1193 helpers', () => {
  test('chain ids in and out of wallet format', () => {
    expect(toHexChainId(31337)).toBe('0x7a69')
    expect(parseChainId('0x7a69')).toBe(31337)
    expect(parseChainId('31338')).toBe(31338)
    expect(parseChainId(1)).toBe(1)
    for (const bad of ['0xzz', '', -1, 0, '1.5', null]) expect(parseChainId(bad)).toBeNaN()
  })

  test('custom RPC URLs come first, then the defaults, without repeats', () => {
    const custom = { 'eip155:31337': [{ url: 'http://127.0.0.1:1/a' }, { url: chainA.rpcUrl }] } as const
    expect(rpcUrlsFor(networks[0], custom)).toEqual(['http://127.0.0.1:1/a', chainA.rpcUrl])
    expect(rpcUrlsFor(networks[1], custom)).toEqual([chainB.rpcUrl])
  })

  test('an ERC-20 balance treats the contract’s symbol and decimals as hostile', () => {
    const format = (value: bigint, decimals: number) => `${value}/${decimals}`
    expect(erc20Balance({ value: 5n, decimals: 6n, symbol: ' LU\u202eSD\u0000 ' }, format)).toEqual({
      value: 5n,
      decimals: 6,
      symbol: 'LUSD',
      formatted: '5/6',
    })
    expect(erc20Balance({ value: 1n, decimals: 18, symbol: 'X'.repeat(500) }, format).symbol).toHaveLength(32)
    expect(erc20Balance({ value: 1n, decimals: 18, symbol: 42 }, format).symbol).toBe('')
    for (const decimals of [256, -1, 1.5, 'lots']) {
      expect(() => erc20Balance({ value: 1n, decimals, symbol: 'A' }, format)).toThrow(
        'The token contract answered decimals that are not a uint8',
      )
    }
  })

  test('§9.23 USDT contracts use a different ERC20 ABI', () => {
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7'
    expect(erc20AbiFor('eip155:1', usdt)).toBe(USDT_ABI)
    expect(erc20AbiFor('eip155:1', '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f')).toBe(ERC20_ABI)
    expect(erc20AbiFor('eip155:31337', stack.evm.tokens.LUSDT, [stack.evm.tokens.LUSDT])).toBe(USDT_ABI)
    const transfer = USDT_ABI.find((item) => item.name === 'transfer')
    expect(transfer?.outputs).toEqual([])
    expect(ERC20_ABI.find((item) => item.name === 'transfer')?.outputs).toEqual([{ name: '', type: 'bool' }])
  })
})

describe('Eip1193Session', () => {
  test('connects on the network asked for, and restores after a reload without a prompt', async () => {
    const wallet = walletOn(both())
    const storage = createMemoryStorage()
    const { session } = sessionFor(wallet, storage)
    const result = await session.connect({ connectorId: 'dev.latchkey.session', network: networks[1] })
    expect(result.network.caipNetworkId).toBe('eip155:31338')
    expect(result.accounts.map((a) => a.address)).toEqual(wallet.accounts)
    expect(result.accounts.every((a) => a.type === 'eoa')).toBe(true)
    expect(wallet.chainId).toBe(31338)
    const prompts = wallet.prompts().length
    session.destroy()

    const reloaded = sessionFor(wallet, storage).session
    const restored = await reloaded.reconnect()
    expect(restored?.network.caipNetworkId).toBe('eip155:31338')
    expect(reloaded.accounts().map((a) => a.address)).toEqual(wallet.accounts)
    expect(wallet.prompts().length).toBe(prompts)
    reloaded.destroy()
  })

  test('restore waits for a wallet that announces itself late', async () => {
    const wallet = walletOn(both())
    const storage = createMemoryStorage()
    const first = sessionFor(wallet, storage)
    await first.session.connect({ connectorId: 'dev.latchkey.session' })
    first.session.destroy()
    const late = sessionFor(wallet, storage, false)
    setTimeout(() => wallet.announce(late.target), 30)
    expect((await late.session.reconnect())?.accounts[0]?.address).toBe(wallet.address)
    late.session.destroy()
  })

  test('a rejected connect (4001) leaves nothing behind', async () => {
    const wallet = walletOn(both())
    wallet.setPolicy('reject')
    const { session, storage } = sessionFor(wallet)
    await expect(session.connect({ connectorId: 'dev.latchkey.session' })).rejects.toMatchObject({
      code: 4001,
    })
    expect(session.accounts()).toEqual([])
    expect(await storage.getItem('connection')).toBeNull()
    session.destroy()
  })

  test('an unknown connector is CONNECTOR_NOT_FOUND; a network the adapter does not serve is Unsupported chain', async () => {
    const wallet = walletOn(both())
    const { session } = sessionFor(wallet)
    await expect(session.connect({ connectorId: 'io.nothing' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
      message: 'Connector io.nothing not found',
    })
    const foreign = { ...networks[1], id: 5, caipNetworkId: 'eip155:5' as const }
    await expect(
      session.connect({ connectorId: 'dev.latchkey.session', network: foreign }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
      message: 'Unsupported chain',
    })
    session.destroy()
  })

  test('switching to a chain the wallet lacks adds it (4902 -> wallet_addEthereumChain), then switches', async () => {
    const wallet = walletOn([{ chainId: chainA.chainId, rpcUrl: chainA.rpcUrl }])
    const { session, events } = sessionFor(wallet)
    await session.connect({ connectorId: 'dev.latchkey.session' })
    await session.switchNetwork(networks[1])
    expect(wallet.chainId).toBe(31338)
    expect(wallet.log.map((entry) => entry.method)).toContain('wallet_addEthereumChain')
    const added = wallet.log.find((entry) => entry.method === 'wallet_addEthereumChain')?.params as unknown[]
    expect(added[0]).toMatchObject({
      chainId: '0x7a6a',
      rpcUrls: [chainB.rpcUrl],
      chainName: 'Latchkey Local 2',
    })
    expect(events.filter((e) => e.name === 'networkChanged')).toHaveLength(1)
    session.destroy()
  })

  test('a connection whose network the wallet cannot add stays where the wallet is, and says so', async () => {
    const wallet = walletOn([{ chainId: chainA.chainId, rpcUrl: chainA.rpcUrl }])
    // Chain B announced with chain A's endpoint: the wallet checks eth_chainId and refuses to add it.
    const misconfigured = withRpcUrl(latchkeyLocal2, chainA.rpcUrl)
    const target = new EventTarget()
    wallet.announce(target)
    const session = new Eip1193Session({ emit: () => undefined })
    session.init({
      networks: [networks[0], misconfigured],
      options: {},
      storage: createMemoryStorage(),
      discoveryTarget: target,
    })
    const result = await session.connect({ connectorId: 'dev.latchkey.session', network: misconfigured })
    expect(result.network.caipNetworkId).toBe('eip155:31337')
    expect(result.accounts.map((a) => a.address)).toEqual(wallet.accounts)
    expect(wallet.log.find((entry) => entry.method === 'wallet_addEthereumChain')?.outcome).toBe('error')
    session.destroy()
  })

  test('a wallet moved to a chain the host did not configure reports the unsupported network', async () => {
    const wallet = walletOn(both())
    const { session, events } = sessionFor(wallet)
    await session.connect({ connectorId: 'dev.latchkey.session' })
    wallet.addChain({ chainId: 999, rpcUrl: chainA.rpcUrl, name: 'Elsewhere' })
    wallet.switchChain(999)
    expect(session.network()).toMatchObject({ caipNetworkId: 'eip155:999', name: 'Unknown Network' })
    expect(events.map((e) => e.name)).toEqual(['networkChanged'])
    session.destroy()
  })

  test('the wallet dropping every chain (EIP-1193 disconnect) disconnects once and forgets the connection', async () => {
    const wallet = walletOn(both())
    const { session, events, storage } = sessionFor(wallet)
    await session.connect({ connectorId: 'dev.latchkey.session' })
    wallet.dropConnection()
    wallet.restoreConnection()
    expect(events.map((e) => e.name)).toEqual(['disconnected'])
    expect(session.accounts()).toEqual([])
    expect(await storage.getItem('connection')).toBeNull()
    session.destroy()
  })

  test('capabilities and wallet assets come from the wallet (EIP-5792, EIP-7811)', async () => {
    const wallet = createTestWallet({
      rdns: 'dev.latchkey.session',
      privateKeys: [generatePrivateKey()],
      chains: both(),
      tokens: [
        { chainId: 31337, address: stack.evm.tokens.LUSD, name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 },
      ],
    })
    const { session } = sessionFor(wallet)
    await session.connect({ connectorId: 'dev.latchkey.session' })
    expect(await session.getCapabilities()).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    const assets = await session.getWalletAssets({ address: wallet.address })
    expect(assets.map((a) => [a.type, a.metadata.symbol, a.balance])).toEqual([
      ['NATIVE', 'ETH', '0x0'],
      ['ERC20', 'LUSD', '0x0'],
    ])
    session.destroy()
  })
})

describe('Eip1193Session with a hostile wallet', () => {
  function hostile(answers: Record<string, unknown>) {
    const listeners = new Map<string, (...args: unknown[]) => void>()
    const provider = {
      on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener),
      removeListener: (event: string) => listeners.delete(event),
      emit: (event: string, ...args: unknown[]) => listeners.get(event)?.(...args),
      async request({ method }: { method: string }) {
        if (method in answers) return answers[method]
        throw Object.assign(new Error('unsupported'), { code: 4200 })
      },
    }
    const target = Object.assign(new EventTarget(), { ethereum: provider })
    const session = new Eip1193Session({ emit: () => undefined })
    session.init({ networks, options: {}, storage: createMemoryStorage(), discoveryTarget: target })
    return Object.assign(session, { emitFromWallet: provider.emit })
  }
  const address = '0x00000000000000000000000000000000000000aa'

  test('an EIP-1193 disconnect with 1013 (reconnecting) keeps the connection; chainChanged garbage reads as unknown', async () => {
    const session = hostile({ eth_requestAccounts: [address], eth_chainId: '0x7a69' })
    await session.connect({ connectorId: 'injected' })
    session.emitFromWallet('disconnect', { code: 1013, message: 'reconnecting' })
    expect(session.accounts().map((a) => a.address)).toEqual([address])
    session.emitFromWallet('chainChanged', '<b>')
    expect(session.network()?.caipNetworkId).toBe('eip155:0')
    session.emitFromWallet('disconnect', { code: 4900 })
    expect(session.accounts()).toEqual([])
  })

  test('drops non-addresses from an accounts answer, and refuses an answer with none', async () => {
    const session = hostile({ eth_requestAccounts: ['<img src=x>', address], eth_chainId: '0x7a69' })
    const result = await session.connect({ connectorId: 'injected' })
    expect(result.accounts.map((a) => a.address)).toEqual([address])
    const empty = hostile({ eth_requestAccounts: ['nope'], eth_chainId: '0x7a69' })
    await expect(empty.connect({ connectorId: 'injected' })).rejects.toMatchObject({ code: 4100 })
  })

  test('refuses a wallet_getAssets answer with a malformed asset (SPEC §5), and reads "no method" capabilities as none', async () => {
    const session = hostile({
      eth_requestAccounts: [address],
      eth_chainId: '0x7a69',
      wallet_getAssets: { '0x7a69': [{ address: 'native', type: 'native', balance: 'lots', metadata: {} }] },
    })
    await session.connect({ connectorId: 'injected' })
    await expect(session.getWalletAssets({ address })).rejects.toMatchObject({
      code: -32603,
      message: 'The wallet answered wallet_getAssets with a malformed asset.',
    })
    expect(await session.getCapabilities()).toEqual({})
  })
})
