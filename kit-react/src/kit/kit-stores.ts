import {
  type ChainNamespace,
  type ConnectedWalletInfo,
  type KitAccount,
  type KitNetwork,
  type KitState,
  kitAccountOf,
  kitNetworkOf,
  kitStateOf,
  type ThemeState,
  type TrackedEvent,
} from '@latchkey/core'
import type { UiKit } from '@latchkey/ui'
import { createExternalStore, type ExternalStore } from './external-store.js'

/** The snapshots the hooks read, one store per host subscription of the kit, shared by every hook of the kit. */
export interface KitStores {
  /** The account of a namespace (default the active one). */
  account<N extends ChainNamespace>(namespace: N): ExternalStore<KitAccount<N>>
  account(namespace?: ChainNamespace): ExternalStore<KitAccount>
  network: ExternalStore<KitNetwork>
  state: ExternalStore<KitState>
  theme: ExternalStore<ThemeState>
  walletInfo: ExternalStore<ConnectedWalletInfo | undefined>
  /** The last tracked event (none on the server). */
  lastEvent: ExternalStore<TrackedEvent | undefined>
  /** The wallet's provider of a namespace; compared by identity (it is a live object, not data). */
  walletProvider(namespace: ChainNamespace): ExternalStore<unknown>
}

/** The provider of a namespace, or undefined while nothing is connected there (the getter throws then). */
function providerOf(kit: UiKit, namespace: ChainNamespace): unknown {
  try {
    return kit.getWalletProvider(namespace)
  } catch {
    return undefined
  }
}

/**
 * Builds the stores of one kit. The accounts, network and state stores answer the server with what a server render
 * of the kit shows (the kit's `serverState`: a returning visitor's accounts, reconnecting, when the kit was given the
 * cookie's `initialState`; else disconnected on the first network), the theme store with the starting theme; wallet
 * info, providers and events start empty on the server.
 */
export function createKitStores(kit: UiKit): KitStores {
  const c = kit.controllers
  const chainVersion = () => [c.chain.state.get()]
  const accounts = new Map<ChainNamespace | undefined, ExternalStore<KitAccount>>()
  const providers = new Map<ChainNamespace, ExternalStore<unknown>>()
  // What a server render of this kit shows: the networks and only the accounts the cookie named (never what the
  // browser's storage remembered: the server could not see it), whenever a store is made.
  const server = c.chain.serverState
  const accountStore = (namespace?: ChainNamespace) =>
    createExternalStore<KitAccount>({
      subscribe: (onChange) => kit.subscribeAccount(onChange, namespace),
      versions: chainVersion,
      read: () => kit.getAccount(namespace),
      server: kitAccountOf(server, namespace),
    })
  // A namespace's store reads that namespace's account only, so it holds a KitAccount of that namespace.
  function account<N extends ChainNamespace>(namespace: N): ExternalStore<KitAccount<N>>
  function account(namespace?: ChainNamespace): ExternalStore<KitAccount>
  function account(namespace?: ChainNamespace): ExternalStore<KitAccount> {
    return cached(accounts, namespace, accountStore)
  }
  const providerStore = (namespace: ChainNamespace) =>
    createExternalStore<unknown>({
      subscribe: (onChange) => kit.subscribeAccount(onChange, namespace),
      versions: chainVersion,
      read: () => providerOf(kit, namespace),
      equal: Object.is,
      server: undefined,
    })
  return {
    account,
    network: createExternalStore({
      subscribe: (onChange) => kit.subscribeNetwork(onChange),
      versions: chainVersion,
      read: () => kitNetworkOf(c.chain.state.get()),
      server: kitNetworkOf(server),
    }),
    state: createExternalStore({
      subscribe: (onChange) => kit.subscribeState(onChange),
      versions: () => [c.chain.state.get(), c.modal.state.get()],
      read: () => kit.getState(),
      server: kitStateOf(server, { open: false, loading: false }),
    }),
    theme: createExternalStore({
      subscribe: (onChange) => kit.subscribeTheme(onChange),
      versions: () => [c.theme.state.get()],
      read: () => c.theme.state.get(),
      equal: Object.is,
    }),
    walletInfo: createExternalStore({
      subscribe: (onChange) => kit.subscribeWalletInfo(onChange),
      versions: chainVersion,
      read: () => kit.getWalletInfo(),
      server: undefined,
    }),
    lastEvent: createExternalStore({
      subscribe: (onChange) => kit.subscribeEvents(onChange),
      versions: () => [kit.getLastEvent()],
      read: () => kit.getLastEvent(),
      equal: Object.is,
      server: undefined,
    }),
    walletProvider: (namespace) => cached(providers, namespace, providerStore),
  }
}

/** One store per key, made on first use: every hook of a kit and namespace shares it. */
function cached<K, V>(map: Map<K, V>, key: K, make: (key: K) => V): V {
  const found = map.get(key)
  if (found) return found
  const made = make(key)
  map.set(key, made)
  return made
}
