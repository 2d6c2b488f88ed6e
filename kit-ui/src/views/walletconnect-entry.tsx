import { Tile } from '../components/images.js'
import { useStore } from '../components/use-store.js'
import { WALLETCONNECT_PACKAGE } from '../kit/create-kit.js'
import type { UiKit } from '../kit/types.js'
import { ConnectingWalletConnectView } from './connecting-walletconnect-view.js'

/**
 * What ConnectingWalletConnect shows: the pairing (QR code, links), or, when WalletConnect is on but its package
 * (`@latchkey/adapter-universal`, an optional peer) is not installed, a message naming the package, with no retry:
 * trying again cannot install it.
 */
export function WalletConnectEntryView({ kit }: { kit: UiKit }) {
  const { missing } = useStore(kit.walletConnectPackage)
  const { t } = kit
  if (!missing) return <ConnectingWalletConnectView kit={kit} />
  return (
    <div class="center" data-testid="wc-not-installed" aria-live="polite">
      <div class="logo-ring still">
        <Tile name={t('walletConnectTitle')} />
      </div>
      <h3>{t('wcNotInstalledTitle')}</h3>
      <p>{t('wcNotInstalledBody', { name: WALLETCONNECT_PACKAGE })}</p>
    </div>
  )
}
