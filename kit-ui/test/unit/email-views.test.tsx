// The email views' chunk (the code, this browser's approval, the email update and its two codes), rendered in Node
// over a fake kit and a fake embedded wallet, the router deciding which view shows as in the modal.
import type { View } from '@latchkey/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useStore } from '../../src/components/use-store.js'
import { ViewBody, viewTitle } from '../../src/modal/view-switch.js'
import { EmbeddedEmail, UpdateEmailRow } from '../../src/views/account/embedded-account.js'
import { EmailView } from '../../src/views/email/email-views.js'
import type { EmailViewName } from '../../src/views/lazy-email.js'
import {
  type FakeEmbeddedController,
  fakeEmbeddedController,
  fakeEmbeddedSetup,
  fakeKit,
} from './fake-kit.js'
import { useScreen } from './mini-dom.js'

const screen = useScreen()

afterEach(() => {
  vi.useRealTimers()
})

const EMAIL_VIEWS: readonly View[] = [
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmail',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
]

/** The modal's body in miniature: the router's view, an email view from the chunk, or Account's email rows. */
function Shown({ kit, controller }: ReturnType<typeof fakeKit> & { controller: FakeEmbeddedController }) {
  const { view } = useStore(kit.controllers.router.state)
  if (view === 'Account')
    return (
      <div data-testid="account">
        <EmbeddedEmail controller={controller.asController} />
        <UpdateEmailRow kit={kit} />
      </div>
    )
  if (!EMAIL_VIEWS.includes(view)) return <div data-testid={`view-${view}`} />
  return <EmailView key={view} kit={kit} controller={controller.asController} view={view as EmailViewName} />
}

function show(views: View[], options: { siwx?: boolean; email?: string; loginEmail?: string } = {}) {
  const controller = fakeEmbeddedController({
    ...(options.email ? { email: options.email } : {}),
    login: { step: 'VERIFY_OTP', email: options.loginEmail ?? 'ada@example.com', loading: false },
  })
  const embedded = fakeEmbeddedSetup(controller)
  const made = fakeKit({ embedded: embedded.asSetup, views, siwx: options.siwx })
  screen.render(<Shown {...made} controller={controller} />)
  return { ...made, controller, embedded, view: () => made.router.state.get().view }
}

