import { walletDeepLink } from '@latchkey/core'
import { useEffect, useMemo } from 'preact/hooks'
import { Icon } from '../components/icons.js'
import { Tile } from '../components/images.js'
import { useStore } from '../components/use-store.js'
import { WalletImage } from '../components/wallet-image.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { encodeQr } from '../qr/encode.js'
import { qrPath } from '../qr/svg.js'

/**
 * ConnectingWalletConnect: the pairing URI as a QR code with the wallet's logo (`qr-code`, the URI in `data-uri`),
 * copy link, and for a listed wallet its desktop link, or on a phone its deep link (opened once the URI is ready,
 * and again from the button). A declined or failed proposal offers a new one; an expiring pairing is refreshed.
 */
export function ConnectingWalletConnectView({ kit }: { kit: UiKit }) {
  const { walletConnect } = useStore(uiOf(kit).state)
  const connection = useStore(kit.controllers.connection.state)
  const { env } = kit.controllers
  const { t } = kit
  const wallet = walletConnect?.wallet
  const state = walletConnect?.state ?? 'waiting'
  const uri = connection.wcUri
  const name = wallet ? wallet.name || wallet.id : 'WalletConnect'
  const qr = useMemo(() => (uri ? qrPath(encodeQr(uri)) : undefined), [uri])
  const mobileLink = env.isMobile && wallet?.mobile_link ? wallet.mobile_link : undefined
  const desktopLink = !env.isMobile && wallet?.desktop_link ? wallet.desktop_link : undefined
  const link =
    uri && (mobileLink ?? desktopLink) ? walletDeepLink(mobileLink ?? desktopLink ?? '', uri) : undefined

  // On a phone, core's connect flow opens the wallet's app by itself once per pairing URI; the button opens it again.
  const open = (href: string) => kit.controllers.connectFlow.openWalletLink({ name, href })

  // A pairing is good for 5 minutes: one about to expire is replaced while the view is shown.
  const expiry = connection.wcPairingExpiry
  useEffect(() => {
    if (expiry === undefined || state !== 'waiting') return
    const { connection: controller } = kit.controllers
    const check = () => {
      if (controller.isPairingExpired(expiry)) void uiOf(kit).refreshWalletConnect()
    }
    const timer = setInterval(check, 1000)
    return () => clearInterval(timer)
  }, [expiry, state])

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      kit.controllers.snackbar.showSuccess(t('linkCopied'))
    } catch {
      kit.controllers.snackbar.showError(t('copyLinkFailed'))
    }
  }

  if (state !== 'waiting') {
    return (
      <div class="center" data-testid="connecting-wc" data-state={state} aria-live="polite">
        <div class="logo-ring still">
          {wallet ? <WalletImage kit={kit} wallet={wallet} /> : <Tile name={name} />}
        </div>
        <h3>{state === 'rejected' ? t('rejectedTitle') : t('errorTitle')}</h3>
        <p>{state === 'rejected' ? t('rejectedBody') : t('errorBody')}</p>
        <button
          type="button"
          class="secondary"
          data-testid="wc-retry"
          onClick={() => void uiOf(kit).refreshWalletConnect()}
        >
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  return (
    <div class="wc" data-testid="connecting-wc" data-state={state}>
      {qr && uri ? (
        <div class="wc-qr" data-testid="qr-code" data-uri={uri}>
          <svg
            class="qr"
            viewBox={qr.viewBox}
            role="img"
            aria-label={t('wcQrLabel', { name })}
            shape-rendering="crispEdges"
          >
            <rect width="100%" height="100%" fill="#fff" />
            <path d={qr.d} fill="#000" />
          </svg>
          <span class="wc-qr-logo">
            {wallet ? <WalletImage kit={kit} wallet={wallet} size={44} /> : <Tile name={name} size={44} />}
          </span>
        </div>
      ) : (
        <div class="wc-qr loading" data-testid="qr-loading" aria-busy="true">
          <span class="spinner large" aria-hidden="true" />
        </div>
      )}
      <p class="wc-title">
        {mobileLink ? t('waitingTitle', { name }) : wallet ? t('scanTitle', { name }) : t('scanAnyTitle')}
      </p>
      <p class="wc-body">{mobileLink ? t('waitingBody') : t('scanBody')}</p>
      <div class="wc-actions">
        {link ? (
          <button
            type="button"
            class="primary"
            data-testid={mobileLink ? 'open-mobile' : 'open-desktop'}
            onClick={() => open(link)}
          >
            <Icon name="external" size={16} />
            {t('openWallet', { name })}
          </button>
        ) : null}
        <button
          type="button"
          class="secondary copy"
          data-testid="copy-link"
          disabled={!uri}
          onClick={() => void copy()}
        >
          <Icon name="copy" size={16} />
          {t('copyLink')}
        </button>
      </div>
    </div>
  )
}
