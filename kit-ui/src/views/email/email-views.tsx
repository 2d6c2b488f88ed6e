import type { EmailViewName } from '../lazy-email.js'
import { EmailVerifyDeviceView, EmailVerifyOtpView, type EmailViewProps } from './login-views.js'
import { UpdateEmailOtpView, UpdateEmailView } from './update-views.js'

export { EMAIL_CSS } from './email-css.js'

/**
 * The email views' chunk (loaded by lazy-email.tsx): the email login's code and browser approval, the email update
 * and its two codes, over core's embedded wallet controller.
 */
export function EmailView({ view, ...props }: EmailViewProps & { view: EmailViewName }) {
  switch (view) {
    case 'EmailVerifyOtp':
      return <EmailVerifyOtpView {...props} />
    case 'EmailVerifyDevice':
      return <EmailVerifyDeviceView {...props} />
    case 'UpdateEmail':
      return <UpdateEmailView {...props} />
    case 'UpdateEmailPrimaryOtp':
      return <UpdateEmailOtpView {...props} step="primary" />
    case 'UpdateEmailSecondaryOtp':
      return <UpdateEmailOtpView {...props} step="secondary" />
  }
}
