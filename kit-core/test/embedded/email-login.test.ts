import { describe, expect, test } from 'vitest'
import type { EmbeddedWalletProvider } from '../../src/adapter/embedded.js'
import { createMemoryStorage } from '../../src/adapter/storage.js'
import { createEmailLogin, EMAIL_LOGIN_COOLDOWN_MS, type EmailLoginEvent } from '../../src/embedded.js'

const ACCOUNT = {
  email: 'ada@example.com',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  chainId: 1,
}

/** A provider whose email answers `action` and whose calls are recorded; `fail` makes a method throw. */
function provider(action: 'VERIFY_DEVICE' | 'VERIFY_OTP', fail: Partial<Record<string, string>> = {}) {
  const calls: string[] = []
  const answer =
    <T>(name: string, value: T) =>
    async () => {
      calls.push(name)
      if (fail[name]) throw new Error(fail[name])
      return value
    }
  const fake = {
    connectEmail: async ({ email }: { email: string }) => {
      calls.push(`connectEmail ${email}`)
      if (fail.connectEmail) throw new Error(fail.connectEmail)
      return { action }
    },
    connectDevice: answer('connectDevice', undefined),
    connectOtp: async ({ otp }: { otp: string }) => {
      calls.push(`connectOtp ${otp}`)
      if (fail.connectOtp) throw new Error(fail.connectOtp)
    },
    getUser: async (params: { chainId?: number | string }) => {
      calls.push(`getUser ${String(params.chainId)}`)
      return ACCOUNT
    },
  } as unknown as EmbeddedWalletProvider
  return { fake, calls }
}

function setup(action: 'VERIFY_DEVICE' | 'VERIFY_OTP', fail: Partial<Record<string, string>> = {}) {
  const { fake, calls } = provider(action, fail)
  const storage = createMemoryStorage()
  const events: EmailLoginEvent[] = []
  let clock = 1_000_000
  const login = createEmailLogin({
    provider: fake,
    storage: {
      getString: async (key) => (await storage.getItem(key)) ?? undefined,
      setString: async (key, value) => {
        await storage.setItem(key, value)
      },
      remove: async (key) => {
        await storage.removeItem(key)
      },
    },
    chainId: () => 31337,
    onEvent: (event) => events.push(event),
    now: () => clock,
  })
  return { login, calls, storage, events, tick: (ms: number) => (clock += ms) }
}

describe('the email login (SPEC §4, §5)', () => {
  test('[§4.23] email, code, connected: the email stored, email login marked used, the last login time cleared', async () => {
    const { login, calls, storage, events } = setup('VERIFY_OTP')
    expect(await login.connectEmail('ada@example.com')).toBe('VERIFY_OTP')
    expect(login.state.get()).toMatchObject({ step: 'VERIFY_OTP', email: 'ada@example.com', loading: false })
    expect(await storage.getItem('last_email_login_time')).toBe('1000000')
    expect(await login.connectOtp('123456')).toEqual(ACCOUNT)
    expect(login.state.get()).toMatchObject({ step: 'connected', account: ACCOUNT })
    expect(calls).toEqual(['connectEmail ada@example.com', 'connectOtp 123456', 'getUser 31337'])
    expect(await storage.getItem('email')).toBe('ada@example.com')
    expect(await storage.getItem('email_login_used')).toBe('true')
    expect(await storage.getItem('last_email_login_time')).toBeNull()
    expect(events.map((event) => `${event.event} ${event.phase}`)).toEqual([
      'CONNECT_EMAIL request',
      'CONNECT_EMAIL success',
      'CONNECT_OTP request',
      'CONNECT_OTP success',
      'GET_USER request',
      'GET_USER success',
    ])
  })

  test('a new browser: VERIFY_DEVICE, then the device wait, then the code', async () => {
    const { login, calls } = setup('VERIFY_DEVICE')
    expect(await login.connectEmail('ada@example.com')).toBe('VERIFY_DEVICE')
    await login.connectDevice()
    expect(login.state.get().step).toBe('VERIFY_OTP')
    await login.connectOtp('654321')
    expect(calls.slice(0, 2)).toEqual(['connectEmail ada@example.com', 'connectDevice'])
  })

  test("[§5.1] within 30 s of the last trigger: 'Please try again after {n} seconds', rounded up; nothing sent", async () => {
    const { login, calls, tick } = setup('VERIFY_OTP')
    await login.connectEmail('ada@example.com')
    tick(EMAIL_LOGIN_COOLDOWN_MS - 20_500)
    expect(await login.cooldownSeconds()).toBe(21)
    await expect(login.connectEmail('ada@example.com')).rejects.toThrow('Please try again after 21 seconds')
    expect(login.state.get().error).toBe('Please try again after 21 seconds')
    tick(20_500)
    expect(await login.cooldownSeconds()).toBe(0)
    expect(await login.connectEmail('ada@example.com')).toBe('VERIFY_OTP')
    expect(calls.filter((call) => call.startsWith('connectEmail'))).toHaveLength(2)
  })

  test('a wrong code keeps the step, shows the frame’s message and reports the error event', async () => {
    const { login, events } = setup('VERIFY_OTP', { connectOtp: 'Invalid code: 4 tries left' })
    await login.connectEmail('ada@example.com')
    await expect(login.connectOtp('000000')).rejects.toThrow('Invalid code: 4 tries left')
    expect(login.state.get()).toMatchObject({
      step: 'VERIFY_OTP',
      loading: false,
      error: 'Invalid code: 4 tries left',
    })
    expect(events.at(-1)).toEqual({
      event: 'CONNECT_OTP',
      phase: 'error',
      message: 'Invalid code: 4 tries left',
    })
    login.reset()
    expect(login.state.get()).toEqual({ step: 'idle', loading: false })
  })
})
