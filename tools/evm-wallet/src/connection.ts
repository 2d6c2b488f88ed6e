// The site's connection: the accounts permission (EIP-2255), the active account, and the account methods.

import type { Address, LocalAccount } from 'viem'
import { getAddress, isAddress } from 'viem/utils'
import { toHexChainId } from './chains.js'
import { ErrorCode, invalidParams, ProviderRpcError, unauthorized } from './errors.js'
import { isObject, paramsArray, parseAddress } from './params.js'
import type { MethodHandlers, WalletState } from './state.js'
import type { RequestLogEntry } from './types.js'

/** Every address the wallet holds, active first. */
export const orderedAccounts = (state: WalletState): Address[] => [
  state.activeKey.address,
  ...state.keys.filter((key) => key !== state.activeKey).map((key) => key.address),
]

// State changes (each emits its events exactly once, only when something really changes).

/** Grants the accounts permission: emits `connect` then `accountsChanged`. */
export function grant(state: WalletState): void {
  if (state.connected) return
  state.connected = true
  state.grantedAt = Date.now()
  state.emitter.emit('connect', { chainId: toHexChainId(state.chainId) })
  state.emitter.emit('accountsChanged', orderedAccounts(state))
}

/** Revokes the accounts permission: emits `accountsChanged([])`. */
export function revoke(state: WalletState): void {
  if (!state.connected) return
  state.connected = false
  state.emitter.emit('accountsChanged', [])
}

/** The user selects another key; throws when the wallet holds no such account. */
export function selectAccount(state: WalletState, indexOrAddress: number | Address): void {
  let key: LocalAccount | undefined
  if (typeof indexOrAddress === 'number') key = state.keys[indexOrAddress]
  else if (isAddress(indexOrAddress, { strict: false })) {
    const address = getAddress(indexOrAddress)
    key = state.keys.find((candidate) => candidate.address === address)
  }
  if (!key) throw new Error(`switchAccount: the wallet holds no account ${String(indexOrAddress)}`)
  if (key === state.activeKey) return
  state.activeKey = key
  if (state.connected) state.emitter.emit('accountsChanged', orderedAccounts(state))
}

/** The key of an address the site may use; 4100 when not connected or not held. */
export function keyFor(state: WalletState, address: unknown, field: string): LocalAccount {
  if (!state.connected) throw unauthorized()
  const parsed = parseAddress(address, field)
  const key = state.keys.find((candidate) => candidate.address === parsed)
  if (!key) throw unauthorized(`The account ${parsed} is not one the user has authorized.`)
  return key
}

/** The key that sends for a request's `from` (the active account when absent); 4100 when not connected. */
export function senderKey(state: WalletState, from: unknown): LocalAccount {
  if (!state.connected) throw unauthorized()
  return from === undefined || from === null ? state.activeKey : keyFor(state, from, 'from')
}

const permissions = (state: WalletState) =>
  state.connected
    ? [
        {
          parentCapability: 'eth_accounts',
          invoker: typeof location === 'object' && location?.origin ? location.origin : 'node',
          date: state.grantedAt,
          caveats: [{ type: 'restrictReturnedAccounts', value: orderedAccounts(state) }],
        },
      ]
    : []

/** eth_requestAccounts, eth_accounts, eth_coinbase and the EIP-2255 permission methods. */
export function connectionHandlers(state: WalletState): MethodHandlers {
  let accountsRequestPending = false
  /** Asks for the accounts permission, one request at a time (-32002 while one waits), and grants it. */
  const requestAccess = async (method: string, entry: RequestLogEntry) => {
    if (accountsRequestPending) {
      throw new ProviderRpcError(
        ErrorCode.resourceUnavailable,
        `Request of type ${method} already pending. Please wait.`,
      )
    }
    accountsRequestPending = true
    try {
      await state.approvals.prompt(entry)
    } finally {
      accountsRequestPending = false
    }
    grant(state)
  }

  return {
    eth_requestAccounts: async (_params, entry) => {
      if (state.connected) return orderedAccounts(state)
      await requestAccess('eth_requestAccounts', entry)
      return orderedAccounts(state)
    },
    eth_accounts: async () => (state.connected ? orderedAccounts(state) : []),
    eth_coinbase: async () => (state.connected ? state.activeKey.address : null),

    wallet_requestPermissions: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_requestPermissions', 1)
      if (!isObject(request) || !('eth_accounts' in request) || Object.keys(request).length !== 1) {
        throw invalidParams('only the eth_accounts permission can be requested')
      }
      await requestAccess('wallet_requestPermissions', entry)
      return permissions(state)
    },
    wallet_getPermissions: async () => permissions(state),
    wallet_revokePermissions: async (params) => {
      const [request] = paramsArray(params, 'wallet_revokePermissions', 1)
      if (!isObject(request) || !('eth_accounts' in request)) {
        throw invalidParams('only the eth_accounts permission can be revoked')
      }
      revoke(state)
      return null
    },
  }
}
