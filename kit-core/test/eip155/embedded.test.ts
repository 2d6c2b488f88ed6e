/**
 * The embedded wallet as an EIP-1193 provider, over a fake frame provider: lazy loading, silent account reads,
 * the chain answered locally and switched through the frame, requests forwarded on the current chain with the
 * frame's errors kept, hostile answers refused, and signing out.
 */
import { describe, expect, test, vi } from 'vitest'
import { type EmbeddedEip1193Provider, embeddedEip1193Provider } from '../../src/eip155/index.js'
import {
  type AdapterContext,
  createMemoryStorage,
  type EmbeddedAccountInfo,
  type EmbeddedWalletProvider,
  LatchkeyError,
  ProviderRpcError,
} from '../../src/index.js'
import { latchkeyLocal, latchkeyLocal2 } from '../../src/networks/local.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

/** A frame error as the transport delivers it: a message and the frame's code. */
function frameFailure(message: string, code?: number): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code })
}

/** A fake frame: one logged-in user (or none) on a chain that follows GET_USER and SWITCH_NETWORK. */
function fakeFrame(options: { session?: boolean; address?: string } = {}) {
  const state = { session: options.session ?? true, address: options.address ?? ADDRESS, chainId: 31337 }
  const unused = () => Promise.reject(new Error('not used by the EIP-1193 provider'))
  const user = (): EmbeddedAccountInfo => ({
    email: 'visitor@example.test',
    address: state.address,
    chainId: state.chainId,
    accounts: [{ address: state.address, type: 'eoa' }],
  })
  const rpc = vi.fn(
    async (args: { method: string; params?: unknown; chainId?: string }): Promise<unknown> => {
      if (args.method === 'personal_sign') return '0xsigned'
      if (args.method === 'eth_blockNumber') return '0x10'
      throw new LatchkeyError('Requested RPC call is not allowed', {
        code: 'UNSUPPORTED_OPERATION',
        details: args.method,
      })
    },
  )
  const frame = {
    getUser: vi.fn(async (params: { chainId?: number | string }) => {
      if (!state.session) throw frameFailure('User is not logged in', 4100)
      if (typeof params.chainId === 'number') state.chainId = params.chainId
      return user()
    }),
    switchNetwork: vi.fn(
      async (params: { chainId: number | string }): Promise<{ chainId: number | string }> => {
        if (!state.session) throw frameFailure('User is not logged in', 4100)
        state.chainId = Number(params.chainId)
        return { chainId: state.chainId }
      },
    ),
    request: <T>(args: { method: string; params?: unknown; chainId?: string }) => rpc(args) as Promise<T>,
    signOut: vi.fn(async () => {
      state.session = false
    }),
    isConnected: vi.fn(async () => ({ isConnected: state.session })),
    getChainId: vi.fn(async () => ({ chainId: state.chainId })),
    connectEmail: unused,
    connectDevice: unused,
    connectOtp: unused,
    getSocialRedirectUri: unused,
    connectSocial: unused,
    getFarcasterUri: unused,
    connectFarcaster: unused,
    setPreferredAccount: unused,
    getSmartAccountEnabledNetworks: unused,
    initSmartAccount: unused,
    updateEmail: unused,
    updateEmailPrimaryOtp: unused,
    updateEmailSecondaryOtp: unused,
    syncTheme: unused,
    syncDappData: unused,
    reload: unused,
  } satisfies EmbeddedWalletProvider
  return { frame, rpc, state }
}

function setup(options: { session?: boolean; address?: string } = {}) {
  const { frame, rpc, state } = fakeFrame(options)
  const getEmbeddedWalletProvider = vi.fn(async (): Promise<EmbeddedWalletProvider> => frame)
  const context: AdapterContext = {
    networks: [latchkeyLocal, latchkeyLocal2],
    options: {},
    storage: createMemoryStorage(),
    getEmbeddedWalletProvider,
  }
  const provider = embeddedEip1193Provider(context)
  const events: { name: string; args: unknown[] }[] = []
  for (const name of ['accountsChanged', 'chainChanged', 'disconnect'])
    provider.on(name, (...args: unknown[]) => events.push({ name, args }))
  return { provider, frame, rpc, state, events, getEmbeddedWalletProvider }
}

