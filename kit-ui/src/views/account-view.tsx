import { ConnectorIds, isSafeWebLink } from '@latchkey/core'
import { Icon } from '../components/icons.js'
import { Avatar, Tile } from '../components/images.js'
import { networkImage } from '../components/network-image.js'
import { useStore } from '../components/use-store.js'
import { formatAddress, formatAmount } from '../format/address.js'
import type { UiKit } from '../kit/types.js'
import { onListKeyDown } from '../modal/focus.js'
import { AccountTabs } from './account/account-tabs.js'
import { EmbeddedEmail, UpdateEmailRow } from './account/embedded-account.js'
import { WalletFeaturesRow } from './account/wallet-features-row.js'

/**
 * Account: avatar, profile name, the address (4+6), balance, the wallet features (Receive, …), the Tokens and
 * Activity tabs (each panel a chunk of its own; Activity scrolls in its own area), then network, copy, explorer link
 * and disconnect. An embedded wallet's account (email login) also shows its email and an "Update email" row; its
 * disconnect signs out.
 */
export function AccountView({ kit }: { kit: UiKit }) {
  const chain = useStore(kit.controllers.chain.state)
  const { t } = kit
  const namespace = chain.activeNamespace
  const entry = namespace ? chain.namespaces[namespace] : undefined
  const account = entry?.account
  const embedded = entry?.connectorId === ConnectorIds.auth ? kit.controllers.embedded : undefined
  const embeddedController = embedded?.current()
  const network = chain.activeCaipNetwork
  const address = account?.address
  if (!address) return null
  const explorer = isSafeWebLink(account.addressExplorerUrl) ? account.addressExplorerUrl : undefined

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      kit.controllers.snackbar.showSuccess(t('addressCopied'))
    } catch {
      kit.controllers.snackbar.showError(t('copyFailed'))
    }
  }
  const disconnect = async () => {
    try {
      await kit.disconnect()
      await kit.close()
    } catch (error) {
      kit.controllers.snackbar.showError(error)
    }
  }

  return (
    <>
      <div class="account">
        <Avatar address={address} image={account.profileImage} size={64} />
        {account.profileName ? (
          <span class="account-name" data-testid="account-name">
            {account.profileName}
          </span>
        ) : null}
        <span
          class={`account-address ${account.profileName ? 'sub' : ''}`}
          data-testid="account-address"
          title={address}
        >
          {formatAddress(address)}
        </span>
        {embeddedController ? <EmbeddedEmail controller={embeddedController} /> : null}
        <span class="account-balance" data-testid="account-balance">
          {account.balance === undefined
            ? '…'
            : `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`}
        </span>
      </div>
      <WalletFeaturesRow kit={kit} namespace={namespace} />
      <AccountTabs key={namespace} kit={kit} namespace={namespace} />
      <ul class="list actions" onKeyDown={onListKeyDown}>
        <li>
          <button
            type="button"
            class="item"
            data-testid="account-network"
            onClick={() => kit.controllers.router.push('Networks')}
          >
            <Tile
              src={networkImage(kit.controllers.options.chainImages, network)}
              name={network?.name ?? '?'}
            />
            <span class="name">{network?.name ?? t('unknownNetwork')}</span>
            <span class="trail">
              <Icon name="chevron" />
            </span>
          </button>
        </li>
        <li>
          <button type="button" class="item" data-testid="copy-address" onClick={() => void copy()}>
            <span class="icon">
              <Icon name="copy" />
            </span>
            <span class="name">{t('copyAddress')}</span>
          </button>
        </li>
        {explorer ? (
          <li>
            <a
              class="item"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="explorer-link"
              style={{ textDecoration: 'none' }}
            >
              <span class="icon">
                <Icon name="external" />
              </span>
              <span class="name">{t('viewOnExplorer')}</span>
            </a>
          </li>
        ) : null}
        {embedded ? (
          <li>
            <UpdateEmailRow kit={kit} />
          </li>
        ) : null}
        <li>
          <button
            type="button"
            class="item danger"
            data-testid="disconnect-button"
            onClick={() => void disconnect()}
          >
            <span class="icon">
              <Icon name="disconnect" />
            </span>
            <span class="name">{t('disconnect')}</span>
          </button>
        </li>
      </ul>
    </>
  )
}
