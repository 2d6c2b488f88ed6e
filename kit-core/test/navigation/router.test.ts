import { afterEach, describe, expect, test, vi } from 'vitest'
import { createRouterController, type RouterDeps, VIEWS } from '../../src/controllers/navigation/index.js'
import { mainnet, sepolia } from '../../src/networks/index.js'

function setup(overrides: Partial<RouterDeps> = {}) {
  const deps = { close: vi.fn(), isConnected: vi.fn(() => false), ...overrides }
  return { router: createRouterController(deps), deps }
}

const views = (router: ReturnType<typeof setup>['router']) => router.state.get().history.map((e) => e.view)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the view stack', () => {
  test('[§2.1] no URL routes: the router never touches the page location or history', () => {
    const tripwire = new Proxy(
      {},
      {
        get(_, key) {
          throw new Error(`page global read: ${String(key)}`)
        },
      },
    )
    for (const name of ['window', 'location', 'history', 'document', 'localStorage']) {
      vi.stubGlobal(name, tripwire)
    }
    const { router, deps } = setup()
    router.push('AllWallets')
    router.push('ConnectingExternal')
    router.replace('ConnectingWalletConnect')
    router.goBack()
    router.goBack()
    router.goBack()
    router.reset('Account')
    router.pushTransaction({})
    router.popTransaction('cancel')
    expect(deps.close).toHaveBeenCalledTimes(2)
    expect(router.state.get().view).toBe('Account')
  })

  test('[§2.2] the stack starts at Connect; push, replace and reset keep per-view params', () => {
    const { router } = setup()
    expect(router.state.get()).toMatchObject({ view: 'Connect', history: [{ view: 'Connect' }] })
    router.push('Swap', { fromToken: 'ETH', toToken: 'USDC', amount: '1' })
    expect(router.state.get()).toMatchObject({ view: 'Swap', params: { fromToken: 'ETH', amount: '1' } })
    router.push('SwitchNetwork', { network: sepolia })
    router.replace('Networks')
    expect(views(router)).toEqual(['Connect', 'Swap', 'Networks'])
    expect(router.state.get().params).toBeUndefined()
    router.goBack()
    expect(router.state.get()).toMatchObject({ view: 'Swap', params: { toToken: 'USDC' } })
    router.push('Swap', { amount: '2' })
    expect(views(router)).toEqual(['Connect', 'Swap'])
    expect(router.state.get().params).toEqual({ amount: '2' })
    router.reset('Account')
    expect(views(router)).toEqual(['Account'])
    router.reset()
    expect(views(router)).toEqual(['Connect'])
  })

  test('[§2.3] going back from the first view closes the modal', () => {
    const { router, deps } = setup()
    router.push('AllWallets')
    router.goBack()
    expect(deps.close).not.toHaveBeenCalled()
    router.goBack()
    expect(deps.close).toHaveBeenCalledTimes(1)
    expect(router.state.get().view).toBe('Connect')
  })

  test('[§2.4] when connected and going back to Connect, the view becomes Account', () => {
    let connected = false
    const { router } = setup({ isConnected: () => connected })
    router.push('ConnectingExternal')
    connected = true
    router.goBack()
    expect(router.state.get().view).toBe('Account')
    expect(views(router)).toEqual(['Account'])
    connected = false
    router.reset('Connect')
    router.push('AllWallets')
    router.goBack()
    expect(router.state.get().view).toBe('Connect')
  })

  test('[§2.5] names every view of the spec, and the views this issue adds', () => {
    expect(VIEWS).toEqual(
      expect.arrayContaining([
        'Connect',
        'Account',
        'ConnectingExternal',
        'ConnectingWalletConnect',
        'ConnectingFarcaster',
        'SIWXSignMessage',
        'ApproveTransaction',
        'SwitchNetwork',
        'SwitchActiveChain',
        'UnsupportedChain',
        'RegisterAccountName',
        'RegisterAccountNameSuccess',
        'Swap',
        'AllWallets',
        'Networks',
        'WalletGuide',
        'Receive',
      ]),
    )
    expect(new Set(VIEWS).size).toBe(VIEWS.length)
    const { router } = setup()
    router.push('SwitchActiveChain', {
      switchToChain: 'solana',
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
    expect(router.state.get().params).toEqual({
      switchToChain: 'solana',
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
  })
})

describe('network switching from the views', () => {
  test('[§2.8] the router opens nothing when the target is already active', () => {
    const { router } = setup()
    const decision = router.showNetworkSwitch({ target: mainnet, active: mainnet, connectedNamespaces: [] })
    expect(decision).toBeUndefined()
    expect(views(router)).toEqual(['Connect'])
    router.showNetworkSwitch({ target: sepolia, active: mainnet, connectedNamespaces: ['eip155'] })
    expect(router.state.get()).toMatchObject({ view: 'SwitchNetwork', params: { network: sepolia } })
  })

  test('[§2.12] [§8.9] a failed network switch goes back one view and rethrows', async () => {
    const { router } = setup({ isConnected: () => true })
    router.reset('Account')
    router.push('Networks')
    router.push('SwitchNetwork', { network: sepolia })
    const failure = new Error('rejected')
    await expect(router.runNetworkSwitch(() => Promise.reject(failure))).rejects.toBe(failure)
    expect(views(router)).toEqual(['Account', 'Networks'])
    await expect(router.runNetworkSwitch(async () => 'ok')).resolves.toBe('ok')
    expect(views(router)).toEqual(['Account', 'Networks'])
  })
})

describe('the transaction stack', () => {
  test('[§4.28] success, error and cancel call their handler; error and cancel also go back', () => {
    const { router } = setup()
    const handlers = () => ({ onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() })
    router.push('Account')
    const first = handlers()
    const second = handlers()
    const third = handlers()
    router.pushTransaction(first)
    router.pushTransaction(second)
    router.pushTransaction(third)
    router.push('ApproveTransaction')

    router.popTransaction('success')
    expect(third.onSuccess).toHaveBeenCalledTimes(1)
    expect(router.state.get().view).toBe('ApproveTransaction')

    const failure = new Error('boom')
    router.popTransaction('error', failure)
    expect(second.onError).toHaveBeenCalledWith(failure)
    expect(second.onSuccess).not.toHaveBeenCalled()
    expect(router.state.get().view).toBe('Account')

    router.push('ApproveTransaction')
    router.popTransaction('cancel')
    expect(first.onCancel).toHaveBeenCalledTimes(1)
    expect(router.state.get().view).toBe('Account')
    expect(router.state.get().transactionStack).toEqual([])

    router.popTransaction('cancel')
    expect(router.state.get().view).toBe('Account')
  })
})
