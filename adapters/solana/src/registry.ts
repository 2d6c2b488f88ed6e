import type { AdapterContext, Connector } from '@latchkey/core'
import type { Adapter } from '@solana/wallet-adapter-base'
import { type SolanaWalletEntry, solanaEntries } from './connectors.js'
import { createStandardDiscovery, type StandardDiscovery } from './discovery.js'
import type { LibsOf } from './libs.js'
import { adapterSession, standardSession, type WalletSession } from './wallet-session.js'

const connectorKey = (list: readonly Connector[]) => list.map((c) => `${c.type}:${c.id}`).join('|')

/**
 * The wallets an adapter can connect: Wallet Standard wallets discovered live on the context's discovery
 * target, and the host's wallet-adapter adapters. Calls `onConnectorsChanged` when the list changed.
 */
export class WalletRegistry {
  private discovery: StandardDiscovery | undefined
  private context: AdapterContext | undefined
  private last = ''

  constructor(
    private readonly adapters: readonly Adapter[],
    private readonly libs: LibsOf,
    private readonly onConnectorsChanged: (connectors: readonly Connector[]) => void,
  ) {}

  start(context: AdapterContext): void {
    this.context = context
    const target = context.discoveryTarget
    if (target && context.options.enableWallets !== false) {
      this.discovery = createStandardDiscovery(target, () => this.sync())
    }
    this.last = connectorKey(this.connectors())
  }

  connectors(): Connector[] {
    return this.entries().map((entry) => entry.connector)
  }

  /** A new session with the wallet of a connector; undefined for an unknown connector. */
  session(connectorId: string): WalletSession | undefined {
    const entry = this.entries().find((item) => item.connector.id === connectorId)
    if (!entry) return undefined
    return entry.source.kind === 'standard'
      ? standardSession(entry.source.wallet)
      : adapterSession(entry.source.adapter, this.libs)
  }

  /** Waits up to `ms` for a connector to appear (a wallet registering after a reload). */
  async waitFor(connectorId: string, ms: number): Promise<WalletSession | undefined> {
    const deadline = Date.now() + ms
    for (;;) {
      const session = this.session(connectorId)
      if (session || Date.now() >= deadline) return session
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  /** Emits the connector list when it changed since last time. */
  sync(): void {
    if (!this.context) return
    const list = this.connectors()
    const key = connectorKey(list)
    if (key === this.last) return
    this.last = key
    this.onConnectorsChanged(list)
  }

  stop(): void {
    this.discovery?.stop()
    this.discovery = undefined
  }

  private entries(): SolanaWalletEntry[] {
    if (!this.context) return []
    return solanaEntries(this.discovery?.wallets() ?? [], this.adapters, this.context.options)
  }
}
