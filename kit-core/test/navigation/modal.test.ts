import { describe, expect, test, vi } from 'vitest'
import {
  createModalController,
  createRouterController,
  decideModalMount,
  type ModalDeps,
} from '../../src/controllers/navigation/index.js'
import { chooseOpenView } from '../../src/controllers/navigation/modal-controller.js'
import { mainnet } from '../../src/networks/index.js'

function setup(overrides: Partial<Omit<ModalDeps, 'router'>> = {}) {
  let connected = false
  const router = createRouterController({ close: () => void modal.close(), isConnected: () => connected })
  const deps = {
    isConnected: vi.fn(() => connected),
    track: vi.fn(),
    rejectPendingRequests: vi.fn(),
    ...overrides,
  }
  const modal = createModalController({ router, ...deps })
  return {
    modal,
    router,
    deps,
    connect(value: boolean) {
      connected = value
    },
  }
}

describe('opening and closing', () => {
  test('the view chosen when opening: the one asked for, else Account when connected, else Connect', async () => {
    expect(chooseOpenView({ connected: false })).toBe('Connect')
    expect(chooseOpenView({ connected: true })).toBe('Account')
    expect(chooseOpenView({ view: 'Networks', connected: true })).toBe('Networks')

    const { modal, router, deps, connect } = setup()
    await modal.open()
    expect(modal.state.get()).toMatchObject({ open: true, loading: false })
    expect(router.state.get().view).toBe('Connect')
    expect(deps.track).toHaveBeenLastCalledWith('MODAL_OPEN', { connected: false })

    await modal.close()
    connect(true)
    await modal.open()
    expect(router.state.get().view).toBe('Account')
    expect(deps.track).toHaveBeenLastCalledWith('MODAL_OPEN', { connected: true })

    await modal.close()
    const network = { ...mainnet }
    await modal.open({ view: 'SwitchNetwork', params: { network } })
    expect(router.state.get()).toMatchObject({ view: 'SwitchNetwork', params: { network } })
    expect(router.state.get().history).toHaveLength(1)
  })

  test('a view this version does not show is refused by name, and the modal stays closed', async () => {
    const { modal, router, deps } = setup()
    // A JavaScript host, or one that casts: TypeScript hosts cannot name it (`open` takes the shown views only).
    const swap = { view: 'Swap', params: { fromToken: 'ETH' } } as unknown as Parameters<typeof modal.open>[0]
    await expect(modal.open(swap)).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      message: expect.stringMatching(
        /^The view "Swap" cannot be opened: this version of Latchkey shows Connect, /,
      ),
    })
    await expect(
      modal.open({ view: 'NoSuchView' } as unknown as Parameters<typeof modal.open>[0]),
    ).rejects.toThrow('The view "NoSuchView" cannot be opened')
    expect(modal.state.get().open).toBe(false)
    expect(router.state.get().view).toBe('Connect')
    expect(deps.track).not.toHaveBeenCalled()
  })

  test('loading while the modal prepares; the namespace is recorded and handed on', async () => {
    let finish: () => void = () => undefined
    const prepare = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const selectNamespace = vi.fn()
    const isConnected = vi.fn((namespace?: string) => namespace === 'solana')
    const { modal, router } = setup({ prepare, selectNamespace, isConnected })
    const opening = modal.open({ namespace: 'solana' })
    expect(modal.state.get()).toMatchObject({ loading: true, open: false, namespace: 'solana' })
    expect(prepare).toHaveBeenCalledWith({ namespace: 'solana' })
    finish()
    await opening
    expect(modal.state.get()).toMatchObject({ loading: false, open: true, namespace: 'solana' })
    expect(selectNamespace).toHaveBeenCalledWith('solana')
    expect(isConnected).toHaveBeenCalledWith('solana')
    expect(router.state.get().view).toBe('Account')
  })

  test('a failed preparation leaves the modal closed and not loading', async () => {
    const { modal } = setup({ prepare: () => Promise.reject(new Error('offline')) })
    await expect(modal.open()).rejects.toThrow('offline')
    expect(modal.state.get()).toMatchObject({ open: false, loading: false })
  })

  test('closing tracks MODAL_CLOSE, resets the stack, and is a no-op when closed', async () => {
    const { modal, router, deps } = setup()
    expect(await modal.close()).toBe(true)
    expect(deps.track).not.toHaveBeenCalled()
    await modal.open()
    router.push('AllWallets')
    expect(await modal.close()).toBe(true)
    expect(modal.state.get().open).toBe(false)
    expect(deps.track).toHaveBeenLastCalledWith('MODAL_CLOSE', { connected: false })
    expect(router.state.get().history).toEqual([{ view: 'Connect' }])
  })

  test('going back from the first view closes the modal through the router', async () => {
    const { modal, router } = setup()
    await modal.open()
    router.goBack()
    expect(modal.state.get().open).toBe(false)
  })
})

