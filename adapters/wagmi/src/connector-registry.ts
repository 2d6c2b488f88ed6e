import type { Connector as LatchkeyConnector } from '@latchkey/core'
import type { Eip1193Provider } from '@latchkey/core/eip155'
import type { Config, Connector as WagmiConnector } from '@wagmi/core'
import { type LeashedProvider, leash } from './leash.js'
import { walletConnector } from './wallet-connector.js'

interface Managed {
  /** The wallet's own provider object (what `getWalletProvider` returns). */
  provider: Eip1193Provider
  leash: LeashedProvider
  connector: WagmiConnector
}

/**
 * The wagmi connectors of the wallets the adapter found itself, kept in the config next to the host's own
 * (wagmi's EIP-6963 integration is off: the adapter feeds it from core's discovery, with the host's
 * enable/include/exclude options applied). This mirrors what wagmi does for an announced wallet:
 * `_internal.connectors.setup(injected({ target }))`, then add it to the config's connector list.
 */
export class ConnectorRegistry {
  private readonly managed = new Map<string, Managed>()

  constructor(private readonly config: Config) {}

  /**
   * Makes the config's discovered connectors match `wanted` (Latchkey connectors carrying a provider):
   * adds the new ones, replaces a wallet whose provider object changed (it reloaded), and drops those gone,
   * except the connected one (`keepUid`). Returns whether wagmi's list changed.
   */
  sync(wanted: readonly LatchkeyConnector[], keepUid: string | null): boolean {
    const added: WagmiConnector[] = []
    const removed = new Set<string>()
    const wantedIds = new Set<string>()
    for (const item of wanted) {
      const provider = item.provider as Eip1193Provider | undefined
      if (!provider) continue
      wantedIds.add(item.id)
      const known = this.managed.get(item.id)
      if (known?.provider === provider) continue
      if (known) {
        if (known.connector.uid === keepUid) continue
        removed.add(known.connector.uid)
        known.leash.release()
      }
      const wallet = leash(provider)
      const connector = this.config._internal.connectors.setup(
        walletConnector({ id: item.id, name: item.name, icon: item.imageUrl, wallet }),
      )
      this.managed.set(item.id, { provider, leash: wallet, connector })
      added.push(connector)
    }
    for (const [id, known] of this.managed) {
      if (wantedIds.has(id) || known.connector.uid === keepUid) continue
      removed.add(known.connector.uid)
      known.leash.release()
      this.managed.delete(id)
    }
    if (added.length === 0 && removed.size === 0) return false
    this.config._internal.connectors.setState((list) => [
      ...list.filter((connector) => !removed.has(connector.uid)),
      ...added,
    ])
    return true
  }

  /** Whether a wagmi connector is one the adapter manages (rather than one of the host's). */
  isManaged(uid: string): boolean {
    for (const known of this.managed.values()) if (known.connector.uid === uid) return true
    return false
  }

  /** The wallet's own provider behind a managed connector. */
  providerOf(uid: string): Eip1193Provider | undefined {
    for (const known of this.managed.values()) if (known.connector.uid === uid) return known.provider
    return undefined
  }

  /** Takes back every listener the adapter's connectors put on wallets. */
  release(): void {
    for (const known of this.managed.values()) known.leash.release()
  }
}
