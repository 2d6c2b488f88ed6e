import { beforeEach, describe, expect, test, vi } from 'vitest'
import { createModalController, createRouterController } from '../../src/controllers/navigation/index.js'
import { UserRejectedRequestError } from '../../src/errors/index.js'
import type { SiwxAccount, SiwxConfig, SiwxDeps, SiwxSession } from '../../src/siwx/index.js'
import { createSiwxController } from '../../src/siwx/siwx-controller.js'
import { createSiwx } from '../../src/siwx/siwx-facade.js'

const ACCOUNT: SiwxAccount = { address: '0xabc', chainId: 'eip155:1', type: 'eoa' }

function fakeConfig(options: { required?: boolean; sessions?: SiwxSession[] } = {}) {
  const sessions = [...(options.sessions ?? [])]
  const config = {
    createMessage: vi.fn(async (input: { accountAddress: string; chainId: `eip155:${string}` }) => ({
      ...input,
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      nonce: 'n0nce123',
      issuedAt: '2030-01-01T00:00:00.000Z',
      toString: () => `sign in ${input.accountAddress}`,
    })),
    addSession: vi.fn(async (session: SiwxSession) => {
      sessions.push(session)
    }),
    getSessions: vi.fn(async () => [...sessions]),
    setSessions: vi.fn(async () => undefined),
    revokeSession: vi.fn(async () => undefined),
    getRequired: () => options.required ?? false,
  } satisfies SiwxConfig
  return { config, sessions }
}

// Every test runs against the controller and against the kit's facade, which loads it only when sign-in is configured.
let factory: typeof createSiwxController = createSiwxController

function setup(overrides: Partial<SiwxDeps> = {}) {
  let account: SiwxAccount | undefined = ACCOUNT
  const router = createRouterController({
    close: () => void modal.close(),
    isConnected: () => Boolean(account),
  })
  const deps = {
    getAccount: () => account,
    signMessage: vi.fn(async (message: string) => `sig(${message})`),
    disconnect: vi.fn(async () => {
      account = undefined
    }),
    showError: vi.fn(),
    track: vi.fn(),
    ...overrides,
  }
  const siwx: ReturnType<typeof createSiwxController> = factory({
    router,
    modal: proxyModal(),
    ...deps,
  })
  const modal = createModalController({
    router,
    isConnected: () => Boolean(account),
    isSignInRequired: () => siwx.isRequired(),
    hasSession: () => siwx.hasSession(),
  })
  function proxyModal() {
    return {
      open: (...args: Parameters<typeof modal.open>) => modal.open(...args),
      close: (...args: Parameters<typeof modal.close>) => modal.close(...args),
      get state() {
        return modal.state
      },
    }
  }
  return {
    siwx,
    modal,
    router,
    deps,
    setAccount(next: SiwxAccount | undefined) {
      account = next
    },
  }
}

