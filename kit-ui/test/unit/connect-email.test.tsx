// Connect's email field (the embedded wallet's email login), rendered in Node over a fake kit and a fake embedded
// wallet: when it shows, where, what it checks, what it sends and where it leads.
import { describe, expect, it, vi } from 'vitest'
import { ConnectView } from '../../src/views/connect-view.js'
import { entry, fakeEmbeddedController, fakeEmbeddedSetup, fakeKit } from './fake-kit.js'
import { useScreen } from './mini-dom.js'

const screen = useScreen()

function setup(input: Parameters<typeof fakeKit>[0] = {}) {
  const controller = fakeEmbeddedController()
  const embedded = fakeEmbeddedSetup(controller, false)
  const made = fakeKit({ embedded: embedded.asSetup, ...input })
  screen.render(<ConnectView kit={made.kit} />)
  return { ...made, controller, embedded }
}

/** Where the email form and a wallet row come in the view. */
const order = (wallet: string) =>
  screen.testIds().filter((id) => id === 'email-form' || id === `wallet-${wallet}`)

describe('Connect: the email field', () => {
  it('shows only when the kit offers the embedded wallet and the features have email on', () => {
    setup({ embedded: undefined })
    expect(screen.query('email-form')).toBeUndefined()

    setup({ email: false })
    expect(screen.query('email-form')).toBeUndefined()

    setup()
    const input = screen.get('email-input')
    expect(input.type).toBe('email')
    expect(input.getAttribute('autocomplete')).toBe('email')
    // Its label is a <label> around it.
    expect(input.parentNode?.localName).toBe('label')
    expect(input.parentNode?.textContent).toBe('Email')
    expect(screen.get('email-submit').type).toBe('submit')
  })

  it('comes before the wallets when none is installed, after them when one is (SPEC order)', () => {
    setup({ connectors: [entry('coinbase', 'EXTERNAL', 'Coinbase')] })
    expect(order('coinbase')).toEqual(['email-form', 'wallet-coinbase'])
    expect(screen.get('connect-or').textContent).toBe('or')

    setup({ connectors: [entry('io.metamask', 'ANNOUNCED', 'MetaMask')] })
    expect(order('io.metamask')).toEqual(['wallet-io.metamask', 'email-form'])

    setup({ connectors: [entry('injected', 'INJECTED', 'Browser Wallet')] })
    expect(order('injected')).toEqual(['wallet-injected', 'email-form'])

    // The host's own order wins.
    setup({ connectors: [entry('coinbase', 'EXTERNAL')], connectMethodsOrder: ['wallet', 'email', 'social'] })
    expect(order('coinbase')).toEqual(['wallet-coinbase', 'email-form'])
  })

  it('never lists the embedded wallet (AUTH, ID_AUTH) as a wallet row', () => {
    setup({
      connectors: [
        { ...entry('ID_AUTH', 'AUTH', 'Email'), connectors: [entry('ID_AUTH', 'ID_AUTH', 'Email')] },
        entry('io.metamask', 'ANNOUNCED', 'MetaMask'),
      ],
    })
    expect(screen.testIds('wallet-')).toEqual(['wallet-io.metamask'])
    expect(screen.query('email-form')).toBeDefined()
  })

  it('says so when the address is not plausible, and sends nothing', async () => {
    const { embedded, controller } = setup()
    for (const text of ['', 'ada', 'ada@example', 'ada@@example.com', 'ada lovelace@example.com', 'a@b.c']) {
      await screen.type('email-input', text)
      await screen.submit('email-form')
      expect(screen.get('email-error').textContent, text).toBe(
        'Enter a valid email address, like name@example.com',
      )
    }
    expect(screen.get('email-input').getAttribute('aria-invalid')).toBe('true')
    expect(screen.get('email-error').parentNode?.getAttribute('aria-live')).toBe('polite')
    expect(embedded.load).not.toHaveBeenCalled()
    expect(controller.connectEmail).not.toHaveBeenCalled()
    // Typing again takes the message away.
    await screen.type('email-input', 'ada@')
    expect(screen.query('email-error')).toBeUndefined()
  })

  it('sends the trimmed address and opens the code view', async () => {
    const { embedded, controller, router } = setup()
    await screen.type('email-input', '  ada@example.com ')
    await screen.click('email-submit')
    expect(embedded.load).toHaveBeenCalledOnce()
    expect(controller.connectEmail).toHaveBeenCalledWith('ada@example.com')
    expect(router.push).toHaveBeenCalledWith('EmailVerifyOtp')
    expect(screen.query('email-error')).toBeUndefined()
  })

  it("opens this browser's approval when the embedded wallet asks for it", async () => {
    const { controller, router } = setup()
    controller.connectEmail.mockResolvedValueOnce('VERIFY_DEVICE')
    await screen.type('email-input', 'ada@mail.example.co.uk')
    await screen.submit('email-form')
    expect(router.push).toHaveBeenCalledWith('EmailVerifyDevice')
  })

  it('disables the button while sending', async () => {
    const { controller, router } = setup()
    let answer: (step: 'VERIFY_OTP') => void = () => undefined
    controller.connectEmail.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    await screen.type('email-input', 'ada@example.com')
    await screen.submit('email-form')
    expect(screen.get('email-submit').disabled).toBe(true)
    // A second submit while sending sends nothing more.
    await screen.submit('email-form')
    expect(controller.connectEmail).toHaveBeenCalledOnce()
    answer('VERIFY_OTP')
    await screen.settle()
    expect(router.push).toHaveBeenCalledWith('EmailVerifyOtp')
  })

  it('shows the cooldown message (or any failure) under the field, and stays', async () => {
    const { controller, router } = setup()
    controller.connectEmail.mockRejectedValueOnce(new Error('Please try again after 12 seconds'))
    await screen.type('email-input', 'ada@example.com')
    await screen.submit('email-form')
    expect(screen.get('email-error').textContent).toBe('Please try again after 12 seconds')
    expect(screen.get('email-submit').disabled).toBe(false)
    expect(router.push).not.toHaveBeenCalled()
    expect(screen.doc.activeElement).toBe(screen.get('email-input'))
  })

  it('shows a failure to load the embedded wallet under the field', async () => {
    const { embedded } = setup()
    embedded.load.mockRejectedValueOnce(new Error('Unable to load email login dependency'))
    await screen.type('email-input', 'ada@example.com')
    await screen.submit('email-form')
    expect(screen.get('email-error').textContent).toBe('Unable to load email login dependency')
  })

  it('creates the frame when the field gets focus', async () => {
    const { embedded } = setup()
    screen.get('email-input').focus()
    await screen.settle()
    expect(embedded.preload).toHaveBeenCalled()
    vi.clearAllMocks()
  })
})