describe('EmailVerifyOtp', () => {
  it('asks for the code sent to the address, in a numeric one-time-code field that has focus', async () => {
    show(['Connect', 'EmailVerifyOtp'])
    await screen.settle()
    expect(screen.get('otp-lead').textContent).toBe('Enter the code we sent to ada@example.com')
    const input = screen.get('otp-input')
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    expect(input.parentNode?.textContent).toBe('Verification code')
    expect(screen.doc.activeElement).toBe(input)
    expect(screen.get('otp-submit').disabled).toBe(true)
  })

  it('sends the code by itself on the sixth digit, then closes the modal as after any connection', async () => {
    const { controller, close } = show(['Connect', 'EmailVerifyOtp'])
    await screen.type('otp-input', '12345')
    expect(controller.connectOtp).not.toHaveBeenCalled()
    expect(screen.get('otp-submit').disabled).toBe(true)
    await screen.type('otp-input', '123456')
    expect(controller.connectOtp).toHaveBeenCalledExactlyOnceWith('123456')
    expect(close).toHaveBeenCalledOnce()
  })

  it('takes a pasted code (digits only) and sends it', async () => {
    const { controller } = show(['Connect', 'EmailVerifyOtp'])
    await screen.paste('otp-input', ' 654-321 ')
    expect(controller.connectOtp).toHaveBeenCalledExactlyOnceWith('654321')
  })

  it('keeps only digits when typing', async () => {
    const { controller } = show(['Connect', 'EmailVerifyOtp'])
    await screen.type('otp-input', '12a')
    expect(screen.get('otp-input').value).toBe('12')
    expect(controller.connectOtp).not.toHaveBeenCalled()
  })

  it('is busy while the code is checked, and sends it once', async () => {
    const { controller, close } = show(['Connect', 'EmailVerifyOtp'])
    let done: () => void = () => undefined
    controller.connectOtp.mockImplementationOnce(() => new Promise((resolve) => (done = () => resolve({}))))
    await screen.type('otp-input', '111222')
    expect(controller.connectOtp).toHaveBeenCalledExactlyOnceWith('111222')
    expect(screen.get('otp-submit').disabled).toBe(true)
    expect(screen.get('otp-submit').getAttribute('aria-busy')).toBe('true')
    expect(screen.get('otp-input').readOnly).toBe(true)
    // Enter while the code is checked sends nothing more.
    await screen.submit('otp-form')
    expect(controller.connectOtp).toHaveBeenCalledOnce()
    done()
    await screen.settle()
    expect(close).toHaveBeenCalledOnce()
  })

  it('leaves the modal to sign-in when sign-in with wallet is on', async () => {
    const { close, controller } = show(['Connect', 'EmailVerifyOtp'], { siwx: true })
    await screen.type('otp-input', '123456')
    expect(controller.connectOtp).toHaveBeenCalledOnce()
    expect(close).not.toHaveBeenCalled()
  })

  it('shows a wrong code under the field, and clears the field for a new try', async () => {
    const { controller, close } = show(['Connect', 'EmailVerifyOtp'])
    controller.connectOtp.mockRejectedValueOnce(new Error('Invalid code'))
    await screen.type('otp-input', '000000')
    expect(screen.get('otp-error').textContent).toBe('Invalid code')
    expect(screen.get('otp-error').parentNode?.getAttribute('aria-live')).toBe('polite')
    expect(screen.get('otp-input').value).toBe('')
    expect(screen.get('otp-input').getAttribute('aria-invalid')).toBe('true')
    expect(screen.doc.activeElement).toBe(screen.get('otp-input'))
    expect(close).not.toHaveBeenCalled()
    // The next try clears the message and logs in.
    await screen.type('otp-input', '1')
    expect(screen.query('otp-error')).toBeUndefined()
    await screen.type('otp-input', '123456')
    expect(controller.connectOtp).toHaveBeenLastCalledWith('123456')
    expect(close).toHaveBeenCalledOnce()
  })

  it('keeps "Resend code" disabled while the cooldown runs, counting down each second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { controller, snackbar } = show(['Connect', 'EmailVerifyOtp'])
    controller.cooldownSeconds.mockResolvedValueOnce(3).mockResolvedValueOnce(30)
    await screen.settle()
    // Read once the view shows: the first answer (3 s).
    expect(screen.get('otp-resend').textContent).toBe('Resend in 3s')
    expect(screen.get('otp-resend').disabled).toBe(true)
    await vi.advanceTimersByTimeAsync(1000)
    await screen.settle()
    expect(screen.get('otp-resend').textContent).toBe('Resend in 2s')
    await vi.advanceTimersByTimeAsync(2000)
    await screen.settle()
    expect(screen.get('otp-resend').textContent).toBe('Resend code')
    expect(screen.get('otp-resend').disabled).toBe(false)

    await screen.click('otp-resend')
    expect(controller.resendCode).toHaveBeenCalledOnce()
    expect(snackbar.showSuccess).toHaveBeenCalledWith('A new code was sent')
    // A new code: a new cooldown.
    expect(screen.get('otp-resend').textContent).toBe('Resend in 30s')
    expect(screen.get('otp-resend').disabled).toBe(true)
  })

  it('shows a failed resend under the field', async () => {
    const { controller } = show(['Connect', 'EmailVerifyOtp'])
    controller.resendCode.mockRejectedValueOnce(new Error('Please try again after 5 seconds'))
    await screen.settle()
    await screen.click('otp-resend')
    expect(screen.get('otp-error').textContent).toBe('Please try again after 5 seconds')
  })
})

describe('EmailVerifyDevice', () => {
  it("waits for this browser's approval, then asks for the code", async () => {
    const { controller, router, view } = show(['Connect', 'EmailVerifyDevice'])
    await screen.settle()
    expect(controller.connectDevice).toHaveBeenCalledOnce()
    expect(router.replace).toHaveBeenCalledWith('EmailVerifyOtp')
    expect(view()).toBe('EmailVerifyOtp')
    expect(screen.query('otp-input')).toBeDefined()
  })

  it('names the address, shows a failure with a retry button, and waits again on retry', async () => {
    const controller = fakeEmbeddedController({
      login: { step: 'VERIFY_DEVICE', email: 'ada@example.com', loading: false },
    })
    let approve: () => void = () => undefined
    controller.connectDevice
      .mockRejectedValueOnce(new Error('The approval link expired'))
      .mockImplementationOnce(() => new Promise((resolve) => (approve = () => resolve(undefined))))
    const made = fakeKit({
      embedded: fakeEmbeddedSetup(controller).asSetup,
      views: ['Connect', 'EmailVerifyDevice'],
    })
    screen.render(<Shown {...made} controller={controller} />)
    await screen.settle()
    expect(screen.get('device-lead').textContent).toBe(
      'Approve this browser from the email we sent to ada@example.com',
    )
    expect(screen.get('device-error').textContent).toBe('The approval link expired')
    expect(screen.doc.activeElement).toBe(screen.get('device-retry'))
    expect(made.router.replace).not.toHaveBeenCalled()

    await screen.click('device-retry')
    expect(controller.connectDevice).toHaveBeenCalledTimes(2)
    expect(screen.query('device-error')).toBeUndefined()
    approve()
    await screen.settle()
    expect(made.router.state.get().view).toBe('EmailVerifyOtp')
  })
})

