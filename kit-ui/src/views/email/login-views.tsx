import type { EmbeddedController } from '@latchkey/core'
import { useEffect, useRef, useState } from 'preact/hooks'
import { Icon } from '../../components/icons.js'
import { useStore } from '../../components/use-store.js'
import type { UiKit } from '../../kit/types.js'
import { errorText } from '../email-form.js'
import { OtpForm } from './otp-form.js'

export interface EmailViewProps {
  kit: UiKit
  controller: EmbeddedController
}

/**
 * EmailVerifyOtp: the code sent to the address. The code logs in and opens the embedded wallet's connection on eip155
 * and solana; then the modal closes, as after any wallet's connection, unless sign-in follows (its controller opens
 * SIWXSignMessage). A new code waits out the cooldown; one that asks for this browser's approval instead leads there.
 */
export function EmailVerifyOtpView({ kit, controller }: EmailViewProps) {
  const { login } = useStore(controller.state)
  const verify = async (code: string) => {
    await controller.connectOtp(code)
    if (!kit.controllers.siwx.isEnabled()) await kit.close()
  }
  const resend = {
    run: async () => {
      await controller.resendCode()
      if (controller.state.get().login.step === 'VERIFY_DEVICE')
        kit.controllers.router.replace('EmailVerifyDevice')
    },
    cooldown: () => controller.cooldownSeconds(),
  }
  return (
    <div class="email-step" data-testid="email-verify-otp">
      <OtpForm
        kit={kit}
        lead={kit.t('emailOtpLead', { email: login.email ?? '' })}
        onSubmit={verify}
        resend={resend}
      />
    </div>
  )
}

/**
 * EmailVerifyDevice: the visitor approves this browser from the email; the code follows (EmailVerifyOtp). A failure
 * shows with a button that waits for the approval again.
 */
export function EmailVerifyDeviceView({ kit, controller }: EmailViewProps) {
  const { t } = kit
  const { login } = useStore(controller.state)
  const [error, setError] = useState<string | undefined>(undefined)
  const [attempt, setAttempt] = useState(0)
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    let live = true
    setError(undefined)
    controller.connectDevice().then(
      () => {
        if (live) kit.controllers.router.replace('EmailVerifyOtp')
      },
      (failure: unknown) => {
        if (live) setError(errorText(failure))
      },
    )
    return () => {
      live = false
    }
  }, [attempt])
  useEffect(() => {
    if (error) retry.current?.focus()
  }, [error])
  return (
    <div class="center email-step" data-testid="email-verify-device" data-state={error ? 'error' : 'waiting'}>
      <div class={`logo-ring ${error ? 'still' : ''}`}>
        <span class="email-mark">
          <Icon name="mail" size={32} />
        </span>
      </div>
      <h3>{t('emailDeviceHeading')}</h3>
      <p data-testid="device-lead">{t('emailDeviceLead', { email: login.email ?? '' })}</p>
      <div aria-live="polite">
        {error ? (
          <p class="field-error" data-testid="device-error">
            {error}
          </p>
        ) : null}
      </div>
      {error ? (
        <button
          ref={retry}
          type="button"
          class="secondary"
          data-testid="device-retry"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {t('tryAgain')}
        </button>
      ) : null}
    </div>
  )
}
