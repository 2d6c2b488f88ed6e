import { useStore } from '../../components/use-store.js'
import { EmailForm } from '../email-form.js'
import type { EmailViewProps } from './login-views.js'
import { OtpForm } from './otp-form.js'

/**
 * UpdateEmail: the new address. The embedded wallet then sends a code to the current address (UpdateEmailPrimaryOtp)
 * and one to the new address (UpdateEmailSecondaryOtp); it may skip the first.
 */
export function UpdateEmailView({ kit, controller }: EmailViewProps) {
  const { t } = kit
  const { email: current } = useStore(controller.state)
  const submit = async (email: string) => {
    if (current && email.toLowerCase() === current.toLowerCase()) throw new Error(t('updateEmailSame'))
    await controller.updateEmail(email)
    const { step } = controller.state.get().update
    kit.controllers.router.push(
      step === 'VERIFY_SECONDARY_OTP' ? 'UpdateEmailSecondaryOtp' : 'UpdateEmailPrimaryOtp',
    )
  }
  return (
    <div class="email-step" data-testid="update-email-view">
      <p class="email-lead">{current ? t('updateEmailLead', { email: current }) : t('updateEmailLeadNew')}</p>
      <EmailForm
        kit={kit}
        prefix="update-email"
        label={t('updateEmailLabel')}
        action={t('emailContinue')}
        onSubmit={submit}
        autoFocus
      />
    </div>
  )
}

/**
 * UpdateEmailPrimaryOtp and UpdateEmailSecondaryOtp: the code sent to the current address, then the one sent to the
 * new address. After the second, Account shows again with the new address and a snackbar says so.
 */
export function UpdateEmailOtpView({
  kit,
  controller,
  step,
}: EmailViewProps & { step: 'primary' | 'secondary' }) {
  const { t } = kit
  const { email, update } = useStore(controller.state)
  const { router } = kit.controllers
  const verify = async (code: string) => {
    if (step === 'primary') {
      await controller.updateEmailPrimaryOtp(code)
      router.replace('UpdateEmailSecondaryOtp')
      return
    }
    await controller.updateEmailSecondaryOtp(code)
    router.reset('Account')
    controller.resetUpdate()
    kit.controllers.snackbar.showSuccess(t('emailUpdated'))
  }
  const address = (step === 'primary' ? email : update.email) ?? ''
  return (
    <div class="email-step" data-testid={`update-email-${step}`}>
      <OtpForm kit={kit} lead={t('updateEmailOtpLead', { email: address })} onSubmit={verify} />
    </div>
  )
}
