import { createApprovals } from './approvals.js'
import { assetHandlers } from './assets.js'
import { callHandlers } from './calls.js'
import { addKnownChain, chainHandlers, setChain, toHexChainId } from './chains.js'
import { connectionHandlers, grant, orderedAccounts, revoke, selectAccount } from './connection.js'
import { DEFAULT_WALLET_ICON, DEFAULT_WALLET_NAME, DEFAULT_WALLET_RDNS } from './defaults.js'
import { announceProvider, type EIP6963ProviderInfo, isEventTargetLike } from './eip6963.js'
import { Emitter } from './emitter.js'
import { disconnected } from './errors.js'
import { loadKeys } from './keys.js'
import { createProvider } from './provider.js'
import { randomUuid } from './random.js'
import { createRequestRouter } from './router.js'
import { signingHandlers } from './signing.js'
import type { ChainState, WalletState } from './state.js'
import { transactionHandlers } from './transactions.js'
import type { RequestLogEntry, TestWallet, TestWalletOptions } from './types.js'
import { watchAssetHandlers } from './watch-asset.js'

/**
 * Creates a real EVM test wallet: it holds keys (viem local accounts), asks a simulated user (the policy) before
 * anything that needs consent, signs for real and broadcasts to the chains' JSON-RPC endpoints.
 * Works in Node and in a browser (see the IIFE bundle, `injectScriptPath()`).
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  if (!options || !Array.isArray(options.chains) || options.chains.length === 0) {
    throw new Error('createTestWallet: `chains` must list at least one chain')
  }
  const keys = loadKeys(options)
  const chains = new Map<number, ChainState>()
  for (const chain of options.chains) addKnownChain(chains, chain)
  const chainId = options.chainId ?? options.chains[0]!.chainId
  if (!chains.has(chainId)) throw new Error(`createTestWallet: initial chain ${chainId} is not in \`chains\``)
  const connected = options.connected ?? false

  const state: WalletState = {
    keys,
    activeKey: keys[0]!,
    chains,
    chainId,
    connected,
    grantedAt: connected ? Date.now() : 0,
    offline: false,
    approvals: createApprovals(options.policy ?? 'approve'),
    watchedAssets: [],
    emitter: new Emitter(),
    rpcTimeoutMs: options.rpcTimeoutMs ?? 30_000,
    verifyAddedChains: options.verifyAddedChains ?? true,
  }
  const { approvals, emitter } = state

  const info: EIP6963ProviderInfo = Object.freeze({
    uuid: options.uuid ?? randomUuid(),
    name: options.name ?? DEFAULT_WALLET_NAME,
    icon: options.icon ?? DEFAULT_WALLET_ICON,
    rdns: options.rdns ?? DEFAULT_WALLET_RDNS,
  })

  const log: RequestLogEntry[] = []
  const request = createRequestRouter(
    state,
    {
      ...connectionHandlers(state),
      ...chainHandlers(state),
      ...signingHandlers(state),
      ...transactionHandlers(state),
      ...callHandlers(state),
      ...watchAssetHandlers(state),
      ...assetHandlers(state, options.tokens ?? []),
    },
    log,
  )
  const provider = createProvider(request, emitter)

  const wallet: TestWallet = {
    provider,
    info,
    get accounts() {
      return orderedAccounts(state)
    },
    get address() {
      return state.activeKey.address
    },
    get chainId() {
      return state.chainId
    },
    get chains() {
      return [...chains.values()].map((chain) => ({ ...chain }))
    },
    get connected() {
      return state.connected
    },
    get policy() {
      return approvals.policy
    },
    get watchedAssets() {
      return state.watchedAssets.map((asset) => ({ ...asset }))
    },
    setPolicy(next) {
      approvals.setPolicy(next)
    },
    get log() {
      return [...log]
    },
    prompts() {
      return log.filter((entry) => entry.prompted)
    },
    clearLog() {
      log.length = 0
    },
    pending() {
      return approvals.pending()
    },
    nextPending() {
      return approvals.nextPending()
    },
    approve(id) {
      approvals.approve(id)
    },
    reject(id) {
      approvals.reject(id)
    },
    switchAccount(indexOrAddress) {
      selectAccount(state, indexOrAddress)
    },
    switchChain(id) {
      if (!chains.has(id)) throw new Error(`switchChain: the wallet does not know chain ${id}`)
      setChain(state, id)
    },
    addChain(chain) {
      addKnownChain(chains, chain)
    },
    connect() {
      grant(state)
    },
    disconnect() {
      revoke(state)
    },
    dropConnection() {
      if (state.offline) return
      state.offline = true
      emitter.emit('disconnect', disconnected())
    },
    restoreConnection() {
      if (!state.offline) return
      state.offline = false
      emitter.emit('connect', { chainId: toHexChainId(state.chainId) })
    },
    announce(target) {
      const eventTarget: unknown = target ?? globalThis
      if (!isEventTargetLike(eventTarget)) {
        throw new Error('announce: no EventTarget given and globalThis is not one (pass a target in Node)')
      }
      return announceProvider(eventTarget, info, wallet.provider)
    },
    injectAsWindowEthereum(target) {
      const host: object = target ?? globalThis
      Object.defineProperty(host, 'ethereum', {
        value: wallet.provider,
        writable: true,
        configurable: true,
        enumerable: true,
      })
      if (isEventTargetLike(host) && typeof Event === 'function') {
        host.dispatchEvent(new Event('ethereum#initialized'))
      }
    },
  }
  return wallet
}
