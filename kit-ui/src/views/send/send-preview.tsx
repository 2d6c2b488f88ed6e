import type { SendController, SendPreview } from '@latchkey/core'
import { useEffect, useState } from 'preact/hooks'
import { Avatar, Tile } from '../../components/images.js'
import { networkImage } from '../../components/network-image.js'
import { useStore } from '../../components/use-store.js'
import { formatAddress } from '../../format/address.js'
import { formatUsd } from '../../format/fiat.js'
import type { UiKit } from '../../kit/types.js'
import { feeText, handBack, Issues, messageOf } from './send-shared.js'

const WARNINGS_ID = 'lk-send-warnings'

/**
 * The send's preview (WalletSendPreview): core checks the form again and estimates the fee as it opens (a spinner until
 * then; a problem goes back to the form, which shows it). From, to (the receiver's name when core found one), amount
 * and its fiat value, fee and network; a warning (a native receiver that does not look like an address) must be
 * acknowledged before Send. Core sends, and on success empties the form and returns to Account with a snackbar; a
 * failure keeps the preview with core's message, and Send can be pressed again.
 */
export function SendPreviewView({ kit, controller }: { kit: UiKit; controller: SendController }) {
  const state = useStore(controller.state)
  const { t } = kit
  const [preview, setPreview] = useState<SendPreview | undefined>(undefined)
  const [accepted, setAccepted] = useState(false)

  useEffect(() => {
    let live = true
    controller.preview().then(
      (made) => {
        if (live) setPreview(made)
      },
      (error: unknown) => {
        if (!live) return
        handBack(controller, messageOf(kit, error))
        kit.controllers.router.goBack()
      },
    )
    return () => {
      live = false
    }
  }, [])

  if (!preview) {
    return (
      <div class="more" data-testid="send-loading">
        <span class="spinner large" role="status" aria-label={t('loading')} />
      </div>
    )
  }
  const { token, fee, network, warnings } = preview
  const mustAccept = warnings.length > 0
  const sending = state.loading
  const name = state.receiverProfileName
  const confirm = () => {
    // A failure is core's to report: `state.error` (shown below) and, for the wallet's answers, the snackbar.
    controller.send({ acceptWarnings: accepted }).catch(() => undefined)
  }

  return (
    <div class="send" data-testid="send-preview">
      <dl class="send-rows">
        <div>
          <dt>{t('sendAmount')}</dt>
          <dd>
            <Tile src={token.iconUrl} name={token.symbol || token.name} size={28} />
            <span class="send-col">
              <span class="send-amount-total" data-testid="send-preview-amount" title={preview.amount}>
                {`${preview.amount} ${token.symbol}`}
              </span>
              {preview.value === undefined ? null : (
                <span class="send-sub" data-testid="send-preview-value">
                  {formatUsd(t, preview.value)}
                </span>
              )}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('sendFrom')}</dt>
          <dd data-testid="send-preview-from" title={preview.from}>
            {formatAddress(preview.from)}
          </dd>
        </div>
        <div>
          <dt>{t('sendTo')}</dt>
          <dd data-testid="send-preview-to" title={preview.to}>
            {name ? <Avatar address={preview.to} image={state.receiverProfileImage} size={20} /> : null}
            {name ? <span class="send-cut">{name}</span> : null}
            <span class={name ? 'send-sub' : 'send-cut'}>{formatAddress(preview.to)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('network')}</dt>
          <dd>
            <Tile
              src={networkImage(kit.controllers.options.chainImages, network)}
              name={network.name}
              size={20}
            />
            <span class="send-cut" data-testid="send-preview-network">
              {network.name}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('networkFee')}</dt>
          <dd data-testid="send-preview-fee">
            <span class="send-cut">{fee ? feeText(fee) : t('feeNotEstimated')}</span>
          </dd>
        </div>
      </dl>
      {mustAccept ? (
        <div>
          <Issues id={WARNINGS_ID} issues={warnings} />
          <label class="send-accept">
            <input
              type="checkbox"
              data-testid="send-warning-accept"
              checked={accepted}
              disabled={sending}
              aria-describedby={WARNINGS_ID}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
            />
            <span>{t('sendAcceptWarnings')}</span>
          </label>
        </div>
      ) : null}
      {/* The last send's failure, also after the embedded wallet's approval brought the visitor back here. */}
      {state.error ? (
        <p class="failure" role="alert" data-testid="send-error">
          {state.error}
        </p>
      ) : null}
      <div class="button-row">
        <button
          type="button"
          class="secondary"
          data-testid="send-cancel"
          onClick={() => kit.controllers.router.goBack()}
        >
          {t('sendCancel')}
        </button>
        <button
          type="button"
          class="primary"
          data-testid="send-confirm"
          disabled={sending || (mustAccept && !accepted)}
          aria-busy={sending ? 'true' : 'false'}
          onClick={confirm}
        >
          {sending ? <span class="spinner" aria-hidden="true" /> : null}
          {sending ? t('sendSending') : t('sendConfirm')}
        </button>
      </div>
    </div>
  )
}