async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return error as ProviderRpcError
}

const request = (provider: EmbeddedEip1193Provider, method: string, params?: unknown) =>
  provider.request(params === undefined ? { method } : { method, params })

describe('creation and loading', () => {
  test('needs the embedded wallet in the context', () => {
    expect(() =>
      embeddedEip1193Provider({ networks: [latchkeyLocal], options: {}, storage: createMemoryStorage() }),
    ).toThrow('The embedded wallet is not enabled (email or social login)')
  })

  test('loads the frame on the first request that needs it, once', async () => {
    const { provider, getEmbeddedWalletProvider } = setup()
    expect(getEmbeddedWalletProvider).not.toHaveBeenCalled()
    expect(await request(provider, 'eth_chainId')).toBe('0x7a69')
    expect(getEmbeddedWalletProvider).not.toHaveBeenCalled()
    await request(provider, 'eth_requestAccounts')
    await request(provider, 'eth_accounts')
    await request(provider, 'personal_sign', ['0x68656c6c6f', ADDRESS])
    expect(getEmbeddedWalletProvider).toHaveBeenCalledTimes(1)
  })

  test('a frame that failed to load is loaded again by the next request', async () => {
    const { frame } = fakeFrame()
    const getEmbeddedWalletProvider = vi
      .fn<() => Promise<EmbeddedWalletProvider>>()
      .mockRejectedValueOnce(new Error('Could not load embedded wallet'))
      .mockResolvedValue(frame)
    const provider = embeddedEip1193Provider({
      networks: [latchkeyLocal],
      options: {},
      storage: createMemoryStorage(),
      getEmbeddedWalletProvider,
    })
    const error = await rejection(request(provider, 'eth_requestAccounts'))
    expect(error.code).toBe(-32603)
    expect(error.message).toBe('Could not load embedded wallet')
    expect(await request(provider, 'eth_requestAccounts')).toEqual([ADDRESS])
    expect(getEmbeddedWalletProvider).toHaveBeenCalledTimes(2)
  })
})

describe('accounts', () => {
  test('eth_requestAccounts reads the user on the current chain; accountsChanged when the held account changes', async () => {
    const { provider, frame, state, events } = setup()
    expect(await request(provider, 'eth_requestAccounts')).toEqual([ADDRESS])
    expect(frame.getUser).toHaveBeenCalledWith({ chainId: 31337 })
    expect(await request(provider, 'eth_requestAccounts')).toEqual([ADDRESS])
    state.address = OTHER
    expect(await request(provider, 'eth_requestAccounts')).toEqual([OTHER])
    // The first account is the request's answer, not an event.
    expect(events).toEqual([{ name: 'accountsChanged', args: [[OTHER]] }])
  })

  test("eth_requestAccounts without a session rejects with the frame's 4100 and message", async () => {
    const { provider, events } = setup({ session: false })
    const error = await rejection(request(provider, 'eth_requestAccounts'))
    expect(error.code).toBe(4100)
    expect(error.message).toBe('User is not logged in')
    expect(events).toEqual([])
  })

  test('eth_accounts answers [] without a session and never asks for the user then', async () => {
    const { provider, frame } = setup({ session: false })
    expect(await request(provider, 'eth_accounts')).toEqual([])
    expect(frame.isConnected).toHaveBeenCalledTimes(1)
    expect(frame.getUser).not.toHaveBeenCalled()
  })

  test('eth_accounts reads the user when the frame holds a session', async () => {
    const { provider, frame, events } = setup()
    expect(await request(provider, 'eth_accounts')).toEqual([ADDRESS])
    expect(frame.getUser).toHaveBeenCalledWith({ chainId: 31337 })
    expect(events).toEqual([])
  })

  test('eth_accounts answers [] when the frame fails, and emits accountsChanged [] when the session ended', async () => {
    const { provider, frame, state, events } = setup()
    await request(provider, 'eth_requestAccounts')
    frame.isConnected.mockRejectedValueOnce(frameFailure('iframe_request_timeout'))
    expect(await request(provider, 'eth_accounts')).toEqual([])
    expect(events).toEqual([])
    state.session = false
    expect(await request(provider, 'eth_accounts')).toEqual([])
    expect(events).toEqual([{ name: 'accountsChanged', args: [[]] }])
  })

  test('a malformed address from the frame is refused with a clear error', async () => {
    const { provider, frame, events } = setup({ address: '0x1234' })
    const error = await rejection(request(provider, 'eth_requestAccounts'))
    expect(error.code).toBe(-32603)
    expect(error.message).toBe(
      'The embedded wallet answered GET_USER with "0x1234", which is not an address.',
    )
    frame.getUser.mockResolvedValueOnce({ address: ADDRESS, chainId: 999 })
    const chain = await rejection(request(provider, 'eth_requestAccounts'))
    expect(chain.message).toBe(
      "The embedded wallet answered GET_USER with chain id 999, which is not one of the kit's eip155 networks.",
    )
    expect(events).toEqual([])
  })
})

