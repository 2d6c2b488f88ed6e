import { describe, expect, test } from 'vitest'
import type { EmbeddedWalletProvider } from '../../src/adapter/embedded.js'
import { createMemoryStorage } from '../../src/adapter/storage.js'
import { StorageKeys } from '../../src/controllers/config/storage/storage-keys.js'
import { withEmbeddedEvents } from '../../src/embedded/embedded-events.js'

const ACCOUNT = {
  email: 'ada@example.com',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  chainId: 1,
}

/** A provider whose every method answers, except those named in `fail`. */
function fakeProvider(fail: Partial<Record<keyof EmbeddedWalletProvider, string>> = {}) {
  const answers: Partial<Record<keyof EmbeddedWalletProvider, unknown>> = {
    connectEmail: { action: 'VERIFY_OTP' },
    getUser: ACCOUNT,
    connectSocial: ACCOUNT,
    connectFarcaster: ACCOUNT,
    switchNetwork: { chainId: 10 },
    updateEmail: { action: 'VERIFY_PRIMARY_OTP' },
    updateEmailSecondaryOtp: { newEmail: 'grace@example.com' },
    isConnected: { isConnected: true },
    getChainId: { chainId: 1 },
    request: '0x1',
  }
  const names = [
    'connectEmail',
    'connectDevice',
    'connectOtp',
    'getSocialRedirectUri',
    'connectSocial',
    'getFarcasterUri',
    'connectFarcaster',
    'getUser',
    'switchNetwork',
    'setPreferredAccount',
    'request',
    'signOut',
    'isConnected',
    'getChainId',
    'getSmartAccountEnabledNetworks',
    'initSmartAccount',
    'updateEmail',
    'updateEmailPrimaryOtp',
    'updateEmailSecondaryOtp',
    'syncTheme',
    'syncDappData',
    'reload',
  ] as const
  return Object.fromEntries(
    names.map((name) => [
      name,
      async () => {
        if (fail[name]) throw new Error(fail[name])
        return answers[name]
      },
    ]),
  ) as unknown as EmbeddedWalletProvider
}

function setup(fail: Partial<Record<keyof EmbeddedWalletProvider, string>> = {}) {
  const reported: string[] = []
  const storage = createMemoryStorage()
  const accounts: unknown[] = []
  const provider = withEmbeddedEvents(fakeProvider(fail), {
    report: (request, phase, message) => reported.push(`${request} ${phase}${message ? `: ${message}` : ''}`),
    storage: {
      setString: async (key, value) => storage.setItem(key, value),
      remove: async (key) => storage.removeItem(key),
    },
    onAccount: (account) => accounts.push(account),
  })
  return { provider, reported, storage, accounts }
}

describe('the embedded events (SPEC §4)', () => {
  test('[§4.29] request then success for each request the spec names; other calls report nothing', async () => {
    const { provider, reported } = setup()
    await provider.connectEmail({ email: 'ada@example.com' })
    await provider.connectDevice()
    await provider.connectOtp({ otp: '123456' })
    await provider.connectSocial({ uri: 'https://auth.example/cb' })
    await provider.connectFarcaster()
    await provider.getUser({ chainId: 1 })
    await provider.switchNetwork({ chainId: 10 })
    await provider.updateEmail({ email: 'grace@example.com' })
    await provider.updateEmailPrimaryOtp({ otp: '111111' })
    await provider.updateEmailSecondaryOtp({ otp: '222222' })
    await provider.syncTheme({ themeMode: 'dark' })
    await provider.syncDappData({ projectId: 'p', sdkVersion: '1' })
    await provider.initSmartAccount()
    await provider.setPreferredAccount({ type: 'eoa' })
    await provider.signOut()
    await provider.isConnected()
    await provider.getChainId()
    await provider.request({ method: 'eth_chainId' })
    const requests = [
      'CONNECT_EMAIL',
      'CONNECT_DEVICE',
      'CONNECT_OTP',
      'CONNECT_SOCIAL',
      'CONNECT_FARCASTER',
      'GET_USER',
      'SWITCH_NETWORK',
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
      'SYNC_THEME',
      'SYNC_DAPP_DATA',
      'INIT_SMART_ACCOUNT',
      'SET_PREFERRED_ACCOUNT',
      'SIGN_OUT',
    ]
    expect(reported).toEqual(requests.flatMap((request) => [`${request} request`, `${request} success`]))
  })

  test('[§4.29] a failure reports the error with its message, and still rejects', async () => {
    const { provider, reported } = setup({ connectOtp: 'Invalid code' })
    await expect(provider.connectOtp({ otp: '000000' })).rejects.toThrow('Invalid code')
    expect(reported).toEqual(['CONNECT_OTP request', 'CONNECT_OTP error: Invalid code'])
  })

  test('[§4.23] a user fetch, social or Farcaster login stores the email, marks email login used, clears the last login time', async () => {
    for (const method of ['getUser', 'connectSocial', 'connectFarcaster'] as const) {
      const { provider, storage, accounts } = setup()
      await storage.setItem(StorageKeys.lastEmailLoginTime, '1700000000000')
      if (method === 'getUser') await provider.getUser({})
      else if (method === 'connectSocial') await provider.connectSocial({ uri: 'https://auth.example/cb' })
      else await provider.connectFarcaster()
      expect(await storage.getItem(StorageKeys.email)).toBe('ada@example.com')
      expect(await storage.getItem(StorageKeys.emailLoginUsed)).toBe('true')
      expect(await storage.getItem(StorageKeys.lastEmailLoginTime)).toBeNull()
      expect(accounts).toEqual([ACCOUNT])
    }
  })

  test('[§4.23] a failed user fetch changes nothing stored', async () => {
    const { provider, storage } = setup({ getUser: 'No embedded wallet session' })
    await storage.setItem(StorageKeys.lastEmailLoginTime, '1700000000000')
    await expect(provider.getUser({})).rejects.toThrow('No embedded wallet session')
    expect(await storage.getItem(StorageKeys.emailLoginUsed)).toBeNull()
    expect(await storage.getItem(StorageKeys.lastEmailLoginTime)).toBe('1700000000000')
  })
})
