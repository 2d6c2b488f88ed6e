import type { SendController, SendIssue } from '@latchkey/core'
import { useEffect, useRef, useState } from 'preact/hooks'
import { Avatar } from '../../components/images.js'
import { useStore } from '../../components/use-store.js'
import { formatUsd } from '../../format/fiat.js'
import type { UiKit } from '../../kit/types.js'
import { feeText, Issues, messageOf, takeHandedBack } from './send-shared.js'
import { TokenPicker, tokenKey } from './token-picker.js'

export { SEND_CSS } from './send-css.js'
export { SendPreviewView } from './send-preview.js'

type Field = SendIssue['field']

/** How long after the last change of the form its fee is estimated again (ms). */
const FEE_DEBOUNCE_MS = 400

/** The live region of each part's issues (ids are the modal's shadow root's own). */
const ISSUES_ID: Readonly<Record<Field, string>> = {
  form: 'lk-send-form-issues',
  token: 'lk-send-token-issues',
  amount: 'lk-send-amount-issues',
  receiver: 'lk-send-receiver-issues',
}

/** Plain decimal text: what has a fiat value. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/**
 * The Send form (WalletSend; its own chunk with the preview, loaded when Send first opens and only while the send
 * feature is on): the token, the amount with its fiat value and Max, the receiver with their name and avatar once
 * core looked them up, and the network fee. Core checks the form (`state.issues`); each issue shows next to its field
 * once the visitor touched it or pressed Review. Review asks core for the preview and opens it.
 */