describe('chain', () => {
  test('[§6.9] eth_chainId is answered on the page: it starts on the first network and follows the chain the user info says', async () => {
    const { provider, frame, events } = setup()
    expect(await request(provider, 'eth_chainId')).toBe('0x7a69')
    frame.getUser.mockResolvedValueOnce({ address: ADDRESS, chainId: 31338 })
    await request(provider, 'eth_requestAccounts')
    expect(await request(provider, 'eth_chainId')).toBe('0x7a6a')
    expect(events).toContainEqual({ name: 'chainChanged', args: ['0x7a6a'] })
  })

  test('preferChain names the chain of the next account read only', async () => {
    const { provider, frame } = setup()
    provider.preferChain(31338)
    await request(provider, 'eth_requestAccounts')
    expect(frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
    expect(await request(provider, 'eth_chainId')).toBe('0x7a6a')
    await request(provider, 'eth_accounts')
    expect(frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
    provider.preferChain(31337)
    provider.preferChain(undefined)
    await request(provider, 'eth_accounts')
    expect(frame.getUser).toHaveBeenLastCalledWith({ chainId: 31338 })
    expect(() => provider.preferChain(1)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }))
  })

  test('wallet_switchEthereumChain switches the frame and emits chainChanged once', async () => {
    const { provider, frame, events } = setup()
    await request(provider, 'eth_requestAccounts')
    expect(await request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(frame.switchNetwork).toHaveBeenCalledWith({ chainId: 31338 })
    expect(await request(provider, 'eth_chainId')).toBe('0x7a6a')
    expect(await request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(events.filter((event) => event.name === 'chainChanged')).toEqual([
      { name: 'chainChanged', args: ['0x7a6a'] },
    ])
  })

  test('a chain outside the networks is 4902 and never reaches the frame; malformed params are -32602', async () => {
    const { provider, frame } = setup()
    const unknown = await rejection(request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]))
    expect(unknown.code).toBe(4902)
    expect(unknown.message).toBe(
      "Unrecognized chain ID 0x1: the embedded wallet serves only the kit's networks.",
    )
    const bad = await rejection(request(provider, 'wallet_switchEthereumChain', [{ chainId: 'one' }]))
    expect(bad.code).toBe(-32602)
    expect(frame.switchNetwork).not.toHaveBeenCalled()
  })

  test("the frame's 4901 passes on as is and the chain stays", async () => {
    const { provider, frame, events } = setup()
    frame.switchNetwork.mockRejectedValueOnce(frameFailure('Chain is not supported', 4901))
    const error = await rejection(request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]))
    expect(error.code).toBe(4901)
    expect(error.message).toBe('Chain is not supported')
    expect(await request(provider, 'eth_chainId')).toBe('0x7a69')
    expect(events).toEqual([])
  })

  test('a switch answered with another chain fails with a clear error', async () => {
    const { provider, frame } = setup()
    frame.switchNetwork.mockResolvedValueOnce({ chainId: 'eip155:1' })
    const unknown = await rejection(request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]))
    expect(unknown.message).toBe(
      'The embedded wallet answered SWITCH_NETWORK with chain id "eip155:1", which is not one of the kit\'s eip155 networks.',
    )
    frame.switchNetwork.mockResolvedValueOnce({ chainId: 31337 })
    const elsewhere = await rejection(
      request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]),
    )
    expect(elsewhere.message).toBe('The embedded wallet answered SWITCH_NETWORK to 0x7a6a with 0x7a69.')
  })

  test('wallet_addEthereumChain accepts the networks only', async () => {
    const { provider, rpc } = setup()
    expect(
      await request(provider, 'wallet_addEthereumChain', [{ chainId: '0x7a6a', chainName: 'L2' }]),
    ).toBeNull()
    expect((await rejection(request(provider, 'wallet_addEthereumChain', [{ chainId: '0x89' }]))).code).toBe(
      4902,
    )
    expect((await rejection(request(provider, 'wallet_addEthereumChain', []))).code).toBe(-32602)
    expect(rpc).not.toHaveBeenCalled()
  })
})

