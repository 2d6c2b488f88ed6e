import type { RouterState } from '@latchkey/core'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { AccountView } from '../views/account-view.js'
import { AllWalletsView } from '../views/all-wallets-view.js'
import { ApproveTransactionView } from '../views/approve-transaction-view.js'
import { ConnectView } from '../views/connect-view.js'
import { ConnectingExternalView } from '../views/connecting-external-view.js'
import { LazyEmail } from '../views/lazy-email.js'
import { LazyReceive } from '../views/lazy-receive.js'
import { LazySend } from '../views/lazy-send.js'
import { NetworksView } from '../views/networks-view.js'
import { SiwxView } from '../views/siwx-view.js'
import { SwitchActiveChainView } from '../views/switch-active-chain-view.js'
import { SwitchNetworkView } from '../views/switch-network-view.js'
import { UnsupportedChainView } from '../views/unsupported-chain-view.js'
import { WalletConnectEntryView } from '../views/walletconnect-entry.js'

/** The visible title of the view shown (the dialog's accessible name). Wallet names render as text. */
export function viewTitle(kit: UiKit, router: RouterState): string {
  const { t } = kit
  switch (router.view) {
    case 'Account':
      return t('accountTitle')
    case 'ConnectingExternal':
      return uiOf(kit).state.get().connecting?.name || t('connectTitle')
    case 'ConnectingWalletConnect': {
      const wallet = uiOf(kit).state.get().walletConnect?.wallet
      return wallet ? wallet.name || wallet.id : t('walletConnectTitle')
    }
    case 'Networks':
      return t('networksTitle')
    case 'AllWallets':
      return t('allWallets')
    case 'SIWXSignMessage':
      return t('siwxTitle')
    case 'ApproveTransaction':
      return t('approveTitle')
    case 'Receive':
      return t('receiveTitle')
    case 'WalletSend':
      return t('sendTitle')
    case 'WalletSendPreview':
      return t('sendPreviewTitle')
    case 'SwitchNetwork':
      return router.params && 'network' in router.params
        ? (router.params.network?.name ?? t('switchNetworkTitle'))
        : t('switchNetworkTitle')
    case 'UnsupportedChain':
      return t('unsupportedChainTitle')
    case 'SwitchActiveChain':
      return t('switchActiveChainTitle')
    case 'EmailVerifyOtp':
      return t('emailOtpTitle')
    case 'EmailVerifyDevice':
      return t('emailDeviceTitle')
    case 'UpdateEmail':
      return t('updateEmailTitle')
    case 'UpdateEmailPrimaryOtp':
      return t('updateEmailPrimaryTitle')
    case 'UpdateEmailSecondaryOtp':
      return t('updateEmailSecondaryTitle')
    default:
      return t('connectTitle')
  }
}

/**
 * The body of the view shown. A view this package does not build yet (social login, swaps, …) shows
 * Connect: core never routes to them while their features are off. The email views are a chunk of their own.
 */
export function ViewBody({ kit, router }: { kit: UiKit; router: RouterState }) {
  switch (router.view) {
    case 'Account':
      return <AccountView kit={kit} />
    case 'ConnectingExternal':
      return <ConnectingExternalView kit={kit} />
    case 'ConnectingWalletConnect':
      return <WalletConnectEntryView kit={kit} />
    case 'Networks':
      return <NetworksView kit={kit} />
    case 'AllWallets':
      return <AllWalletsView kit={kit} />
    case 'SIWXSignMessage':
      return <SiwxView kit={kit} />
    case 'ApproveTransaction':
      return <ApproveTransactionView kit={kit} />
    case 'Receive':
      return <LazyReceive kit={kit} />
    case 'WalletSend':
      return <LazySend kit={kit} view="form" />
    case 'WalletSendPreview':
      return <LazySend kit={kit} view="preview" />
    case 'SwitchNetwork':
      return router.params && 'network' in router.params && router.params.network ? (
        <SwitchNetworkView kit={kit} network={router.params.network} />
      ) : (
        <NetworksView kit={kit} />
      )
    case 'UnsupportedChain':
      return <UnsupportedChainView kit={kit} />
    case 'SwitchActiveChain':
      return router.params && 'switchToChain' in router.params ? (
        <SwitchActiveChainView kit={kit} params={router.params} />
      ) : (
        <NetworksView kit={kit} />
      )
    case 'EmailVerifyOtp':
    case 'EmailVerifyDevice':
    case 'UpdateEmail':
    case 'UpdateEmailPrimaryOtp':
    case 'UpdateEmailSecondaryOtp':
      return <LazyEmail kit={kit} view={router.view} />
    default:
      return <ConnectView kit={kit} />
  }
}