describe('UpdateEmail', () => {
  it('walks the new address, the code to the current address and the code to the new one, back to Account', async () => {
    const { controller, router, snackbar, view } = show(['Account'], { email: 'old@example.com' })
    expect(screen.get('account-email').textContent).toBe('old@example.com')
    await screen.click('update-email')
    expect(view()).toBe('UpdateEmail')
    await screen.settle()
    expect(screen.doc.activeElement).toBe(screen.get('update-email-input'))

    await screen.type('update-email-input', ' new@example.com ')
    await screen.click('update-email-submit')
    expect(controller.updateEmail).toHaveBeenCalledExactlyOnceWith('new@example.com')
    expect(view()).toBe('UpdateEmailPrimaryOtp')
    expect(screen.get('otp-lead').textContent).toBe('Enter the code sent to old@example.com')

    await screen.type('otp-input', '111111')
    expect(controller.updateEmailPrimaryOtp).toHaveBeenCalledExactlyOnceWith('111111')
    expect(view()).toBe('UpdateEmailSecondaryOtp')
    expect(screen.get('otp-lead').textContent).toBe('Enter the code sent to new@example.com')
    // A fresh field for the second code.
    expect(screen.get('otp-input').value).toBe('')

    await screen.type('otp-input', '222222')
    expect(controller.updateEmailSecondaryOtp).toHaveBeenCalledExactlyOnceWith('222222')
    expect(router.state.get().history).toEqual([{ view: 'Account' }])
    expect(snackbar.showSuccess).toHaveBeenCalledWith('Email updated')
    expect(controller.resetUpdate).toHaveBeenCalled()
    expect(screen.get('account-email').textContent).toBe('new@example.com')
  })

  it('goes straight to the code of the new address when the embedded wallet skips the first', async () => {
    const { controller, view } = show(['Account', 'UpdateEmail'], { email: 'old@example.com' })
    controller.updateEmail.mockImplementationOnce(async (email: string) => {
      controller.state.patch({ update: { step: 'VERIFY_SECONDARY_OTP', email, loading: false } })
    })
    await screen.type('update-email-input', 'new@example.com')
    await screen.submit('update-email-form')
    expect(view()).toBe('UpdateEmailSecondaryOtp')
  })

  it('checks the new address, and shows what the embedded wallet refused under the field', async () => {
    const { controller, view } = show(['Account', 'UpdateEmail'], { email: 'old@example.com' })
    await screen.type('update-email-input', 'new@')
    await screen.submit('update-email-form')
    expect(screen.get('update-email-error').textContent).toBe(
      'Enter a valid email address, like name@example.com',
    )
    await screen.type('update-email-input', 'OLD@example.com')
    await screen.submit('update-email-form')
    expect(screen.get('update-email-error').textContent).toBe('This is already the account’s email address')
    expect(controller.updateEmail).not.toHaveBeenCalled()

    controller.updateEmail.mockRejectedValueOnce(new Error('Email already in use'))
    await screen.type('update-email-input', 'taken@example.com')
    await screen.submit('update-email-form')
    expect(screen.get('update-email-error').textContent).toBe('Email already in use')
    expect(view()).toBe('UpdateEmail')
  })

  it('shows a wrong code under the field and stays on that code', async () => {
    const { controller, view } = show(['Account', 'UpdateEmail', 'UpdateEmailPrimaryOtp'], {
      email: 'old@example.com',
    })
    controller.updateEmailPrimaryOtp.mockRejectedValueOnce(new Error('Invalid code'))
    await screen.type('otp-input', '999999')
    expect(screen.get('otp-error').textContent).toBe('Invalid code')
    expect(screen.get('otp-input').value).toBe('')
    expect(view()).toBe('UpdateEmailPrimaryOtp')
  })
})

describe('the email views in the modal', () => {
  it('have their titles, and load as a chunk of their own with the embedded wallet', async () => {
    const controller = fakeEmbeddedController({
      login: { step: 'VERIFY_OTP', email: 'ada@example.com', loading: false },
    })
    const embedded = fakeEmbeddedSetup(controller, false)
    const { kit, router } = fakeKit({ embedded: embedded.asSetup, views: ['Connect', 'EmailVerifyOtp'] })
    const titles = EMAIL_VIEWS.map((view) => viewTitle(kit, { ...router.state.get(), view } as never))
    expect(titles).toEqual([
      'Confirm Email',
      'Register Device',
      'Update Email',
      'Confirm Current Email',
      'Confirm New Email',
    ])
    screen.render(<ViewBody kit={kit} router={router.state.get() as never} />)
    expect(screen.query('email-loading')).toBeDefined()
    await vi.waitFor(() => screen.get('otp-input'), { timeout: 10_000 })
    expect(embedded.load).toHaveBeenCalledOnce()
    expect(screen.get('otp-lead').textContent).toBe('Enter the code we sent to ada@example.com')
  })
})
