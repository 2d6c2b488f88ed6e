// eip155 over the EVM test wallet (@latchkey/evm-wallet): its EIP-1193 provider answers, on the request's chain.
import { createTestWallet, type TestWalletChain } from '@latchkey/evm-wallet'
import {
  type NamespaceDelegate,
  type NamespaceRequest,
  type PreparedRequest,
  serial,
  type WalletActions,
} from './delegate.js'
import { invalidParams, WcRpcError } from './errors.js'

/** The EVM side of the wallet. */
export interface WcEvmOptions {
  /** Raw private keys (0x + 64 hex). Given alone they replace the mnemonic. */
  privateKeys?: `0x${string}`[]
  /** BIP-39 mnemonic (default the test mnemonic when no private keys are given); accounts m/44'/60'/0'/0/i. */
  mnemonic?: string
  /** Which mnemonic indices to hold (default [0]); ignored when only private keys are given. */
  accountIndices?: number[]
  /** The chains the wallet knows, the first one current. */
  chains: TestWalletChain[]
}

/** Methods that change something or sign: the user approves them (policy). */
const SIGNING = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_watchAsset',
] as const

/** Methods answered without asking: the session's accounts, the chain, capabilities, and reads from the chain. */
const READS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
] as const

export const EIP155_METHODS: readonly string[] = [...SIGNING, ...READS]
export const EIP155_EVENTS: readonly string[] = ['chainChanged', 'accountsChanged']

const chainNumber = (chainId: string) => Number(chainId.slice('eip155:'.length))
const caipOf = (chainId: number) => `eip155:${chainId}`

/** The first param of wallet_switchEthereumChain / wallet_addEthereumChain: `{ chainId: hex }`. */
function requestedChain(method: string, params: unknown): number {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const hex = first?.chainId
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex)) {
    throw invalidParams(`${method} expects [{ chainId: '0x…' }]`)
  }
  return Number.parseInt(hex, 16)
}

/** How many array params each signing method needs at least (the EVM wallet checks the rest). */
const MIN_PARAMS: Readonly<Record<string, number>> = {
  personal_sign: 2,
  eth_signTypedData_v4: 2,
  eth_sendTransaction: 1,
  wallet_sendCalls: 1,
}

export function createEvmDelegate(options: WcEvmOptions): NamespaceDelegate {
  if (options.chains.length === 0) throw new Error('createWcWallet: evm.chains must list at least one chain')
  const wallet = createTestWallet({
    ...(options.privateKeys ? { privateKeys: options.privateKeys } : {}),
    ...(options.mnemonic ? { mnemonic: options.mnemonic } : {}),
    ...(options.accountIndices ? { accountIndices: options.accountIndices } : {}),
    chains: options.chains,
    // The WalletConnect wallet asks its own user; the EVM wallet only signs and sends.
    policy: 'approve',
    connected: true,
  })
  /** Addresses in key-list order (what switchAccount's index refers to). */
  const keyOrder = [...wallet.accounts]
  const chains = options.chains.map((chain) => caipOf(chain.chainId))
  let active = chains[0]!
  const exclusive = serial()

  /** Runs `method` on the EVM wallet, moved to the request's chain first. */
  const onChain = (chainId: string, method: string, params: unknown) =>
    exclusive(async () => {
      const id = chainNumber(chainId)
      if (wallet.chainId !== id) wallet.switchChain(id)
      return wallet.provider.request({ method, params } as never) as Promise<unknown>
    })

  const delegate: NamespaceDelegate = {
    namespace: 'eip155',
    chains,
    get activeChain() {
      return active
    },
    methods: EIP155_METHODS,
    events: EIP155_EVENTS,
    addresses: () => [...wallet.accounts],
    selectChain(chainId) {
      if (!chains.includes(chainId)) throw new Error(`The wallet does not know the chain ${chainId}.`)
      active = chainId
    },
    selectAccount(which) {
      const index =
        typeof which === 'number'
          ? which
          : keyOrder.findIndex((address) => address.toLowerCase() === which.toLowerCase())
      if (!keyOrder[index]) throw new Error(`The wallet holds no EVM account ${which}.`)
      wallet.switchAccount(index)
    },
    chainChangedData: chainNumber,
    prepare(request: NamespaceRequest, actions: WalletActions): PreparedRequest {
      const { chainId, method, params } = request
      const needsApproval = (SIGNING as readonly string[]).includes(method)
      const least = MIN_PARAMS[method]
      if (least !== undefined && (!Array.isArray(params) || params.length < least)) {
        throw invalidParams(`${method} expects an array of at least ${least} params`)
      }
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return { needsApproval, run: async () => delegate.addresses(chainId) }
        case 'wallet_switchEthereumChain': {
          const target = caipOf(requestedChain(method, params))
          if (!chains.includes(target)) {
            throw new WcRpcError(4902, `Unrecognized chain ID ${target}. Try adding the chain first.`)
          }
          return {
            needsApproval,
            run: async () => {
              await actions.switchChain(target)
              return null
            },
          }
        }
        case 'wallet_addEthereumChain': {
          const target = caipOf(requestedChain(method, params))
          return {
            needsApproval,
            run: async () => {
              // The EVM wallet checks the new RPC answers eth_chainId with the id, then knows the chain.
              if (!chains.includes(target)) {
                await onChain(chainId, method, params)
                chains.push(target)
              }
              await actions.switchChain(target)
              return null
            },
          }
        }
        default:
          return { needsApproval, run: () => onChain(chainId, method, params) }
      }
    },
  }
  return delegate
}
