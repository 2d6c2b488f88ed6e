import type { ChainNamespace } from '@latchkey/core'
import { Icon, type IconName } from '../../components/icons.js'
import { useStore } from '../../components/use-store.js'
import type { MessageKey } from '../../i18n/messages-en.js'
import type { UiKit } from '../../kit/types.js'
import { type BuiltWalletFeature, visibleWalletFeatures } from './account-sections.js'

/** What each built wallet feature's button shows and opens. */
const FEATURES: Readonly<
  Record<BuiltWalletFeature, { label: MessageKey; icon: IconName; view: 'Receive' | 'WalletSend' }>
> = {
  receive: { label: 'receive', icon: 'qr', view: 'Receive' },
  send: { label: 'send', icon: 'arrowOut', view: 'WalletSend' },
}

/**
 * The wallet features row of the Account view (SPEC §9.15's order): each feature that is on, built in this UI and
 * served on the active namespace, as a button opening its view (`account-<feature>`).
 */
export function WalletFeaturesRow({ kit, namespace }: { kit: UiKit; namespace: ChainNamespace | undefined }) {
  const { features } = useStore(kit.controllers.features.state)
  const shown = visibleWalletFeatures({
    order: features.walletFeaturesOrder,
    isEnabled: (feature) => kit.controllers.features.isEnabled(feature),
    namespace,
  })
  if (shown.length === 0) return null
  return (
    <ul class="wallet-features" aria-label={kit.t('walletFeatures')}>
      {shown.map((feature) => {
        const { label, icon, view } = FEATURES[feature]
        return (
          <li key={feature}>
            <button
              type="button"
              class="wallet-feature"
              data-testid={`account-${feature}`}
              onClick={() => kit.controllers.router.push(view)}
            >
              <Icon name={icon} size={18} />
              <span>{kit.t(label)}</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