describe('other requests', () => {
  test('go to the frame on the current chain', async () => {
    const { provider, rpc } = setup()
    const params = ['0x68656c6c6f', ADDRESS]
    expect(await request(provider, 'personal_sign', params)).toBe('0xsigned')
    expect(rpc).toHaveBeenLastCalledWith({ method: 'personal_sign', params, chainId: 'eip155:31337' })
    await request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(await request(provider, 'eth_blockNumber')).toBe('0x10')
    expect(rpc).toHaveBeenLastCalledWith({ method: 'eth_blockNumber', chainId: 'eip155:31338' })
  })

  test("the frame's errors keep their code and message", async () => {
    const { provider, rpc } = setup()
    rpc.mockRejectedValueOnce(frameFailure('The visitor declined', 4001))
    const rejected = await rejection(request(provider, 'eth_sendTransaction', [{ to: OTHER }]))
    expect([rejected.code, rejected.message]).toEqual([4001, 'The visitor declined'])
    rpc.mockRejectedValueOnce(frameFailure('insufficient funds', -32000))
    const failed = await rejection(request(provider, 'eth_sendTransaction', [{ to: OTHER }]))
    expect([failed.code, failed.message]).toEqual([-32000, 'insufficient funds'])
    const refused = await rejection(request(provider, 'eth_sign', [ADDRESS, '0x00']))
    expect([refused.code, refused.message]).toEqual([4200, 'Requested RPC call is not allowed'])
  })

  test('permission requests are answered 4200 here, without the frame', async () => {
    const { provider, getEmbeddedWalletProvider } = setup()
    const error = await rejection(request(provider, 'wallet_requestPermissions', [{ eth_accounts: {} }]))
    expect(error.code).toBe(4200)
    expect(getEmbeddedWalletProvider).not.toHaveBeenCalled()
  })
})

describe('disconnect', () => {
  test('signs out, forgets the account and emits disconnect', async () => {
    const { provider, frame, state, events } = setup()
    await request(provider, 'eth_requestAccounts')
    await provider.disconnect()
    expect(frame.signOut).toHaveBeenCalledTimes(1)
    expect(events.at(-1)).toEqual({ name: 'disconnect', args: [expect.objectContaining({ code: 4900 })] })
    expect(await request(provider, 'eth_accounts')).toEqual([])
    // Forgotten: signing in again as someone else reads a fresh account, not a change.
    state.session = true
    state.address = OTHER
    expect(await request(provider, 'eth_requestAccounts')).toEqual([OTHER])
    expect(events.filter((event) => event.name === 'accountsChanged')).toEqual([])
  })

  test('removeListener stops the events', async () => {
    const { provider } = setup()
    const listener = vi.fn()
    provider.on('chainChanged', listener)
    provider.removeListener('chainChanged', listener)
    await request(provider, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(listener).not.toHaveBeenCalled()
  })
})
