/** A WalletConnectProvider whose session a test approves or rejects; counts proposals. */
import {
  type CaipAddress,
  type ChainNamespace,
  createEmitter,
  type WalletConnectEvents,
  type WalletConnectProvider,
  type WalletConnectSession,
} from '../../src/index.js'

/** A session with the phone wallet as its peer, holding `accounts` per namespace. */
function phoneWalletSession(
  topic: string,
  accounts: Partial<Record<ChainNamespace, CaipAddress[]>>,
): WalletConnectSession {
  return {
    topic,
    expiry: 0,
    peer: {
      metadata: { name: 'Phone Wallet', description: '', url: 'https://wallet.example', icons: [] },
    },
    namespaces: Object.fromEntries(
      Object.entries(accounts).map(([ns, list]) => [ns, { accounts: list, methods: [], events: [] }]),
    ),
  }
}

export function createFakeWalletConnect() {
  const events = createEmitter<WalletConnectEvents>()
  let session: WalletConnectSession | undefined
  /** The proposals waiting for the wallet, oldest first. */
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = []
  let uriCounter = 0
  const proposals: unknown[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  const provider: WalletConnectProvider = {
    get session() {
      return session
    },
    connect: (params) => {
      proposals.push(params)
      uriCounter += 1
      events.emit('display_uri', { uri: `wc:pairing-${uriCounter}@2?relay-protocol=irn&symKey=00` })
      for (const wait of waiting.filter((each) => proposals.length >= each.count)) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve()
      }
      return new Promise((resolve, reject) => {
        pending.push({
          resolve: () => resolve({ session: session as WalletConnectSession }),
          reject,
        })
      })
    },
    disconnect: async () => {
      session = undefined
    },
    request: async () => {
      throw new Error('not used')
    },
    setDefaultChain: () => {},
    getAccounts: (namespace: ChainNamespace) => session?.namespaces[namespace]?.accounts ?? [],
    on: (event, listener) => events.on(event, listener),
  }
  return {
    provider,
    proposals,
    /**
     * Resolves once the wallet holds `count` proposals (default: one more than now). The kit loads its WalletConnect
     * code on first use, so a proposal is not made in the same tick as the call that asks for it.
     */
    proposed(count = proposals.length + 1): Promise<void> {
      if (proposals.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiting.push({ count, resolve }))
    },
    /** The wallet approves the latest proposal with these accounts. */
    approve(accounts: Partial<Record<ChainNamespace, CaipAddress[]>>) {
      session = phoneWalletSession('topic', accounts)
      pending.pop()?.resolve()
    },
    /** The wallet rejects the latest proposal, or the oldest one still waiting. */
    reject(which: 'latest' | 'oldest' = 'latest') {
      const proposal = which === 'latest' ? pending.pop() : pending.shift()
      proposal?.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    },
    /** A session left from an earlier page load. */
    restoreSession(accounts: Partial<Record<ChainNamespace, CaipAddress[]>>) {
      session = phoneWalletSession('old', accounts)
    },
  }
}