export function SendView({ kit, controller }: { kit: UiKit; controller: SendController }) {
  const state = useStore(controller.state)
  const { t } = kit
  // A field the visitor filled before (back from the preview) shows its issues at once; an empty one waits.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>(() => {
    const { sendTokenAmount, receiverAddress } = controller.state.get()
    return { amount: !!sendTokenAmount, receiver: !!receiverAddress }
  })
  const [pressed, setPressed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | undefined>(() => takeHandedBack(controller))
  const live = useRef(true)
  useEffect(
    () => () => {
      live.current = false
    },
    [],
  )
  const { token, tokenBalances, sendTokenAmount = '', receiverAddress = '' } = state

  // A new form starts on the native currency.
  useEffect(() => {
    if (token) return
    const native = tokenBalances.find((each) => each.address === undefined)
    if (native) controller.setToken(native)
  }, [token, tokenBalances])

  // The fee shows before the visitor confirms: estimated again a moment after the form last changed.
  const tokenId = token ? tokenKey(token) : ''
  useEffect(() => {
    if (!tokenId) return
    const timer = setTimeout(() => void controller.estimateFee(), FEE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [tokenId, sendTokenAmount, receiverAddress])

  const touch = (field: Field) => {
    setFormError(undefined)
    setTouched((was) => (was[field] ? was : { ...was, [field]: true }))
  }
  const shows = (field: Field) =>
    pressed || (field === 'form' ? !!touched.amount && !!touched.receiver : !!touched[field])
  const issuesOf = (field: Field) => (shows(field) ? state.issues.filter((i) => i.field === field) : [])
  const hasError = state.issues.some((issue) => issue.level === 'error')
  /** The input's ARIA state: invalid while an error of its field shows, described by its issues while any show. */
  const aria = (field: Field) => {
    const shown = issuesOf(field)
    return {
      'aria-invalid': shown.some((issue) => issue.level === 'error') ? ('true' as const) : undefined,
      'aria-describedby': shown.length > 0 ? ISSUES_ID[field] : undefined,
    }
  }

  const review = async (event: Event) => {
    event.preventDefault()
    setPressed(true)
    setFormError(undefined)
    if (busy || controller.state.get().issues.some((issue) => issue.level === 'error')) return
    setBusy(true)
    try {
      await controller.preview()
      if (live.current) kit.controllers.router.push('WalletSendPreview')
    } catch (error) {
      if (live.current) setFormError(messageOf(kit, error))
    } finally {
      if (live.current) setBusy(false)
    }
  }

  const amount = sendTokenAmount.trim()
  const fiat = token && token.price > 0 && DECIMAL.test(amount) ? Number(amount) * token.price : undefined
  const amountAria = aria('amount')
  const receiverAria = aria('receiver')
  const fee = state.feeLoading ? t('estimatingFee') : state.fee ? feeText(state.fee) : state.feeError

  return (
    <form class="send" data-testid="send-view" noValidate onSubmit={(e) => void review(e)}>
      {tokenBalances.length === 0 ? (
        <p class="panel-note" data-testid="send-no-tokens">
          {t('sendNoTokens')}
        </p>
      ) : (
        <div>
          <TokenPicker
            kit={kit}
            tokens={tokenBalances}
            token={token}
            describedBy={aria('token')['aria-describedby']}
            onPick={(picked) => {
              touch('token')
              controller.setToken(picked)
            }}
          />
          <Issues id={ISSUES_ID.token} issues={issuesOf('token')} />
        </div>
      )}
      <div>
        <label class="send-label" for="lk-send-amount">
          {t('sendAmount')}
        </label>
        <div class="send-field" data-invalid={amountAria['aria-invalid']}>
          <input
            id="lk-send-amount"
            data-testid="send-amount"
            inputMode="decimal"
            autocomplete="off"
            value={sendTokenAmount}
            {...amountAria}
            onInput={(event) => {
              touch('amount')
              controller.setTokenAmount(event.currentTarget.value)
            }}
          />
          <button
            type="button"
            class="send-max"
            data-testid="send-max"
            disabled={!token}
            onClick={() => {
              touch('amount')
              void controller.setMaxAmount()
            }}
          >
            {t('sendMax')}
          </button>
        </div>
        {fiat === undefined ? null : (
          <p class="send-fiat" data-testid="send-fiat">
            {formatUsd(t, fiat)}
          </p>
        )}
        <Issues id={ISSUES_ID.amount} issues={issuesOf('amount')} />
      </div>
      <div>
        <label class="send-label" for="lk-send-receiver">
          {t('sendTo')}
        </label>
        <div class="send-field" data-invalid={receiverAria['aria-invalid']}>
          <input
            id="lk-send-receiver"
            class="small"
            data-testid="send-receiver"
            autocomplete="off"
            autoCapitalize="off"
            spellcheck={false}
            value={receiverAddress}
            {...receiverAria}
            onInput={(event) => {
              touch('receiver')
              controller.setReceiverAddress(event.currentTarget.value)
            }}
          />
          {state.receiverLoading ? (
            <span class="spinner" role="status" aria-label={t('sendLookingUp')} />
          ) : null}
        </div>
        {state.receiverProfileName ? (
          <p class="send-who">
            <span data-testid="send-receiver-avatar">
              <Avatar address={receiverAddress.trim()} image={state.receiverProfileImage} size={20} />
            </span>
            <span class="send-cut" data-testid="send-receiver-name">
              {state.receiverProfileName}
            </span>
          </p>
        ) : null}
        <Issues id={ISSUES_ID.receiver} issues={issuesOf('receiver')} />
      </div>
      {fee ? (
        <p class="send-fee" data-testid="send-fee">
          <span>{t('networkFee')}</span>
          <span class="send-cut" title={fee}>
            {fee}
          </span>
        </p>
      ) : null}
      <Issues id={ISSUES_ID.form} issues={issuesOf('form')} />
      {formError ? (
        <p class="failure" role="alert" data-testid="send-form-error">
          {formError}
        </p>
      ) : null}
      <button
        type="submit"
        class="primary"
        data-testid="send-review"
        disabled={busy || state.loading || (pressed && hasError)}
        aria-busy={busy ? 'true' : undefined}
      >
        {busy ? <span class="spinner" aria-hidden="true" /> : null}
        {t('sendReview')}
      </button>
    </form>
  )
}
