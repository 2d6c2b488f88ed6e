// bip122 over the Bitcoin test wallet (@latchkey/bitcoin-wallet): WalletConnect's Bitcoin methods mapped onto its
// sats-connect `request`, on the request's network and with the account the request names.
import {
  type BitcoinWalletAddress,
  type BitcoinWalletKeys,
  type BitcoinWalletNetwork,
  createBitcoinTestWallet,
} from '@latchkey/bitcoin-wallet'
import { base64, hex } from '@scure/base'
import { type NamespaceDelegate, type PreparedRequest, serial } from './delegate.js'
import { invalidParams, sdkError, WcRpcError } from './errors.js'

/** A Bitcoin network of the wallet: the test wallet's network, and its CAIP-2 id when it should not be read. */
export interface WcBitcoinNetwork extends BitcoinWalletNetwork {
  /** `bip122:` + the first 32 hex characters of the genesis block hash; default read from `${esploraUrl}/block-height/0`. */
  caipNetworkId?: string
}

/** The Bitcoin side of the wallet. */
export interface WcBitcoinOptions {
  /** The networks the wallet knows, the first one current. */
  networks: WcBitcoinNetwork[]
  /** Raw keys, one `{ payment, ordinals }` (hex) per account; replace the mnemonic. */
  keys?: BitcoinWalletKeys[]
  /** BIP-39 mnemonic (default the test mnemonic); account i is m/84'/1'/0'/0/i (payment), m/86'/1'/0'/0/i (ordinals). */
  mnemonic?: string
  /** Which mnemonic indices to hold (default [0]). */
  accountIndices?: number[]
}

const SIGNING = ['signMessage', 'signPsbt', 'sendTransfer'] as const
export const BIP122_METHODS: readonly string[] = ['getAccountAddresses', ...SIGNING]
export const BIP122_EVENTS: readonly string[] = ['bip122_addressesChanged', 'accountsChanged', 'chainChanged']

/** The CAIP-2 id of the network behind an Esplora API: `bip122:` + 32 hex characters of its block 0's hash. */
export async function readBitcoinChainId(esploraUrl: string): Promise<string> {
  const response = await fetch(`${esploraUrl.replace(/\/+$/, '')}/block-height/0`)
  const hash = (await response.text()).trim()
  if (!response.ok || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new Error(`${esploraUrl} did not answer the genesis block hash (HTTP ${response.status}).`)
  }
  return `bip122:${hash.slice(0, 32)}`
}

/** One entry of getAccountAddresses' result (Reown's Bitcoin RPC reference). */
interface AccountAddress {
  address: string
  publicKey: string
  path?: string
  intention: 'payment' | 'ordinal'
}

const asObject = (method: string, params: unknown): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalidParams(`${method} expects an object`)
  }
  return params as Record<string, unknown>
}

/** The sats-connect answer of the test wallet: its result, or its error thrown with its code. */
function unwrap(
  response: { result: unknown } | { error: { code: number; message: string; data?: unknown } },
) {
  if ('error' in response)
    throw new WcRpcError(response.error.code, response.error.message, response.error.data)
  return response.result
}

/**
 * Creates the Bitcoin delegate. `chainIds` are the CAIP-2 ids of `options.networks`, in order (see
 * {@link readBitcoinChainId}).
 */
