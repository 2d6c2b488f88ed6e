/**
 * The AUTH connector suite of the adapters built on core's shared EIP-1193 session (ethers, ethers5): listed only when
 * the kit offers the embedded wallet, connected and restored without a login, switched, signing and sending through
 * the library like any wallet, signed out on disconnect. The frame is {@link fakeEmbeddedFrame}, holding a fresh funded
 * key on the local chains, so transactions land on the real chain. Typed structurally: this tool needs no
 * @latchkey/core (core's own tests use it), so the adapter's test passes core's storage and error class.
 */
import { createPublicClient, erc20Abi, type Hex, http, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { freshAddress, fundedKeys, type LocalEvmNetwork } from './conformance.js'
import { fakeEmbeddedFrame } from './embedded-frame.js'

/** The part of a connector the suite reads. */
interface AuthConnectorLike {
  id: string
  provider?: unknown
}

type AdapterEvent = 'accountsChanged' | 'networkChanged' | 'disconnected'

/** The part of an EVM ChainAdapter the suite drives (method syntax: the adapter's richer types fit). */
export interface AuthSuiteAdapter<N extends LocalEvmNetwork> {
  /** Called with core's AdapterContext: the networks, no options, the storage and the embedded wallet's provider. */
  init(context: never): Promise<void>
  destroy(): void
  on(event: AdapterEvent, listener: (payload: unknown) => void): unknown
  getConnectors(): readonly AuthConnectorLike[]
  syncConnectors(): Promise<unknown>
  connect(params: { connectorId: string; network: N }): Promise<unknown>
  reconnect(): Promise<{ network?: unknown; accounts: readonly { address: string }[] } | null>
  disconnect(): Promise<unknown>
  switchNetwork(params: { network: N }): Promise<unknown>
  getNetwork(): unknown
  getAccounts(): readonly unknown[]
  getWalletProvider(): { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined
  signMessage(params: { message: string }): Promise<{ signature: string; address: string }>
  signTypedData(params: unknown): Promise<{ signature: string }>
  sendTransaction(params: { to: string; value: bigint }): Promise<{ hash: string; network: unknown }>
  writeContract(params: {
    address: string
    abi: readonly unknown[]
    functionName: string
    args?: readonly unknown[]
  }): Promise<{ hash: string; network: unknown }>
  getCapabilities(): Promise<unknown>
  getWalletAssets(params: { address: string }): Promise<unknown>
}

export interface AuthSuiteOptions<N extends LocalEvmNetwork> {
  /** The library's name, for the suite's titles. */
  library: string
  createAdapter(): AuthSuiteAdapter<N>
  /** Core's `createMemoryStorage`. */
  createStorage(): unknown
  /** Core's `ProviderRpcError`: the adapter's errors are its instances. */
  rpcError: abstract new (
    ...args: never[]
  ) => Error
  /** Two local networks (31337, then 31338). */
  networks: readonly [N, N]
  /** An ERC-20 deployed on the first network. */
  token: `0x${string}`
}

/** Defines the suite's tests in the calling file. */
export function describeAuthConnector<N extends LocalEvmNetwork>(suite: AuthSuiteOptions<N>): void {
  const { networks, library } = suite
  const clientOf = (network: LocalEvmNetwork) =>
    createPublicClient({ transport: http(network.rpcUrls.default.http[0], { retryCount: 0 }) })
  let account: ReturnType<typeof privateKeyToAccount>

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
    options: { session?: boolean; storage?: unknown; embedded?: boolean; chainId?: number } = {},
  ) {
    const state = { session: options.session ?? true, chainId: options.chainId ?? 31337 }
    const { frame, rpc } = fakeEmbeddedFrame(account, networks, state)
    const getEmbeddedWalletProvider = vi.fn(async (): Promise<unknown> => frame)
    const adapter = suite.createAdapter()
    await adapter.init({
      networks,
      options: {},
      storage: options.storage ?? suite.createStorage(),
      ...(options.embedded === false ? {} : { getEmbeddedWalletProvider }),
    } as never)
    cleanups.push(() => adapter.destroy())
    const events: { name: string; payload: unknown }[] = []
    for (const name of ['accountsChanged', 'networkChanged', 'disconnected'] as const)
      adapter.on(name, (payload) => events.push({ name, payload }))
    const connect = (network: N = networks[0]) => adapter.connect({ connectorId: 'ID_AUTH', network })
    return { adapter, frame, rpc, state, events, getEmbeddedWalletProvider, connect }
  }

  const authOf = (list: readonly AuthConnectorLike[]) => list.find((connector) => connector.id === 'ID_AUTH')

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
      expect(adapter.getConnectors()[0]?.id).toBe('ID_AUTH')
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
      expect(error).toBeInstanceOf(suite.rpcError)
      expect(error).toMatchObject({ code: 4100, message: 'User is not logged in' })
      expect(adapter.getAccounts()).toEqual([])
      expect(adapter.getNetwork()).toBeUndefined()
      expect(adapter.getWalletProvider()).toBeUndefined()
      expect(events).toEqual([])
    })

    test('reconnect restores silently after a reload, and returns null once the frame has no session', async () => {
      const storage = suite.createStorage()
      const first = await start({ storage })
      await first.connect(networks[1])
      first.adapter.destroy()

      const reloaded = await start({ storage, chainId: 31338 })
      const restored = await reloaded.adapter.reconnect()
      expect(restored).toMatchObject({ connectorId: 'ID_AUTH', network: networks[1] })
      expect(restored?.accounts.map((item) => item.address)).toEqual([account.address])
      expect(reloaded.frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
      for (const step of [reloaded.frame.connectEmail, reloaded.frame.connectOtp])
        expect(step).not.toHaveBeenCalled()
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

    test('a restore follows a switch made after connecting', async () => {
      const storage = suite.createStorage()
      const first = await start({ storage })
      await first.connect(networks[0])
      await first.adapter.switchNetwork({ network: networks[1] })
      first.adapter.destroy()

      const reloaded = await start({ storage, chainId: 31338 })
      expect(await reloaded.adapter.reconnect()).toMatchObject({ network: networks[1] })
      expect(reloaded.frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
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
      const storage = suite.createStorage()
      const { adapter, frame, events, connect } = await start({ storage })
      await connect()
      await adapter.disconnect()
      expect(frame.signOut).toHaveBeenCalledTimes(1)
      expect(adapter.getAccounts()).toEqual([])
      expect(adapter.getWalletProvider()).toBeUndefined()
      expect(events).toEqual([])
      adapter.destroy()
      const reloaded = await start({ storage })
      expect(await reloaded.adapter.reconnect()).toBeNull()
    })
  })

  describe(`through ${library} like any wallet`, () => {
    test("signMessage reaches the frame's personal_sign on the current chain", async () => {
      const { adapter, rpc, connect } = await start()
      await connect()
      const { signature, address } = await adapter.signMessage({ message: 'hello latchkey' })
      expect(address.toLowerCase()).toBe(account.address.toLowerCase())
      // ethers sends the signer's address in lower case.
      expect(rpc).toHaveBeenCalledWith({
        method: 'personal_sign',
        params: ['0x68656c6c6f206c617463686b6579', account.address.toLowerCase()],
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
      const to = freshAddress()
      const sent = await adapter.sendTransaction({ to, value: 12_345n })
      expect(sent.network).toBe(networks[1])
      const chainB = clientOf(networks[1])
      expect((await chainB.waitForTransactionReceipt({ hash: sent.hash as Hex })).status).toBe('success')
      expect(await chainB.getBalance({ address: to })).toBe(12_345n)
      expect(rpc.mock.calls).toContainEqual([
        expect.objectContaining({ method: 'eth_sendTransaction', chainId: networks[1].caipNetworkId }),
      ])

      await adapter.switchNetwork({ network: networks[0] })
      const written = await adapter.writeContract({
        address: suite.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, 0n],
      })
      expect(written.network).toBe(networks[0])
      const chainA = clientOf(networks[0])
      expect((await chainA.waitForTransactionReceipt({ hash: written.hash as Hex })).status).toBe('success')
    })

    test('getCapabilities and getWalletAssets ask the frame; a method it refuses is 4200', async () => {
      const { adapter, rpc, connect } = await start()
      await connect()
      expect(await adapter.getCapabilities()).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
      expect(await adapter.getWalletAssets({ address: account.address })).toEqual([])
      expect(rpc.mock.calls.map(([args]) => args.method)).toEqual(
        expect.arrayContaining(['wallet_getCapabilities', 'wallet_getAssets']),
      )
      const refused = await adapter
        .getWalletProvider()
        ?.request({ method: 'eth_sign', params: [account.address, '0x00'] })
        .catch((error: unknown) => error)
      expect(refused).toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
    })
  })
}
