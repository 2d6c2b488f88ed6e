import {
  type AdapterContext,
  ANY_IMAGE_HOST,
  type Connector,
  ConnectorIds,
  isSafeImageUrl,
  LatchkeyError,
  walletConnectConnector,
} from '@latchkey/core'
import {
  type CustomEvmWallet,
  checkCustomEvmWallets,
  createEip6963Discovery,
  type Eip1193Provider,
  type Eip6963Discovery,
  type EmbeddedEip1193Provider,
  embeddedEip1193Provider,
  evmConnectors,
  injectedProviderOf,
  type WalletConnectEip1193Provider,
  walletConnectEip1193Provider,
} from '@latchkey/core/eip155'
import { embeddedConnector } from '@latchkey/core/embedded'
import type { Config, Connector as WagmiConnector } from '@wagmi/core'
import { ConnectorRegistry } from './connector-registry.js'

/**
 * The adapter's connector list and the wagmi connectors behind it: wallets found by core's EIP-6963 discovery,
 * `window.ethereum` and the host's custom wallets (with the kit's enable/include/exclude options applied), then
 * the host's own wagmi connectors as EXTERNAL ones.
 */
export class AdapterConnectors {
  private context: AdapterContext | undefined
  private discovery: Eip6963Discovery | undefined
  private readonly registry: ConnectorRegistry
  private readonly customWallets: CustomEvmWallet[]
  private lastKey = ''
  private started = false
  /** The kit's shared WalletConnect session as an EIP-1193 wallet, when WalletConnect is enabled. */
  walletConnect: WalletConnectEip1193Provider | undefined
  /** The kit's embedded wallet (email and social login) as an EIP-1193 wallet, when the kit offers it. */
  embedded: EmbeddedEip1193Provider | undefined

  /**
   * @param connectedUid the uid of the connected wagmi connector, which is never dropped or replaced
   * @throws LatchkeyError INVALID_OPTIONS for a malformed custom wallet.
   */
  constructor(
    private readonly config: Config,
    customWallets: readonly CustomEvmWallet[] | undefined,
    private readonly connectedUid: () => string | null,
  ) {
    this.registry = new ConnectorRegistry(config)
    this.customWallets = checkCustomEvmWallets(customWallets)
  }

  /** Starts discovery on the context's target; `onChange` hears every later change of the list. */
  start(context: AdapterContext, onChange: (list: readonly Connector[]) => void): void {
    this.context = context
    if (context.getWalletConnectProvider) this.walletConnect = walletConnectEip1193Provider(context)
    if (context.getEmbeddedWalletProvider) this.embedded = embeddedEip1193Provider(context)
    const target = context.discoveryTarget
    const { enableEIP6963, enableWallets } = context.options
    if (target && enableEIP6963 !== false && enableWallets !== false) {
      this.discovery = createEip6963Discovery(target, () => {
        const list = this.changed()
        if (list) onChange(list)
      })
    }
    this.started = true
    this.registry.sync(this.discovered(), null)
    this.lastKey = connectorKey(this.list())
  }

  /** Asks the page's wallets to announce themselves again; the list when it changed. */
  resync(): readonly Connector[] | undefined {
    this.discovery?.request()
    return this.changed()
  }

  /** The Latchkey connectors: discovered ones first, then the host's wagmi connectors. */
  list(): Connector[] {
    const excluded = new Set((this.context?.options.excludeWalletIds ?? []).map((id) => id.toLowerCase()))
    const host = this.hostConnectors()
      .filter((connector) => !excluded.has(connector.id.toLowerCase()))
      .map(
        (connector): Connector => ({
          id: connector.id,
          name: connector.name,
          type: 'EXTERNAL',
          chain: 'eip155',
          // Its form only: whether a local host may serve it is the kit's policy (`allowLocalImages`), core applies it.
          ...(isSafeImageUrl(connector.icon, ANY_IMAGE_HOST) ? { imageUrl: connector.icon } : {}),
          ...(typeof connector.rdns === 'string' ? { info: { rdns: connector.rdns } } : {}),
          networkSwitch: 'wallet',
        }),
      )
    return [...this.discovered(), ...host]
  }