export function createBitcoinDelegate(
  options: WcBitcoinOptions,
  chainIds: readonly string[],
): NamespaceDelegate {
  const wallet = createBitcoinTestWallet({
    networks: options.networks.map(({ name, network, esploraUrl }) => ({ name, network, esploraUrl })),
    ...(options.keys ? { keys: options.keys } : {}),
    ...(options.mnemonic ? { mnemonic: options.mnemonic } : {}),
    ...(options.accountIndices ? { accountIndices: options.accountIndices } : {}),
    // The WalletConnect wallet asks its own user; the Bitcoin wallet only signs and sends.
    policy: 'approve',
    connected: true,
    psbtFormat: 'base64',
  })
  const accountCount = options.keys?.length ?? options.accountIndices?.length ?? 1
  const indices = options.keys ? undefined : (options.accountIndices ?? [0])
  /** Per chain, per account: the payment and ordinals addresses (read once from the wallet). */
  const table = new Map<string, { payment: BitcoinWalletAddress; ordinals: BitcoinWalletAddress }[]>()
  options.networks.forEach((network, n) => {
    wallet.switchNetwork(network.name)
    const accounts = []
    for (let i = 0; i < accountCount; i++) {
      wallet.switchAccount(i)
      const [payment, ordinals] = wallet.addresses
      accounts.push({ payment: payment!, ordinals: ordinals! })
    }
    table.set(chainIds[n]!, accounts)
  })
  const chains = [...chainIds]
  let active = chains[0]!
  let selected = 0
  const exclusive = serial()

  const accountsOn = (chainId: string) => table.get(chainId) ?? []
  /** The index of the account whose payment address (the account's identifier) is `account` on `chainId`. */
  const accountIndex = (chainId: string, account: unknown): number => {
    const index = accountsOn(chainId).findIndex((entry) => entry.payment.address === account)
    if (index < 0) {
      throw sdkError(
        'UNSUPPORTED_ACCOUNTS',
        `account: the wallet holds no account ${String(account)} on ${chainId}.`,
      )
    }
    return index
  }
  /** Runs a sats-connect method with the wallet on `chainId` and account `index` selected. */
  const call = (chainId: string, index: number, method: string, params: unknown) =>
    exclusive(async () => {
      const name = options.networks[chains.indexOf(chainId)]!.name
      if (wallet.network.name !== name) wallet.switchNetwork(name)
      wallet.switchAccount(index)
      return unwrap(await wallet.provider.request(method, params))
    })
  const pathOf = (purpose: 84 | 86, index: number) =>
    indices ? `m/${purpose}'/1'/0'/0/${indices[index]}` : undefined
  const entry = (
    address: BitcoinWalletAddress,
    path: string | undefined,
    intention: 'payment' | 'ordinal',
  ) => ({
    address: address.address,
    publicKey: address.publicKey,
    ...(path ? { path } : {}),
    intention,
  })

  return {
    namespace: 'bip122',
    chains,
    get activeChain() {
      return active
    },
    methods: BIP122_METHODS,
    events: BIP122_EVENTS,
    addresses(chainId) {
      const payments = accountsOn(chainId).map((account) => account.payment.address)
      return [payments[selected]!, ...payments.filter((_, index) => index !== selected)]
    },
    selectChain(chainId) {
      if (!chains.includes(chainId)) throw new Error(`The wallet does not know the network ${chainId}.`)
      active = chainId
    },
    selectAccount(which) {
      const index =
        typeof which === 'number'
          ? which
          : accountsOn(active).findIndex(
              (account) => account.payment.address === which || account.ordinals.address === which,
            )
      if (index < 0 || index >= accountCount) throw new Error(`The wallet holds no Bitcoin account ${which}.`)
      selected = index
    },
    chainChangedData: (chainId) => chainId,
    prepare({ chainId, method, params }): PreparedRequest {
      const needsApproval = (SIGNING as readonly string[]).includes(method)
      const body = asObject(method, params)
      const index = accountIndex(chainId, body.account)
      const { payment, ordinals } = accountsOn(chainId)[index]!
      const ownAddress = (address: unknown, what: string): string => {
        if (address !== payment.address && address !== ordinals.address) {
          throw invalidParams(
            `${what} ${String(address)} is not an address of the account ${payment.address}`,
          )
        }
        return address
      }
      switch (method) {
        case 'getAccountAddresses': {
          const { intentions } = body
          if (
            intentions !== undefined &&
            (!Array.isArray(intentions) || intentions.some((intention) => typeof intention !== 'string'))
          ) {
            throw invalidParams('intentions must be an array of strings')
          }
          const all: AccountAddress[] = [
            entry(payment, pathOf(84, index), 'payment'),
            entry(ordinals, pathOf(86, index), 'ordinal'),
          ]
          const wanted = intentions as string[] | undefined
          return {
            needsApproval,
            run: async () =>
              wanted && wanted.length > 0 ? all.filter((item) => wanted.includes(item.intention)) : all,
          }
        }
        case 'signMessage': {
          const { message, address, protocol } = body
          if (typeof message !== 'string') throw invalidParams('message must be a string')
          if (protocol !== undefined && protocol !== 'ecdsa' && protocol !== 'bip322') {
            throw invalidParams("protocol must be 'ecdsa' or 'bip322'")
          }
          const signer = address === undefined ? payment.address : ownAddress(address, 'address')
          return {
            needsApproval,
            run: async () => {
              const result = (await call(chainId, index, 'signMessage', {
                address: signer,
                message,
                ...(protocol ? { protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' } : {}),
              })) as { signature: string; messageHash: string; address: string }
              return {
                address: result.address,
                signature: hex.encode(base64.decode(result.signature)),
                messageHash: result.messageHash,
              }
            },
          }
        }
        case 'signPsbt': {
          const { psbt, signInputs, broadcast } = body
          if (typeof psbt !== 'string' || psbt.length === 0)
            throw invalidParams('psbt must be a base64 string')
          if (broadcast !== undefined && typeof broadcast !== 'boolean') {
            throw invalidParams('broadcast must be a boolean')
          }
          let map: Record<string, number[]> | undefined
          if (signInputs !== undefined) {
            if (!Array.isArray(signInputs)) throw invalidParams('signInputs must be an array')
            map = {}
            signInputs.forEach((input: unknown, i) => {
              const { address, index: inputIndex, sighashTypes } = (input ?? {}) as Record<string, unknown>
              const own = ownAddress(address, `signInputs[${i}].address`)
              if (!Number.isInteger(inputIndex) || (inputIndex as number) < 0) {
                throw invalidParams(`signInputs[${i}].index must be a non-negative integer`)
              }
              if (
                sighashTypes !== undefined &&
                (!Array.isArray(sighashTypes) || sighashTypes.some((type) => type !== 0 && type !== 1))
              ) {
                throw invalidParams(
                  `signInputs[${i}].sighashTypes: only SIGHASH_ALL (1) or SIGHASH_DEFAULT (0) are supported`,
                )
              }
              map![own] = [...(map![own] ?? []), inputIndex as number]
            })
          }
          return {
            needsApproval,
            run: async () =>
              call(chainId, index, 'signPsbt', {
                psbt,
                ...(map ? { signInputs: map } : {}),
                broadcast: broadcast === true,
              }),
          }
        }
        case 'sendTransfer': {
          const { recipientAddress, amount, changeAddress, memo } = body
          if (typeof recipientAddress !== 'string' || recipientAddress.length === 0) {
            throw invalidParams('recipientAddress must be an address')
          }
          if (
            typeof amount !== 'string' ||
            !/^[1-9]\d*$/.test(amount) ||
            !Number.isSafeInteger(Number(amount))
          ) {
            throw invalidParams('amount must be a positive integer number of satoshis, as a string')
          }
          if (changeAddress !== undefined && changeAddress !== payment.address) {
            throw invalidParams(`changeAddress must be the account's payment address ${payment.address}`)
          }
          if (memo !== undefined) throw invalidParams('memo (an OP_RETURN output) is not supported')
          return {
            needsApproval,
            run: async () =>
              call(chainId, index, 'sendTransfer', {
                recipients: [{ address: recipientAddress, amount: Number(amount) }],
              }),
          }
        }
        default:
          throw sdkError('UNSUPPORTED_METHODS', `${method} is not a Bitcoin method of this wallet.`)
      }
    },
  }
}
