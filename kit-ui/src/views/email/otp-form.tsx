import { useEffect, useRef, useState } from 'preact/hooks'
import type { UiKit } from '../../kit/types.js'
import { errorText, useMounted } from '../email-form.js'

/** The codes the embedded wallet sends have six digits. */
const OTP_LENGTH = 6

/** The digits of `text`, at most {@link OTP_LENGTH} (a pasted '123 456' or '123-456' is the code 123456). */
function otpDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH)
}

/** A new code on request, once the embedded wallet's cooldown allows it. */
interface OtpResend {
  /** Sends a new code. */
  run(): Promise<void>
  /** Seconds before a new code may be sent (0: now). */
  cooldown(): Promise<number>
}

interface OtpFormProps {
  kit: UiKit
  /** What the view asks for ('Enter the code we sent to …'): text, the address a parameter. */
  lead: string
  /** Checks the code; what it throws shows under the field, which is cleared for a new try. */
  onSubmit(code: string): Promise<void>
  resend?: OtpResend
}

/**
 * The six-digit code of the email login and the email update: one numeric field (the browser's one-time-code
 * autofill, a pasted code), sent by itself once the sixth digit is in, or by the button. While the code is checked
 * the field is read-only and the button busy; a failure shows under the field, in a live region, and empties the field.
 * "Resend code" waits out the cooldown, counting the seconds down.
 */
export function OtpForm({ kit, lead, onSubmit, resend }: OtpFormProps) {
  const { t } = kit
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const input = useRef<HTMLInputElement>(null)
  const mounted = useMounted()
  useEffect(() => {
    input.current?.focus()
  }, [])

  const submit = async (value: string) => {
    if (sending.current || value.length !== OTP_LENGTH) return
    sending.current = true
    setBusy(true)
    setError(undefined)
    try {
      await onSubmit(value)
    } catch (failure) {
      if (!mounted.current) return
      setError(errorText(failure))
      setCode('')
      if (input.current) input.current.value = ''
      input.current?.focus()
    } finally {
      sending.current = false
      if (mounted.current) setBusy(false)
    }
  }
  /** Takes what was typed or pasted: its digits only; the sixth sends the code. */
  const take = (text: string) => {
    const digits = otpDigits(text)
    // The field keeps only digits, even when the state does not change (a letter typed after five digits).
    if (input.current && input.current.value !== digits) input.current.value = digits
    setCode(digits)
    if (digits && error) setError(undefined)
    if (digits.length === OTP_LENGTH) void submit(digits)
  }

  return (
    <form
      class="otp"
      data-testid="otp-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit(code)
      }}
    >
      <p class="email-lead" data-testid="otp-lead">
        {lead}
      </p>
      <label class="otp-field">
        <span class="sr-only">{t('otpLabel')}</span>
        <input
          ref={input}
          type="text"
          name="otp"
          data-testid="otp-input"
          inputmode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]*"
          value={code}
          readOnly={busy}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'otp-error-text' : undefined}
          onInput={(event) => take(event.currentTarget.value)}
          onPaste={(event) => {
            event.preventDefault()
            take(event.clipboardData?.getData('text') ?? '')
          }}
        />
      </label>
      <div aria-live="polite">
        {error ? (
          <p class="field-error" id="otp-error-text" data-testid="otp-error">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        class="primary"
        data-testid="otp-submit"
        disabled={busy || code.length !== OTP_LENGTH}
        aria-busy={busy ? 'true' : undefined}
      >
        {busy ? <span class="spinner" aria-hidden="true" /> : null}
        {t('otpSubmit')}
      </button>
      {resend ? <ResendButton kit={kit} resend={resend} busy={busy} onError={setError} /> : null}
    </form>
  )
}

/**
 * "Resend code": disabled while the cooldown runs, showing the seconds left ("Resend in 12s", one less each second);
 * a new code restarts the cooldown.
 */
function ResendButton({
  kit,
  resend,
  busy,
  onError,
}: {
  kit: UiKit
  resend: OtpResend
  busy: boolean
  onError(message: string): void
}) {
  const { t } = kit
  // Undefined until the cooldown is known.
  const [left, setLeft] = useState<number | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const mounted = useMounted()
  const readCooldown = () =>
    resend.cooldown().then(
      (seconds) => {
        if (mounted.current) setLeft(Math.max(0, Math.ceil(seconds)))
      },
      () => {
        if (mounted.current) setLeft(0)
      },
    )
  useEffect(() => {
    void readCooldown()
  }, [])
  useEffect(() => {
    if (!left) return
    const timer = setTimeout(() => setLeft((seconds) => Math.max(0, (seconds ?? 1) - 1)), 1000)
    return () => clearTimeout(timer)
  }, [left])

  const send = async () => {
    setSending(true)
    try {
      await resend.run()
      if (!mounted.current) return
      kit.controllers.snackbar.showSuccess(t('otpResent'))
      await readCooldown()
    } catch (failure) {
      if (mounted.current) onError(errorText(failure))
    } finally {
      if (mounted.current) setSending(false)
    }
  }
  const waiting = left === undefined || left > 0
  return (
    <button
      type="button"
      class="otp-resend"
      data-testid="otp-resend"
      disabled={waiting || sending || busy}
      onClick={() => void send()}
    >
      {left ? t('otpResendIn', { seconds: left }) : t('otpResend')}
    </button>
  )
}