  /** The wagmi connector of a listed connector. @throws LatchkeyError CONNECTOR_NOT_FOUND otherwise. */
  wagmiConnectorOf(connectorId: string): WagmiConnector {
    if (this.started) this.registry.sync(this.discovered(), this.connectedUid())
    const listed = this.list().some((connector) => connector.id === connectorId)
    const connector = listed ? this.config.connectors.find((item) => item.id === connectorId) : undefined
    if (!connector)
      throw new LatchkeyError(`Connector ${connectorId} not found`, { code: 'CONNECTOR_NOT_FOUND' })
    return connector
  }

  /** The wagmi connector of `connectorId`, waiting up to `timeoutMs` for the wallet to announce itself. */
  async waitFor(connectorId: string, timeoutMs: number): Promise<WagmiConnector | undefined> {
    const now = this.find(connectorId)
    if (now) return now
    // An extension may announce itself a moment after the page's scripts run.
    const announced = await this.discovery?.waitFor(connectorId, timeoutMs)
    return announced ? this.find(connectorId) : undefined
  }

  /** The wallet's own provider behind one of the adapter's wagmi connectors. */
  providerOf(uid: string): Eip1193Provider | undefined {
    return this.registry.providerOf(uid)
  }

  isManaged(uid: string): boolean {
    return this.registry.isManaged(uid)
  }

  /**
   * Before connecting or restoring through `connectorId`: the embedded wallet reads its account on `chainId` (the
   * frame moves there in the same request). Nothing for other connectors or chains it does not serve. Returns the undo.
   */
  readAccountOn(connectorId: string, chainId: number | undefined): () => void {
    const embedded = this.embedded
    const served = this.context?.networks.some((network) => Number(network.id) === chainId)
    if (connectorId !== ConnectorIds.auth || !embedded || chainId === undefined || !served) return () => {}
    embedded.preferChain(chainId)
    return () => embedded.preferChain(undefined)
  }

  /** Ends the wallet's side of a connection that ends: WalletConnect's session, the embedded wallet's sign-in. */
  async endSession(connectorId: string | undefined): Promise<void> {
    if (connectorId === ConnectorIds.walletConnect) await this.walletConnect?.disconnect()
    if (connectorId === ConnectorIds.auth) await this.embedded?.disconnect()
  }

  /** Stops discovery and takes back the listeners put on wallets. */
  stop(): void {
    this.started = false
    this.discovery?.stop()
    this.walletConnect?.destroy()
    this.registry.release()
  }

  private find(connectorId: string): WagmiConnector | undefined {
    try {
      return this.wagmiConnectorOf(connectorId)
    } catch {
      return undefined
    }
  }

  /** The list after bringing wagmi's connectors up to date, when it changed since last time. */
  private changed(): readonly Connector[] | undefined {
    if (!this.started) return undefined
    this.registry.sync(this.discovered(), this.connectedUid())
    const list = this.list()
    const key = connectorKey(list)
    if (key === this.lastKey) return undefined
    this.lastKey = key
    return list
  }

  /** The host's own wagmi connectors (those the adapter did not add). */
  private hostConnectors(): readonly WagmiConnector[] {
    return this.config.connectors.filter((connector) => !this.registry.isManaged(connector.uid))
  }

  /** Announced wallets, `window.ethereum` and the custom wallets, with the host's options applied. */
  private discovered(): Connector[] {
    if (!this.context) return []
    const hostIds = new Set(this.hostConnectors().map((connector) => connector.id))
    const wallets = evmConnectors({
      announced: this.discovery?.wallets() ?? [],
      injected: injectedProviderOf(this.context.discoveryTarget),
      custom: this.customWallets,
      options: this.context.options,
    })
    const all = [
      ...(this.embedded ? [embeddedConnector('eip155', 'wallet', { provider: this.embedded })] : []),
      ...(this.walletConnect
        ? [walletConnectConnector('eip155', 'wallet', { provider: this.walletConnect })]
        : []),
      ...wallets,
    ]
    return all.filter((connector) => !hostIds.has(connector.id))
  }
}

function connectorKey(list: readonly Connector[]): string {
  return list.map((connector) => `${connector.type}:${connector.id}:${connector.info?.uuid ?? ''}`).join('|')
}
