/**
 * The embedded wallet's AUTH connector: listed only when the kit offers the embedded wallet, connected and restored
 * without a login, switched, signing and sending through wagmi, signed out on disconnect. The frame is a fake
 * EmbeddedWalletProvider holding a fresh funded key on the local chains, so transactions land on the real chain.
 */
import {
  type CaipNetwork,
  type Connector,
  createMemoryStorage,
  type EmbeddedWalletProvider,
  type KitStorage,
  ProviderRpcError,
} from '@latchkey/core'
import { ERC20_ABI } from '@latchkey/core/eip155'
import { fundedKeys } from '@latchkey/evm-testkit'
import { fakeEmbeddedFrame } from '@latchkey/evm-testkit/embedded'
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { WagmiAdapter } from '../src/index.js'
import { clients, networks, recipient, stack } from './support.js'

type Account = ReturnType<typeof privateKeyToAccount>
let account: Account

beforeAll(async () => {
  const [key] = await fundedKeys(networks, 1)
  account = privateKeyToAccount(key as Hex)
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** An initialised adapter whose kit offers the embedded wallet (unless `embedded` is false). */
async function start(
  options: { session?: boolean; storage?: KitStorage; embedded?: boolean; chainId?: number } = {},
) {
  const state = { session: options.session ?? true, chainId: options.chainId ?? 31337 }
  const { frame, rpc } = fakeEmbeddedFrame(account, networks, state)
  const getEmbeddedWalletProvider = vi.fn(async (): Promise<EmbeddedWalletProvider> => frame)
  const adapter = new WagmiAdapter({ networks })
  await adapter.init({
    networks,
    options: {},
    storage: options.storage ?? createMemoryStorage(),
    ...(options.embedded === false ? {} : { getEmbeddedWalletProvider }),
  })
  cleanups.push(() => adapter.destroy())
  const events: { name: string; payload: unknown }[] = []
  for (const name of ['accountsChanged', 'networkChanged', 'disconnected'] as const)
    adapter.on(name, (payload) => events.push({ name, payload }))
  const connect = (network: CaipNetwork = networks[0]) => adapter.connect({ connectorId: 'ID_AUTH', network })
  return { adapter, frame, rpc, state, events, getEmbeddedWalletProvider, connect }
}

const authOf = (list: readonly Connector[]) => list.find((connector) => connector.id === 'ID_AUTH')

describe('the AUTH connector', () => {
  test('is listed only when the kit offers the embedded wallet, and stays through re-syncs', async () => {
    const without = await start({ embedded: false })
    expect(authOf(without.adapter.getConnectors())).toBeUndefined()

    const { adapter, getEmbeddedWalletProvider } = await start()
    const auth = authOf(adapter.getConnectors())
    expect(auth).toMatchObject({
      id: 'ID_AUTH',
      type: 'ID_AUTH',
      name: 'Email',
      chain: 'eip155',
      networkSwitch: 'wallet',
    })
    expect(auth?.provider).toBeDefined()
    expect(adapter.wagmiConfig.connectors.map((connector) => connector.id)).toContain('ID_AUTH')
    await adapter.syncConnectors()
    expect(authOf(adapter.getConnectors())?.provider).toBe(auth?.provider)
    // Listing it does not load the frame.
    expect(getEmbeddedWalletProvider).not.toHaveBeenCalled()
  })

  test('connect reads the account on the asked network without a login', async () => {
    const { adapter, frame, connect } = await start()
    const result = await connect(networks[1])
    expect(result).toEqual({
      connectorId: 'ID_AUTH',
      accounts: [
        {
          address: account.address,
          caipAddress: `${networks[1].caipNetworkId}:${account.address}`,
          type: 'eoa',
        },
      ],
      network: networks[1],
    })
    expect(frame.getUser).toHaveBeenCalledWith({ chainId: 31338 })
    expect(frame.switchNetwork).not.toHaveBeenCalled()
    for (const step of [frame.connectEmail, frame.connectOtp, frame.connectSocial, frame.connectFarcaster])
      expect(step).not.toHaveBeenCalled()
    expect(adapter.getNetwork()).toBe(networks[1])
    expect(adapter.getWalletProvider()).toBe(authOf(adapter.getConnectors())?.provider)
  })

  test("connect without a session in the frame rejects with the frame's 4100 and stays disconnected", async () => {
    const { adapter, events, connect } = await start({ session: false })
    const error = await connect().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4100, message: 'User is not logged in' })
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(adapter.wagmiConfig.state.status).toBe('disconnected')
    expect(events).toEqual([])
  })

  test('reconnect restores silently after a reload, and returns null once the frame has no session', async () => {
    const storage = createMemoryStorage()
    const first = await start({ storage })
    await first.connect(networks[1])
    first.adapter.destroy()

    const reloaded = await start({ storage, chainId: 31338 })
    const restored = await reloaded.adapter.reconnect()
    expect(restored).toMatchObject({ connectorId: 'ID_AUTH', network: networks[1] })
    expect(restored?.accounts.map((item) => item.address)).toEqual([account.address])
    expect(reloaded.frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
    reloaded.adapter.destroy()

    const signedOut = await start({ storage, session: false })
    expect(await signedOut.adapter.reconnect()).toBeNull()
    expect(signedOut.frame.isConnected).toHaveBeenCalled()
    expect(signedOut.frame.getUser).not.toHaveBeenCalled()
    signedOut.adapter.destroy()
    // Forgotten: the next reload does not ask the frame at all.
    const after = await start({ storage })
    expect(await after.adapter.reconnect()).toBeNull()
    expect(after.getEmbeddedWalletProvider).not.toHaveBeenCalled()
  })

  test('switchNetwork goes through the frame and emits networkChanged once', async () => {
    const { adapter, frame, events, connect } = await start()
    await connect(networks[0])
    events.length = 0
    expect(await adapter.switchNetwork({ network: networks[1] })).toEqual({
      network: networks[1],
      via: 'wallet',
    })
    expect(frame.switchNetwork).toHaveBeenCalledWith({ chainId: 31338 })
    expect(events).toEqual([{ name: 'networkChanged', payload: { network: networks[1] } }])
    expect(adapter.getNetwork()).toBe(networks[1])
  })

  test('disconnect signs out of the frame and forgets the connection', async () => {
    const storage = createMemoryStorage()
    const { adapter, frame, connect } = await start({ storage })
    await connect()
    await adapter.disconnect()
    expect(frame.signOut).toHaveBeenCalledTimes(1)
    expect(adapter.getAccounts()).toEqual([])
    adapter.destroy()
    const reloaded = await start({ storage })
    expect(await reloaded.adapter.reconnect()).toBeNull()
  })
})

describe('through wagmi like any wallet', () => {
  test("signMessage reaches the frame's personal_sign on the current chain", async () => {
    const { adapter, rpc, connect } = await start()
    await connect()
    const { signature, address } = await adapter.signMessage({ message: 'hello latchkey' })
    expect(address).toBe(account.address)
    expect(rpc).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x68656c6c6f206c617463686b6579', account.address],
      chainId: networks[0].caipNetworkId,
    })
    expect(
      await verifyMessage({
        address: account.address,
        message: 'hello latchkey',
        signature: signature as Hex,
      }),
    ).toBe(true)
  })

  test('signTypedData reaches eth_signTypedData_v4', async () => {
    const { adapter, rpc, connect } = await start()
    await connect()
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const { signature } = await adapter.signTypedData(typed)
    expect(rpc.mock.calls.at(-1)?.[0]).toMatchObject({
      method: 'eth_signTypedData_v4',
      chainId: 'eip155:31337',
    })
    expect(await verifyTypedData({ ...typed, address: account.address, signature: signature as Hex })).toBe(
      true,
    )
  })

  test('sendTransaction and writeContract land on the chain the frame is on', async () => {
    const { adapter, rpc, connect } = await start()
    await connect(networks[1])
    const to = recipient()
    const sent = await adapter.sendTransaction({ to, value: 12_345n })
    expect(sent.network).toBe(networks[1])
    const receipt = await clients[1]!.waitForTransactionReceipt({ hash: sent.hash as Hex })
    expect(receipt.status).toBe('success')
    expect(await clients[1]!.getBalance({ address: to })).toBe(12_345n)
    expect(rpc.mock.calls.map(([args]) => args.method)).toContain('eth_sendTransaction')

    await adapter.switchNetwork({ network: networks[0] })
    const written = await adapter.writeContract({
      address: stack.evm.tokens.LUSD,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [to, 0n],
    })
    expect(written.network).toBe(networks[0])
    expect((await clients[0]!.waitForTransactionReceipt({ hash: written.hash as Hex })).status).toBe(
      'success',
    )
  })

  test('getCapabilities and getWalletAssets ask the frame; a method it refuses is 4200', async () => {
    const { adapter, rpc, connect } = await start()
    await connect()
    expect(await adapter.getCapabilities()).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await adapter.getWalletAssets({ address: account.address })).toEqual([])
    expect(rpc.mock.calls.map(([args]) => args.method)).toEqual(
      expect.arrayContaining(['wallet_getCapabilities', 'wallet_getAssets']),
    )
    const provider = adapter.getWalletProvider()
    const refused = await provider
      ?.request({ method: 'eth_sign', params: [account.address, '0x00'] })
      .catch((e) => e)
    expect(refused).toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
  })
})
