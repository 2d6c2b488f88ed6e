/**
 * A fake embedded-wallet frame for the EVM adapters' AUTH connector tests: an object with the methods of core's
 * EmbeddedWalletProvider (typed structurally: this tool needs no @latchkey/core) and one visitor, logged in or not,
 * holding a private key. Signatures and transactions are made with the key, reads go to the local chain the request
 * names, and every login step fails the test: an adapter must never start a login.
 */
import { createPublicClient, createWalletClient, type Hex, http, type TypedDataDefinition } from 'viem'
import type { privateKeyToAccount } from 'viem/accounts'
import { vi } from 'vitest'
import type { LocalEvmNetwork } from './conformance.js'

type Account = ReturnType<typeof privateKeyToAccount>

/** What the frame holds: whether the visitor is logged in, and the chain it is on. */
export interface FakeFrameState {
  session: boolean
  chainId: number
}

const rpcUrlOf = (network: LocalEvmNetwork) => network.rpcUrls.default.http[0] as string

/** What the fake frame's RPC_REQUEST answers: signatures and transactions with the key, reads from the chain. */
async function answer(account: Account, method: string, params: unknown, network: LocalEvmNetwork) {
  const list = (Array.isArray(params) ? params : []) as unknown[]
  switch (method) {
    case 'personal_sign':
      return account.signMessage({ message: { raw: list[0] as Hex } })
    case 'eth_signTypedData_v4':
      return account.signTypedData(JSON.parse(list[1] as string) as TypedDataDefinition)
    case 'eth_sendTransaction': {
      const tx = list[0] as { to: Hex; value?: Hex; data?: Hex; gas?: Hex }
      const wallet = createWalletClient({ account, transport: http(rpcUrlOf(network), { retryCount: 0 }) })
      return wallet.sendTransaction({
        to: tx.to,
        value: BigInt(tx.value ?? '0x0'),
        ...(tx.data ? { data: tx.data } : {}),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        chain: null,
      })
    }
    case 'wallet_getCapabilities':
      return { '0x7a69': { atomic: { status: 'unsupported' } } }
    case 'wallet_getAssets':
      return {}
    case 'eth_sign':
      // As the frame refuses a method outside SPEC §6's lists (core's LatchkeyError carries the same code).
      throw Object.assign(new Error('Requested RPC call is not allowed'), { code: 'UNSUPPORTED_OPERATION' })
    default: {
      const client = createPublicClient({ transport: http(rpcUrlOf(network), { retryCount: 0 }) })
      return client.request({ method, params } as never)
    }
  }
}

/** The fake frame of `account` over `networks`; `rpc` records its RPC_REQUESTs. */
export function fakeEmbeddedFrame(
  account: Account,
  networks: readonly LocalEvmNetwork[],
  state: FakeFrameState,
) {
  const networkOf = (caipNetworkId: string | undefined): LocalEvmNetwork => {
    const network = networks.find((item) => item.caipNetworkId === caipNetworkId)
    if (!network) throw new Error(`no local network ${caipNetworkId}`)
    return network
  }
  const notLoggedIn = () => Object.assign(new Error('User is not logged in'), { code: 4100 })
  const login = () => Promise.reject(new Error('the adapter must not start a login'))
  const user = () => ({
    email: 'visitor@example.test',
    address: account.address,
    chainId: state.chainId,
    accounts: [{ address: account.address, type: 'eoa' as const }],
  })
  const rpc = vi.fn(async (args: { method: string; params?: unknown; chainId?: string }) => {
    if (!state.session) throw notLoggedIn()
    return answer(account, args.method, args.params, networkOf(args.chainId))
  })
  const frame = {
    getUser: vi.fn(async (params: { chainId?: number | string }) => {
      if (!state.session) throw notLoggedIn()
      if (typeof params.chainId === 'number') state.chainId = params.chainId
      return user()
    }),
    switchNetwork: vi.fn(async (params: { chainId: number | string }) => {
      if (!state.session) throw notLoggedIn()
      state.chainId = Number(params.chainId)
      return { chainId: state.chainId }
    }),
    request: <T>(args: { method: string; params?: unknown; chainId?: string }) => rpc(args) as Promise<T>,
    signOut: vi.fn(async () => {
      state.session = false
    }),
    isConnected: vi.fn(async () => ({ isConnected: state.session })),
    getChainId: vi.fn(async () => ({ chainId: state.chainId })),
    connectEmail: vi.fn(login),
    connectDevice: vi.fn(login),
    connectOtp: vi.fn(login),
    getSocialRedirectUri: vi.fn(login),
    connectSocial: vi.fn(login),
    getFarcasterUri: vi.fn(login),
    connectFarcaster: vi.fn(login),
    setPreferredAccount: login,
    getSmartAccountEnabledNetworks: login,
    initSmartAccount: login,
    updateEmail: login,
    updateEmailPrimaryOtp: login,
    updateEmailSecondaryOtp: login,
    syncTheme: login,
    syncDappData: login,
    reload: login,
  }
  return { frame, rpc }
}
