import {
  type ConnectItem,
  type ConnectorEntry,
  type ConnectSection,
  connectSections,
  isSafeWebLink,
  isWalletConnectUnavailable,
  type WalletListing,
} from '@latchkey/core'
import { Fragment } from 'preact'
import { Icon } from '../components/icons.js'
import { Tile } from '../components/images.js'
import { useStore } from '../components/use-store.js'
import type { MessageKey } from '../i18n/messages-en.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { onListKeyDown } from '../modal/focus.js'
import { ConnectEmail, connectMethods, hasInstalledWallet, isAuthItem, showsEmail } from './connect-email.js'
import { connectListedWallet, hasWalletConnect } from './listed-wallet.js'

const SECTION_LABELS: Partial<Record<ConnectSection['type'], MessageKey>> = {
  recent: 'recent',
  recommended: 'recommended',
}

/**
 * Connect: the sections of core's connectors controller in SPEC §9 order (recent, installed and announced
 * wallets, featured, custom, recommended); the email field when the embedded wallet is offered and email is on, placed
 * by the features' connect methods order (the embedded wallet's own entry is never a wallet row); the wallet guide row
 * (`enableWalletGuide`); the legal footer from the host's terms and privacy links. With no wallet to list, it says so
 * and points to the wallet guide; when WalletConnect is on but unavailable for want of a project id, it says why.
 */
export function ConnectView({ kit }: { kit: UiKit }) {
  const { connectors, listing, connection, options, features } = kit.controllers
  useStore(connectors.state)
  useStore(features.state)
  useStore(connection.state)
  const listed = useStore(listing.state)
  const { t } = kit
  // The email field takes a recommended wallet's place (core's `otherMethodsShown`).
  const email = showsEmail(kit)
  const sections = connectSections(connectors, listed, { otherMethodsShown: email ? 1 : 0 })
    .map((section) => ({ ...section, items: section.items.filter((item) => !isAuthItem(item)) }))
    .filter((section) => section.items.length > 0)
  const methods = connectMethods(kit, hasInstalledWallet(sections.flatMap((section) => section.items)))
  const terms = isSafeWebLink(options.termsConditionsUrl) ? options.termsConditionsUrl : undefined
  // All Wallets lists the Provider API's wallets: without a project id there is no listing to show.
  const showAll = Boolean(kit.controllers.providerApi) && features.isEnabled('allWallets')
  const privacy = isSafeWebLink(options.privacyPolicyUrl) ? options.privacyPolicyUrl : undefined
  const guide =
    options.enableWalletGuide && kit.walletGuideUrl && isSafeWebLink(kit.walletGuideUrl)
      ? kit.walletGuideUrl
      : undefined
  const noWallets = sections.length === 0
  // Core offers WalletConnect nowhere without a project id or a relay of the host's own: the visitor learns why.
  const walletConnectMissing = isWalletConnectUnavailable(options)

  const wallets = (
    <>
      {noWallets ? (
        <div data-testid="no-wallets">
          <p class="note">{t('noWallets')}</p>
          <p class="guide" data-testid={guide ? 'wallet-guide' : undefined}>
            {t('noWalletsGuide')}{' '}
            {guide ? (
              <a href={guide} target="_blank" rel="noopener noreferrer" data-testid="wallet-guide-link">
                {t('noWalletsGuideLink')}
              </a>
            ) : null}
          </p>
        </div>
      ) : null}
      {sections.map((section) => {
        const label = SECTION_LABELS[section.type]
        return (
          <div key={section.type} data-section={section.type}>
            {label ? <p class="section-label">{t(label)}</p> : null}
            <ul class="list" onKeyDown={onListKeyDown}>
              {section.items.map((item) => (
                <li key={itemKey(item)}>
                  <ConnectRow kit={kit} item={item} />
                </li>
              ))}
            </ul>
          </div>
        )
      })}
      {showAll ? (
        <ul class="list all-row">
          <li>
            <button
              type="button"
              class="item"
              data-testid="all-wallets"
              onClick={() => kit.controllers.router.push('AllWallets')}
            >
              <span class="icon">
                <Icon name="grid" />
              </span>
              <span class="name">{t('allWallets')}</span>
              {listed.count > 0 ? (
                <span class="count" data-testid="all-wallets-count">
                  {t('walletCount', { count: roundedCount(listed.count) })}
                </span>
              ) : null}
            </button>
          </li>
        </ul>
      ) : null}
    </>
  )

  return (
    <>
      {methods.map((method, index) => (
        <Fragment key={method}>
          {index > 0 ? (
            <p class="or" data-testid="connect-or">
              <span>{t('or')}</span>
            </p>
          ) : null}
          {method === 'email' ? <ConnectEmail kit={kit} /> : <div data-method="wallet">{wallets}</div>}
        </Fragment>
      ))}
      {walletConnectMissing ? (
        <p class="note" data-testid="walletconnect-unavailable">
          {t('walletConnectNoProjectId')}
        </p>
      ) : null}
      {guide && !noWallets ? (
        <p class="guide" data-testid="wallet-guide">
          {t('walletGuide')}{' '}
          <a href={guide} target="_blank" rel="noopener noreferrer" data-testid="wallet-guide-link">
            {t('walletGuideLink')}
          </a>
        </p>
      ) : null}
      {terms || privacy ? (
        <p class="legal">
          {t('legalPrefix')}{' '}
          {terms ? (
            <a href={terms} target="_blank" rel="noopener noreferrer" data-testid="legal-terms">
              {t('terms')}
            </a>
          ) : null}
          {terms && privacy ? ` ${t('and')} ` : null}
          {privacy ? (
            <a href={privacy} target="_blank" rel="noopener noreferrer" data-testid="legal-privacy">
              {t('privacy')}
            </a>
          ) : null}
        </p>
      ) : null}
    </>
  )
}