describe.each([
  ['the controller', createSiwxController],
  ['the facade', createSiwx],
] as const)('%s', (_name, chosen) => {
  beforeEach(() => {
    factory = chosen
  })

  describe('without a config', () => {
    test("every SIWX call throws 'SIWX is not enabled'; connecting does nothing", async () => {
      const { siwx, modal } = setup()
      expect(siwx.isEnabled()).toBe(false)
      expect(siwx.isRequired()).toBe(false)
      await expect(siwx.requestSignMessage()).rejects.toThrow('SIWX is not enabled')
      await expect(siwx.cancelSignMessage()).rejects.toThrow('SIWX is not enabled')
      await expect(siwx.getSessions()).rejects.toThrow('SIWX is not enabled')
      await siwx.initializeIfEnabled()
      expect(modal.state.get().open).toBe(false)
    })
  })

  describe('on connect', () => {
    test('[§4.37] [§2.14] with no session, SIWXSignMessage opens; with one, nothing happens', async () => {
      const { config } = fakeConfig()
      const first = setup({ config })
      await first.siwx.initializeIfEnabled()
      expect(config.getSessions).toHaveBeenCalledWith('eip155:1', '0xabc')
      expect(first.modal.state.get().open).toBe(true)
      expect(first.router.state.get().view).toBe('SIWXSignMessage')

      const withSession = fakeConfig({ sessions: [{ data: {} as never, message: 'm', signature: 's' }] })
      const second = setup({ config: withSession.config })
      await second.siwx.initializeIfEnabled()
      expect(second.modal.state.get().open).toBe(false)
    })

    test('[§2.14] nothing opens when no account is connected', async () => {
      const { config } = fakeConfig()
      const { siwx, modal, setAccount } = setup({ config })
      setAccount(undefined)
      await siwx.initializeIfEnabled()
      expect(config.getSessions).not.toHaveBeenCalled()
      expect(modal.state.get().open).toBe(false)
    })

    test('[§2.14] starts by itself when the kit reports a newly connected account', async () => {
      const { config } = fakeConfig()
      let emit: (account: SiwxAccount | undefined) => void = () => undefined
      const unsubscribe = vi.fn()
      const { modal, router, siwx } = setup({
        config,
        subscribeAccount: (listener) => {
          emit = listener
          return unsubscribe
        },
      })
      emit(undefined)
      expect(config.getSessions).not.toHaveBeenCalled()
      emit(ACCOUNT)
      await vi.waitFor(() => expect(modal.state.get().open).toBe(true))
      expect(router.state.get().view).toBe('SIWXSignMessage')
      emit(ACCOUNT)
      expect(config.getSessions).toHaveBeenCalledTimes(1)
      siwx.destroy()
      expect(unsubscribe).toHaveBeenCalled()
    })

    test('[§4.40] an initialization failure disconnects, resets to Connect and shows an error', async () => {
      const { config } = fakeConfig()
      config.getSessions.mockRejectedValueOnce(new Error('storage down'))
      const { siwx, router, deps } = setup({ config })
      router.push('Account')
      await siwx.initializeIfEnabled()
      expect(deps.disconnect).toHaveBeenCalledTimes(1)
      expect(router.state.get().history).toEqual([{ view: 'Connect' }])
      expect(deps.showError).toHaveBeenCalledWith('A problem occurred while trying initialize authentication')
      expect(deps.track).toHaveBeenCalledWith('SIWX_AUTH_ERROR', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
    })
  })

  describe('requesting a signature', () => {
    test('[§4.38] creates a message, signs it, stores the session, closes the modal, tracks success', async () => {
      const { config, sessions } = fakeConfig({ required: true })
      const { siwx, modal, deps } = setup({ config })
      await siwx.initializeIfEnabled()
      expect(modal.state.get().open).toBe(true)
      await expect(siwx.requestSignMessage()).resolves.toBe(true)
      expect(config.createMessage).toHaveBeenCalledWith({ accountAddress: '0xabc', chainId: 'eip155:1' })
      expect(deps.signMessage).toHaveBeenCalledWith('sign in 0xabc')
      expect(sessions).toEqual([
        {
          data: expect.objectContaining({ accountAddress: '0xabc', nonce: 'n0nce123' }),
          message: 'sign in 0xabc',
          signature: 'sig(sign in 0xabc)',
        },
      ])
      expect(Object.keys(sessions[0]?.data ?? {})).not.toContain('toString')
      expect(modal.state.get().open).toBe(false)
      expect(deps.track).toHaveBeenCalledWith('SIWX_AUTH_SUCCESS', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
      expect(siwx.state.get().status).toBe('success')
      await expect(siwx.hasSession()).resolves.toBe(true)
    })

    test('stores nothing when the wallet moved to another account or network while the visitor signed', async () => {
      for (const next of [
        { ...ACCOUNT, address: '0xdef' },
        { ...ACCOUNT, chainId: 'eip155:10' as const },
      ]) {
        const { config, sessions } = fakeConfig()
        const moves: { setAccount?: (account: SiwxAccount) => void } = {}
        const { siwx, deps, setAccount } = setup({
          config,
          signMessage: vi.fn(async (message: string) => {
            moves.setAccount?.(next)
            return `sig(${message})`
          }),
        })
        moves.setAccount = setAccount
        await expect(siwx.requestSignMessage()).resolves.toBe(false)
        expect(sessions).toEqual([])
        expect(deps.showError).toHaveBeenCalledWith('Invalid sign-in session')
        expect(siwx.state.get().status).toBe('error')
      }
    })

    test("[§4.39] a rejected signature reopens the view, shows 'Signature declined' and tracks the error", async () => {
      const { config, sessions } = fakeConfig()
      const { siwx, modal, router, deps } = setup({
        config,
        signMessage: vi.fn(async () => {
          throw new UserRejectedRequestError()
        }),
      })
      await expect(siwx.requestSignMessage()).resolves.toBe(false)
      expect(sessions).toEqual([])
      expect(modal.state.get().open).toBe(true)
      expect(router.state.get().view).toBe('SIWXSignMessage')
      expect(deps.showError).toHaveBeenCalledWith('Signature declined')
      expect(deps.track).toHaveBeenCalledWith('SIWX_AUTH_ERROR', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
      expect(siwx.state.get().status).toBe('error')
    })

    test('[§4.39] other failures: the refused session says why; a smart account gets its own message', async () => {
      const { config } = fakeConfig()
      const { LatchkeyError } = await import('../../src/errors/index.js')
      config.addSession.mockRejectedValueOnce(new LatchkeyError('Invalid sign-in session'))
      const { siwx, deps, router, modal } = setup({ config })
      await modal.open()
      router.push('ApproveTransaction')
      await siwx.requestSignMessage()
      expect(deps.showError).toHaveBeenLastCalledWith('Invalid sign-in session')
      expect(router.state.get().view).toBe('SIWXSignMessage')

      const smart = setup({
        config: fakeConfig().config,
        getAccount: () => ({ ...ACCOUNT, type: 'smartAccount' }),
        signMessage: async () => {
          throw new Error('execution reverted')
        },
      })
      await smart.siwx.requestSignMessage()
      expect(smart.deps.showError).toHaveBeenCalledWith('This application might not support Smart Accounts')
      expect(smart.deps.track).toHaveBeenCalledWith('SIWX_AUTH_ERROR', {
        network: 'eip155:1',
        isSmartAccount: true,
      })
    })

    test('needs a connected account', async () => {
      const { siwx, setAccount } = setup({ config: fakeConfig().config })
      setAccount(undefined)
      await expect(siwx.requestSignMessage()).rejects.toThrow('No ActiveCaipAddress found')
    })
  })

  describe('cancelling', () => {
    test('[§2.15] cancel disconnects if sign-in is required', async () => {
      const { siwx, modal, router, deps } = setup({ config: fakeConfig({ required: true }).config })
      await siwx.initializeIfEnabled()
      // Required and no session: the modal refuses to close on this view.
      await expect(modal.close()).resolves.toBe(false)
      await siwx.cancelSignMessage()
      expect(deps.disconnect).toHaveBeenCalledTimes(1)
      expect(router.state.get().view).toBe('Connect')
      expect(deps.track).toHaveBeenCalledWith('CLICK_CANCEL_SIWX', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
    })

    test('[§2.15] cancel closes the modal when sign-in is optional', async () => {
      const { siwx, modal, deps } = setup({ config: fakeConfig({ required: false }).config })
      await siwx.initializeIfEnabled()
      await siwx.cancelSignMessage()
      expect(deps.disconnect).not.toHaveBeenCalled()
      expect(modal.state.get().open).toBe(false)
    })

    test.each([{ required: true }, { required: false }])(
      'cancel works while a silent wallet has the message; its late answer stores nothing (required: $required)',
      async ({ required }) => {
        let answer: (signature: string) => void = () => undefined
        const signMessage = vi.fn(
          () =>
            new Promise<string>((resolve) => {
              answer = resolve
            }),
        )
        const { config, sessions } = fakeConfig({ required })
        const { siwx, modal, router, deps } = setup({ config, signMessage })
        await siwx.initializeIfEnabled()
        const signing = siwx.requestSignMessage()
        await vi.waitFor(() => expect(signMessage).toHaveBeenCalledTimes(1))
        expect(siwx.state.get().status).toBe('requesting')
        await siwx.cancelSignMessage()
        expect(siwx.state.get().status).toBe('idle')
        expect(deps.disconnect).toHaveBeenCalledTimes(required ? 1 : 0)
        expect(modal.state.get().open).toBe(required) // required: disconnected, back at Connect; optional: closed
        answer('0xlate')
        await expect(signing).resolves.toBe(false)
        expect(sessions).toEqual([])
        expect(config.addSession).not.toHaveBeenCalled()
        expect(siwx.state.get().status).toBe('idle')
        expect(modal.state.get().open).toBe(required)
        expect(router.state.get().view).toBe('Connect')
        expect(deps.showError).not.toHaveBeenCalled()
      },
    )

    test('a wallet that fails after the cancel shows nothing and reopens nothing', async () => {
      let fail: (error: unknown) => void = () => undefined
      const signMessage = vi.fn(
        () =>
          new Promise<string>((_resolve, reject) => {
            fail = reject
          }),
      )
      const { siwx, router, deps } = setup({ config: fakeConfig({ required: true }).config, signMessage })
      await siwx.initializeIfEnabled()
      const signing = siwx.requestSignMessage()
      await vi.waitFor(() => expect(signMessage).toHaveBeenCalledTimes(1))
      await siwx.cancelSignMessage()
      fail(new UserRejectedRequestError())
      await expect(signing).resolves.toBe(false)
      expect(router.state.get().view).toBe('Connect')
      expect(deps.showError).not.toHaveBeenCalled()
      expect(siwx.state.get().status).toBe('idle')
    })

    test('[§4.42] required or optional as the host config says', () => {
      expect(setup({ config: fakeConfig({ required: true }).config }).siwx.isRequired()).toBe(true)
      expect(setup({ config: fakeConfig({ required: false }).config }).siwx.isRequired()).toBe(false)
      const { getRequired: _omit, ...noRequired } = fakeConfig().config
      expect(setup({ config: noRequired }).siwx.isRequired()).toBe(false)
      expect(setup().siwx.isRequired()).toBe(false)
    })
  })

  describe('sign-in inside the WalletConnect session request (SPEC §4)', () => {
    const auth = (
      overrides: {
        iss?: string
        domain?: string
        aud?: string
        nonce?: string
        exp?: string
        nbf?: string
      } = {},
    ) => {
      const iss = overrides.iss ?? 'did:pkh:eip155:1:0xAbC0000000000000000000000000000000000001'
      const address = iss.split(':').at(-1)
      return {
        message: `app.example wants you to sign in with your Ethereum account:\n${address}\n\nSign in, plus the ReCap.\n\nURI: https://app.example/\nVersion: 1\nChain ID: 1\nNonce: n0nce123\nIssued At: 2030-01-01T00:00:00.000Z`,
        signature: '0xsig',
        payload: {
          iss,
          domain: overrides.domain ?? 'app.example',
          aud: overrides.aud ?? 'https://app.example/',
          version: '1',
          nonce: overrides.nonce ?? 'n0nce123',
          iat: '2030-01-01T00:00:00.000Z',
          statement: 'Sign in',
          resources: ['urn:recap:e30'],
          ...(overrides.exp ? { exp: overrides.exp } : {}),
          ...(overrides.nbf ? { nbf: overrides.nbf } : {}),
        },
        cacao: { h: { t: 'caip122' } },
      }
    }

    test('applies only when every requested chain is eip155, and takes its fields from the host config', async () => {
      const { config } = fakeConfig()
      const { siwx } = setup({ config })
      expect(
        await siwx.walletConnectSignInRequest(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']),
      ).toBe(undefined)
      expect(await siwx.walletConnectSignInRequest([])).toBe(undefined)
      const request = await siwx.walletConnectSignInRequest(['eip155:1', 'eip155:10'])
      expect(request).toEqual({
        domain: 'app.example',
        uri: 'https://app.example/',
        nonce: 'n0nce123',
        chains: ['eip155:1', 'eip155:10'],
      })
      expect(config.createMessage).toHaveBeenLastCalledWith({
        accountAddress: '0x0000000000000000000000000000000000000000',
        chainId: 'eip155:1',
      })
      // Sign-in off: never.
      expect(await setup().siwx.walletConnectSignInRequest(['eip155:1'])).toBe(undefined)
    })

    test('stores one session per signed message, the statement as the wallet signed it', async () => {
      const { config } = fakeConfig()
      const { siwx, deps } = setup({ config })
      const request = {
        domain: 'app.example',
        uri: 'https://app.example/',
        nonce: 'n0nce123',
        chains: ['eip155:1'] as const,
      }
      await siwx.storeWalletConnectSessions({ ...request, chains: [...request.chains] }, [auth()])
      expect(config.setSessions).toHaveBeenCalledWith([
        {
          data: {
            accountAddress: '0xAbC0000000000000000000000000000000000001',
            chainId: 'eip155:1',
            domain: 'app.example',
            uri: 'https://app.example/',
            version: '1',
            nonce: 'n0nce123',
            issuedAt: '2030-01-01T00:00:00.000Z',
            statement: 'Sign in, plus the ReCap.',
            resources: ['urn:recap:e30'],
          },
          message: auth().message,
          signature: '0xsig',
          cacao: { h: { t: 'caip122' } },
        },
      ])
      expect(deps.track).toHaveBeenCalledWith('SIWX_AUTH_SUCCESS', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
    })

    test.each([
      ['another nonce', { nonce: 'other' }, /nonce/],
      ['another domain', { domain: 'evil.example' }, /domain evil\.example/],
      ['another URI', { aud: 'https://evil.example/' }, /uri https:\/\/evil\.example\//],
      [
        'a chain not requested',
        { iss: 'did:pkh:eip155:10:0xAbC0000000000000000000000000000000000001' },
        /chain id eip155:10/,
      ],
      ['an issuer that is no did:pkh', { iss: 'did:key:z6Mk' }, /issuer did:key:z6Mk/],
    ])('refuses a message signed for %s, storing nothing', async (_, overrides, details) => {
      const { config } = fakeConfig()
      const { siwx, deps } = setup({ config })
      const request = {
        domain: 'app.example',
        uri: 'https://app.example/',
        nonce: 'n0nce123',
        chains: ['eip155:1' as const],
      }
      const failure = await siwx
        .storeWalletConnectSessions(request, [auth(overrides)])
        .catch((error: unknown) => error)
      expect(failure).toMatchObject({
        message: 'Invalid sign-in session',
        details: expect.stringMatching(details),
      })
      expect(config.setSessions).not.toHaveBeenCalled()
      expect(deps.track).toHaveBeenCalledWith('SIWX_AUTH_ERROR', {
        network: 'eip155:1',
        isSmartAccount: false,
      })
    })

    const timed = {
      domain: 'app.example',
      uri: 'https://app.example/',
      nonce: 'n0nce123',
      chains: ['eip155:1' as const],
      expirationTime: '2099-01-02T00:00:00.000Z',
      notBefore: '2030-01-01T00:00:00.000Z',
    }
    test.each([
      ['no expiration time', { nbf: timed.notBefore }, /expiration time missing/],
      [
        'a later expiration time',
        { exp: '2199-01-01T00:00:00.000Z', nbf: timed.notBefore },
        /expiration time 2199/,
      ],
      ['an expiration time that is no date', { exp: 'soon', nbf: timed.notBefore }, /expiration time soon/],
      ['no not-before time', { exp: timed.expirationTime }, /not-before time missing/],
      [
        'an earlier not-before time',
        { exp: timed.expirationTime, nbf: '2029-01-01T00:00:00.000Z' },
        /not-before/,
      ],
    ])('refuses a wallet that signed %s when the page asked for its times', async (_, overrides, details) => {
      const { config } = fakeConfig()
      const { siwx } = setup({ config })
      const failure = await siwx
        .storeWalletConnectSessions(timed, [auth(overrides)])
        .catch((error: unknown) => error)
      expect(failure).toMatchObject({
        message: 'Invalid sign-in session',
        details: expect.stringMatching(details),
      })
      expect(config.setSessions).not.toHaveBeenCalled()
    })

    test('keeps the times the page asked for, an earlier expiration too; refuses one already past', async () => {
      const { config } = fakeConfig()
      const { siwx } = setup({ config })
      await siwx.storeWalletConnectSessions(timed, [
        auth({ exp: timed.expirationTime, nbf: timed.notBefore }),
      ])
      await siwx.storeWalletConnectSessions(timed, [
        auth({ exp: '2098-01-01T00:00:00.000Z', nbf: timed.notBefore }),
      ])
      expect(config.setSessions).toHaveBeenCalledTimes(2)
      expect(config.setSessions).toHaveBeenNthCalledWith(1, [
        expect.objectContaining({
          data: expect.objectContaining({ expirationTime: timed.expirationTime, notBefore: timed.notBefore }),
        }),
      ])
      const { expirationTime: _e, notBefore: _n, ...untimed } = timed
      const failure = await siwx
        .storeWalletConnectSessions(untimed, [auth({ exp: '2020-01-01T00:00:00.000Z' })])
        .catch((error: unknown) => error)
      expect(failure).toMatchObject({ details: 'expired at 2020-01-01T00:00:00.000Z' })
      expect(config.setSessions).toHaveBeenCalledTimes(2)
    })
  })
})
