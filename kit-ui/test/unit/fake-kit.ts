// A kit for rendering the modal's views in Node: core's stores and section rules, fakes for the rest (the router keeps a
// stack as core's does; the snackbar and close record their calls), and a fake embedded wallet whose every step the test
// decides.
import {
  type ConnectMethod,
  type ConnectorEntry,
  type ConnectSectionsInput,
  createStore,
  type EmbeddedController,
  type EmbeddedSetup,
  type EmbeddedState,
  getConnectMethodsOrder,
  type View,
} from '@latchkey/core'
import { vi } from 'vitest'
import { completeDefaultMessages, createKitTranslate } from '../../src/i18n/kit-translate.js'
import { modalMessagesEn } from '../../src/i18n/modal-messages-en.js'
import type { UiKit } from '../../src/kit/types.js'

/** The fake embedded wallet's controller: core's state shape, each step a mock the test can change. */
export function fakeEmbeddedController(initial: Partial<EmbeddedState> = {}) {
  const state = createStore<EmbeddedState>({
    frame: 'ready',
    login: { step: 'idle', loading: false },
    update: { step: 'idle', loading: false },
    ...initial,
  })
  const login = (patch: Partial<EmbeddedState['login']>) =>
    state.patch({ login: { ...state.get().login, ...patch } })
  const update = (patch: Partial<EmbeddedState['update']>) =>
    state.patch({ update: { ...state.get().update, ...patch } })
  const controller = {
    state,
    connectEmail: vi.fn(async (email: string): Promise<'VERIFY_DEVICE' | 'VERIFY_OTP'> => {
      login({ step: 'VERIFY_OTP', email })
      return 'VERIFY_OTP'
    }),
    connectDevice: vi.fn(async () => login({ step: 'VERIFY_OTP' })),
    connectOtp: vi.fn(async (_otp: string) => {
      login({ step: 'connected' })
      return {}
    }),
    resendCode: vi.fn(async () => undefined),
    cooldownSeconds: vi.fn(async () => 0),
    resetLogin: vi.fn(() => login({ step: 'idle' })),
    updateEmail: vi.fn(async (email: string) => update({ step: 'VERIFY_PRIMARY_OTP', email })),
    updateEmailPrimaryOtp: vi.fn(async (_otp: string) => update({ step: 'VERIFY_SECONDARY_OTP' })),
    updateEmailSecondaryOtp: vi.fn(async (_otp: string) => {
      const email = state.get().update.email ?? ''
      state.patch({ email, update: { step: 'done', email, loading: false } })
      return email
    }),
    resetUpdate: vi.fn(() => update({ step: 'idle', email: undefined })),
    preload: vi.fn(),
  }
  return { ...controller, asController: controller as unknown as EmbeddedController }
}

export type FakeEmbeddedController = ReturnType<typeof fakeEmbeddedController>

/** The fake kit-side setup: `load()` resolves the controller (or the failure given). */
export function fakeEmbeddedSetup(controller: FakeEmbeddedController, loaded = true) {
  let current = loaded ? controller.asController : undefined
  const setup = {
    configured: true as const,
    enabled: vi.fn(async () => true),
    load: vi.fn(async () => {
      current = controller.asController
      return controller.asController
    }),
    current: () => current,
    preload: vi.fn(async () => undefined),
  }
  return { ...setup, asSetup: setup as unknown as EmbeddedSetup }
}

export interface FakeKitInput {
  embedded?: EmbeddedSetup
  email?: boolean
  /** The connector entries Connect lists. */
  connectors?: ConnectorEntry[]
  /** The host's connect methods order. */
  connectMethodsOrder?: ConnectMethod[]
  /** Sign-in with wallet on (then the modal stays open after a login). */
  siwx?: boolean
  /** The view shown, on top of Connect. */
  views?: View[]
}

/** A router as core's: a stack of views, push / replace / reset / goBack. */
function fakeRouter(views: View[]) {
  const state = createStore<{ view: View; history: { view: View }[] }>({
    view: views.at(-1) ?? 'Connect',
    history: (views.length > 0 ? views : (['Connect'] as View[])).map((view) => ({ view })),
  })
  const set = (history: { view: View }[]) => state.set({ history, view: history.at(-1)?.view ?? 'Connect' })
  return {
    state,
    push: vi.fn((view: View) => set([...state.get().history, { view }])),
    replace: vi.fn((view: View) => set([...state.get().history.slice(0, -1), { view }])),
    reset: vi.fn((view: View = 'Connect') => set([{ view }])),
    goBack: vi.fn(() => set(state.get().history.slice(0, -1))),
  }
}

/** A kit whose controllers are what the Connect, Account and email views read. */
export function fakeKit(input: FakeKitInput = {}) {
  completeDefaultMessages(modalMessagesEn)
  const features = {
    email: input.email ?? true,
    ...(input.connectMethodsOrder ? { connectMethodsOrder: input.connectMethodsOrder } : {}),
  }
  const router = fakeRouter(input.views ?? ['Connect'])
  const snackbar = { showError: vi.fn(), showSuccess: vi.fn() }
  const close = vi.fn(async () => true)
  const connectors = {
    state: createStore({ connectors: input.connectors ?? [] }),
    sectionsInput: (
      listing: { featured: []; recommended: [] },
      extra: Pick<ConnectSectionsInput, 'otherMethodsShown' | 'order'> = {},
    ): ConnectSectionsInput => ({
      ...extra,
      connectors: input.connectors ?? [],
      recent: [],
      featured: listing.featured,
      recommended: listing.recommended,
      isMobile: false,
    }),
    getConnectorForWallet: () => undefined,
  }
  const controllers = {
    options: { enableWalletConnect: false, enableWalletGuide: false, projectId: 'test', services: {} },
    providerApi: undefined,
    connectors,
    features: {
      state: createStore({ features }),
      isEnabled: (name: string) => name === 'email' && features.email,
      getConnectMethodsOrder: (installed: boolean) => getConnectMethodsOrder(features, installed),
    },
    connection: { state: createStore({}) },
    listing: {
      state: createStore({ featured: [], recommended: [], wallets: [], excluded: [], count: 0 }),
      getWalletImage: () => undefined,
    },
    router,
    snackbar,
    siwx: { isEnabled: () => input.siwx ?? false },
    embedded: input.embedded,
  }
  const kit = { id: 'test-kit', t: createKitTranslate(), controllers, close }
  return { kit: kit as unknown as UiKit, router, snackbar, close }
}

/** A connector entry of Connect's list. */
export function entry(id: string, type: ConnectorEntry['type'], name = id): ConnectorEntry {
  return { id, name, type, chain: 'eip155' }
}