/** The listing's size as the row shows it: rounded down to tens above ten ('60+'). */
function roundedCount(count: number): number {
  return count > 10 ? Math.floor(count / 10) * 10 : count
}

function itemKey(item: ConnectItem): string {
  return item.kind === 'connector' ? `c:${item.connector.id}` : `w:${item.subtype}:${item.wallet.id}`
}

/**
 * One row: a connector connects at once (WalletConnect shows its QR code); a listed wallet connects through its
 * connector on this page, else over WalletConnect.
 */
function ConnectRow({ kit, item }: { kit: UiKit; item: ConnectItem }) {
  const { t } = kit
  if (item.kind === 'connector' && item.subtype === 'walletConnect') {
    return (
      <button
        type="button"
        class="item"
        data-testid="wallet-walletConnect"
        onClick={() => void uiOf(kit).connectWalletConnect()}
      >
        <Tile src={item.connector.imageUrl} name={item.connector.name} />
        <span class="name">{item.connector.name}</span>
        <span class="badge muted">{t('qrCode')}</span>
      </button>
    )
  }
  if (item.kind === 'connector') {
    const entry = item.connector
    const installed =
      item.subtype === 'announced' || item.subtype === 'multiChain' || item.subtype === 'injected'
    return (
      <button
        type="button"
        class="item"
        data-testid={`wallet-${entry.id}`}
        onClick={() => void uiOf(kit).connect(entry)}
      >
        <Tile src={entry.imageUrl} name={entry.name} />
        <span class="name">{entry.name}</span>
        {installed ? <span class="badge success">{t('installed')}</span> : null}
      </button>
    )
  }
  const wallet = item.wallet
  const connector = kit.controllers.connectors.getConnectorForWallet(wallet)
  const image =
    wallet.image_url ?? (wallet.image_id ? kit.controllers.listing.getWalletImage(wallet) : undefined)
  const name = wallet.name || wallet.id
  const viaWalletConnect = !connector && hasWalletConnect(kit)
  return (
    <button
      type="button"
      class="item"
      data-testid={`wallet-${wallet.id}`}
      disabled={!connector && !viaWalletConnect}
      onClick={() => {
        if (connector) void uiOf(kit).connect(asEntry(connector, wallet))
        else if (viaWalletConnect) void connectListedWallet(kit, wallet)
      }}
    >
      <Tile src={image} name={name} />
      <span class="name">{name}</span>
      {item.subtype === 'recent' ? <span class="badge accent">{t('recent')}</span> : null}
      {connector ? <span class="badge success">{t('installed')}</span> : null}
    </button>
  )
}

function asEntry(connector: ConnectorEntry, wallet: WalletListing): ConnectorEntry {
  return { ...connector, name: connector.name || wallet.name }
}