describe('closing while sign-in is required', () => {
  test('[§2.16] the modal cannot be closed on SIWXSignMessage or ApproveTransaction while sign-in is required and no session exists', async () => {
    let required = true
    let session = false
    const { modal, router } = setup({
      isSignInRequired: () => required,
      hasSession: async () => session,
    })
    for (const view of ['SIWXSignMessage', 'ApproveTransaction'] as const) {
      // The embedded wallet's requests push ApproveTransaction (its issue); the host never opens it.
      await modal.open()
      router.push(view)
      expect(await modal.close()).toBe(false)
      expect(modal.state.get().open).toBe(true)
      expect(router.state.get().view).toBe(view)
    }
    // Another view closes.
    router.push('Networks')
    expect(await modal.close()).toBe(true)
    // Optional sign-in closes.
    required = false
    await modal.open({ view: 'SIWXSignMessage' })
    expect(await modal.close()).toBe(true)
    // A session exists: closes.
    required = true
    session = true
    await modal.open({ view: 'SIWXSignMessage' })
    expect(await modal.close()).toBe(true)
    // A forced close (after signing, or on disconnect) always closes.
    session = false
    await modal.open({ view: 'SIWXSignMessage' })
    expect(await modal.close({ force: true })).toBe(true)
    expect(modal.state.get().open).toBe(false)
  })
})

describe('mounting and embedded mode', () => {
  test('[§2.21] appended to the page body unless appending is disabled or embedded mode is on', () => {
    expect(decideModalMount({})).toBe('append')
    expect(decideModalMount({ disableAppend: false, embedded: false })).toBe('append')
    expect(decideModalMount({ disableAppend: true })).toBe('host')
    expect(decideModalMount({ embedded: true })).toBe('embedded')
    expect(decideModalMount({ embedded: true, disableAppend: true })).toBe('embedded')
    expect(setup().modal.mount).toBe('append')
    expect(setup({ disableAppend: true }).modal.mount).toBe('host')
    expect(setup({ embedded: true }).modal.mount).toBe('embedded')
  })

  test('[§2.22] in embedded mode the modal closes once an address is set', async () => {
    let emit: (address: string | undefined) => void = () => undefined
    const unsubscribe = vi.fn()
    const subscribeActiveAddress = vi.fn((listener: (address: string | undefined) => void) => {
      emit = listener
      return unsubscribe
    })
    const { modal, router, connect } = setup({ embedded: true, subscribeActiveAddress })
    await modal.open()
    emit(undefined)
    expect(modal.state.get().open).toBe(true)
    connect(true)
    emit('eip155:1:0xabc')
    await vi.waitFor(() => expect(modal.state.get().open).toBe(false))
    // Embedded: the page keeps showing the account.
    expect(router.state.get().view).toBe('Account')
    modal.destroy()
    expect(unsubscribe).toHaveBeenCalled()
  })

  test('[§2.22] outside embedded mode a new address does not close the modal', async () => {
    const subscribeActiveAddress = vi.fn(() => () => undefined)
    const { modal } = setup({ subscribeActiveAddress })
    await modal.open()
    expect(subscribeActiveAddress).not.toHaveBeenCalled()
    expect(modal.state.get().open).toBe(true)
  })
})

describe('pending embedded-wallet requests', () => {
  test('[§2.23] closing the modal with an empty transaction stack rejects pending embedded-wallet requests', async () => {
    const { modal, router, deps } = setup()
    await modal.open()
    router.pushTransaction({})
    await modal.close()
    expect(deps.rejectPendingRequests).not.toHaveBeenCalled()
    router.popTransaction('success')
    await modal.open()
    await modal.close()
    expect(deps.rejectPendingRequests).toHaveBeenCalledTimes(1)
  })
})
