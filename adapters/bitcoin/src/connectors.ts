// The wallets the Bitcoin adapter offers, as the kit's connectors: sats-connect wallets (`btc_providers` on the
// discovery target), Wallet Standard wallets with `bitcoin:connect`, and the kit's WalletConnect session; and the
// client that speaks to the wallet behind each connector.
import { type Connector, LatchkeyError, walletConnectConnector } from '@latchkey/core'
import type { Wallet } from '@wallet-standard/base'
import type { BitcoinWalletClient } from './client.js'
import { satsClient, satsProviderAt, satsProviders } from './sats.js'
import { standardClient } from './standard.js'

/**
 * The connector list: the WalletConnect connector first when the kit enabled WalletConnect, then the sats-connect
 * wallets on `target`, then the Wallet Standard wallets not listed already.
 */
export function bitcoinConnectors(
  target: EventTarget | undefined,
  standardWallets: readonly Wallet[],
  walletConnect: boolean,
): Connector[] {
  const next: Connector[] = satsProviders(target).map((entry) => ({
    id: entry.id,
    name: entry.name,
    type: 'INJECTED',
    chain: 'bip122',
    ...(entry.icon ? { imageUrl: entry.icon } : {}),
    networkSwitch: 'wallet',
    provider: target ? satsProviderAt(target, entry.id) : undefined,
  }))
  for (const wallet of standardWallets) {
    if (next.some((c) => c.id === wallet.name)) continue
    next.push({
      id: wallet.name.slice(0, 64),
      name: wallet.name.slice(0, 64),
      type: 'ANNOUNCED',
      chain: 'bip122',
      imageUrl: wallet.icon,
      networkSwitch: 'reconnect',
      provider: wallet,
    })
  }
  // WalletConnect first (the connector order of SPEC §9), only when the kit enabled it.
  if (walletConnect) next.unshift(walletConnectConnector('bip122', 'adapter'))
  return next
}

/**
 * The client of a listed connector: the kit's WalletConnect session, a sats-connect provider or a Wallet Standard
 * wallet. @throws LatchkeyError CONNECTOR_NOT_FOUND for a connector that is not in `connectors`.
 */
export function clientOf(
  connectors: readonly Connector[],
  connectorId: string,
  walletConnect: BitcoinWalletClient | undefined,
): BitcoinWalletClient {
  const connector = connectors.find((c) => c.id === connectorId)
  if (connector?.type === 'WALLET_CONNECT' && walletConnect) return walletConnect
  const provider = connector?.provider
  if (!connector || !provider) {
    throw new LatchkeyError(`Connector ${String(connectorId).slice(0, 64)} not found`, {
      code: 'CONNECTOR_NOT_FOUND',
    })
  }
  return connector.type === 'INJECTED'
    ? satsClient(provider as Parameters<typeof satsClient>[0])
    : standardClient(provider as Parameters<typeof standardClient>[0])
}
