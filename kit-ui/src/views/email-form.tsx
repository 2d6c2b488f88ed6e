import { useEffect, useRef, useState } from 'preact/hooks'
import { Icon } from '../components/icons.js'
import type { UiKit } from '../kit/types.js'

/** A plausible email address: something@something.tld, no spaces (the frame's service checks the rest). */
function isPlausibleEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(email)
}

/** What an error says, as text (core's and the frame's errors are English messages). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A ref that is true while the component is mounted (an answer that comes after it left is dropped). */
export function useMounted(): { current: boolean } {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}

interface EmailFormProps {
  kit: UiKit
  /** The test ids' prefix: `{prefix}-form`, `-input`, `-submit`, `-error`. */
  prefix: string
  /** The field's label (visually hidden: the placeholder shows it too). */
  label: string
  /** The submit button's accessible name. */
  action: string
  /** Sends the trimmed, plausible address; what it throws shows under the field. */
  onSubmit(email: string): Promise<void>
  onFocus?(): void
  /** Focuses the field when the form mounts (a view of its own). */
  autoFocus?: boolean
}

/**
 * An email field with its submit button (Connect's email login, the email update): the address is trimmed and checked
 * before anything is sent, the button is disabled while sending, and an error (an invalid address, the cooldown, the
 * frame's answer) shows under the field, in a live region.
 */
export function EmailForm({ kit, prefix, label, action, onSubmit, onFocus, autoFocus }: EmailFormProps) {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const mounted = useMounted()
  useEffect(() => {
    if (autoFocus) input.current?.focus()
  }, [])

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy) return
    const email = value.trim()
    if (!isPlausibleEmail(email)) {
      setError(kit.t('emailInvalid'))
      input.current?.focus()
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await onSubmit(email)
    } catch (failure) {
      if (!mounted.current) return
      setError(errorText(failure))
      input.current?.focus()
    } finally {
      if (mounted.current) setBusy(false)
    }
  }
  const errorId = `${prefix}-error-text`

  return (
    <form
      class="email-form"
      data-testid={`${prefix}-form`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div class="email-field" data-invalid={error ? '' : undefined}>
        <label class="email-label">
          <span class="sr-only">{label}</span>
          <input
            ref={input}
            type="email"
            name="email"
            data-testid={`${prefix}-input`}
            autocomplete="email"
            placeholder={label}
            value={value}
            readOnly={busy}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
            onInput={(event) => {
              setValue(event.currentTarget.value)
              if (error) setError(undefined)
            }}
            onFocus={onFocus}
          />
        </label>
        <button
          type="submit"
          class="email-submit"
          data-testid={`${prefix}-submit`}
          aria-label={action}
          disabled={busy}
        >
          {busy ? <span class="spinner" aria-hidden="true" /> : <Icon name="chevron" />}
        </button>
      </div>
      <div aria-live="polite">
        {error ? (
          <p class="field-error" id={errorId} data-testid={`${prefix}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </form>
  )
}
