// The kit's side of the embedded wallet's approvals (SPEC §2, §4), with the real router and modal controllers and a
// frame that answers over two fake windows: the modal opening on ApproveTransaction, the outcomes (the balance read
// again, then the modal closed or the transaction stack popped), the visitor's cancel, and the modal's close.
import { afterEach, describe, expect, test } from 'vitest'
import type { ResolvedOptions } from '../../src/controllers/config/options/options.js'
import { createThemeController } from '../../src/controllers/config/theme/theme-controller.js'
import type { ChainController } from '../../src/controllers/connection/chain-controller.js'
import { createModalController } from '../../src/controllers/navigation/modal-controller.js'
import { createRouterController } from '../../src/controllers/navigation/router-controller.js'
import { createKitEmbedded, type KitEmbedded } from '../../src/embedded/kit-embedded.js'
import type { LateControllers } from '../../src/kit/late-controllers.js'
import { createStore } from '../../src/kit/store.js'
import { approvalFrame, FRAME_ORIGIN, PAGE_ORIGIN } from './approval-frame.js'
import { deliveries } from './windows.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** The kit with a frame whose approvals wait for the test: `decide(true)` approves the one shown, `false` rejects. */
async function setup() {
  const log: string[] = []
  const { page, document, host, decisions } = approvalFrame(log)
  const win = Object.assign(page, { document }) as unknown as Window

  let kit: KitEmbedded | undefined
  const router = createRouterController({ close: () => void modal.close(), isConnected: () => true })
  const modal = createModalController({
    router,
    isConnected: () => true,
    rejectPendingRequests: () => kit?.rejectPendingRequests(),
    cancelTransactions: () => kit?.cancelTransactions(),
  })
  const values = new Map<string, string>()
  kit = createKitEmbedded({
    options: {
      environment: { window: win },
      services: { secureFrameUrl: `${FRAME_ORIGIN}/frame.html` },
      projectId: 'p',
      debug: false,
      metadata: { name: 'App', description: '', url: PAGE_ORIGIN, icons: [] },
    } as unknown as ResolvedOptions,
    storage: {
      getString: async (key: string) => values.get(key),
      setString: async (key: string, value: string) => void values.set(key, value),
      remove: async (key: string) => void values.delete(key),
    } as never,
    theme: createThemeController(),
    chain: {
      state: createStore({ activeCaipNetwork: undefined, namespaces: {} }),
      getNetworks: () => [],
      getAccount: () => undefined,
    } as unknown as ChainController,
    connection: () => ({ connect: async () => undefined }) as never,
    getAdapter: () => undefined,
    alerts: { raise: () => undefined },
    snackbar: { showError: () => undefined },
    events: { track: () => undefined },
    modal,
    router,
    refreshBalances: async (namespace) => {
      log.push(`balance read on ${namespace}`)
    },
    logWarn: () => undefined,
    decided: Promise.resolve({
      features: { state: createStore({ features: { email: true, socials: false } }) },
    } as unknown as LateControllers),
  })
  const embedded = kit
  const controller = await embedded.load()
  stops.push(() => {
    embedded.destroy()
    host.close()
  })
  await controller.frame.ready()
  const sign = () => controller.provider.request({ method: 'personal_sign', params: ['0x6869', '0x0'] })
  /** Waits until the frame shows its approval and the modal is on ApproveTransaction. */
  const asked = async (count: number) => {
    await expect.poll(() => decisions.length).toBe(count)
    await expect.poll(() => router.state.get().view).toBe('ApproveTransaction')
  }
  return { kit: embedded, controller, router, modal, log, decisions, sign, asked }
}

describe('approvals in the modal and their outcomes (SPEC §2, §4)', () => {
  test('[§2.18] [§4.27] approved while the modal was closed: it opens on ApproveTransaction; the balance is read again, then it closes', async () => {
    const { modal, router, log, decisions, sign, asked } = await setup()
    const signing = sign()
    await asked(1)
    expect(modal.state.get().open).toBe(true)
    modal.state.subscribe((state) => {
      if (!state.open) log.push('modal closed')
    })
    decisions[0]?.(true)
    await expect(signing).resolves.toBe('0xsigned')
    await expect.poll(() => modal.state.get().open).toBe(false)
    expect(log).toEqual(['balance read on eip155', 'modal closed'])
    expect(router.state.get().transactionStack).toEqual([])
  })

  test("[§4.27] [§4.28] approved with a transaction on the stack: the balance read, then the stack popped with 'success' (its handler chose Account)", async () => {
    const { modal, router, log, decisions, sign, asked } = await setup()
    await modal.open({ view: 'Account' })
    router.push('WalletSendPreview')
    router.pushTransaction({
      onSuccess: () => {
        log.push('success handler')
        router.reset('Account')
      },
    })
    const signing = sign()
    await asked(1)
    decisions[0]?.(true)
    await signing
    await expect.poll(() => router.state.get().view).toBe('Account')
    expect(log).toEqual(['balance read on eip155', 'success handler'])
    expect(router.state.get().transactionStack).toEqual([])
    expect(modal.state.get().open).toBe(true)
  })

  test("[§4.26] [§4.28] rejected in the frame: the stack popped with 'error' (its handler, then back); without a stack the modal that opened for it closes", async () => {
    const { modal, router, log, decisions, sign, asked } = await setup()
    await modal.open({ view: 'Account' })
    router.push('WalletSendPreview')
    router.pushTransaction({ onError: (error) => log.push(`error handler: ${(error as Error).message}`) })
    const first = sign()
    await asked(1)
    decisions[0]?.(false)
    await expect(first).rejects.toMatchObject({ message: 'User rejected the request.' })
    expect(router.state.get().view).toBe('WalletSendPreview')
    expect(log).toEqual(['error handler: User rejected the request.'])
    await modal.close()
    const second = sign()
    await asked(2)
    decisions[1]?.(false)
    await expect(second).rejects.toMatchObject({ code: 4001 })
    await expect.poll(() => modal.state.get().open).toBe(false)
    expect(log).toEqual(['error handler: User rejected the request.'])
  })

  test("[§4.25] [§4.28] the visitor goes back from the approval: the request aborted, the frame drops it, the stack popped with 'cancel' (its handler, then back)", async () => {
    const { kit, modal, router, log, sign, asked } = await setup()
    await modal.open({ view: 'Account' })
    router.push('WalletSendPreview')
    router.pushTransaction({ onCancel: () => log.push('cancel handler') })
    const signing = sign()
    await asked(1)
    kit.cancelApproval()
    await expect(signing).rejects.toMatchObject({ message: 'Request was aborted' })
    await deliveries()
    expect(log).toEqual(['cancel handler', 'frame dropped personal_sign'])
    expect(router.state.get().view).toBe('WalletSendPreview')
    expect(modal.state.get().open).toBe(true)
  })

  test('[§2.23] closing the modal with an empty transaction stack rejects the pending requests (reads go on); with one waiting, it is cancelled', async () => {
    const { controller, modal, router, log, sign, asked } = await setup()
    const signing = sign()
    const reading = controller.provider.request({ method: 'eth_getBalance', params: ['0x0', 'latest'] })
    await asked(1)
    expect(await modal.close()).toBe(true)
    await expect(signing).rejects.toMatchObject({ message: 'Request was aborted' })
    await expect(reading).resolves.toBe('0x1')
    await deliveries()
    expect(log).toEqual(['frame dropped personal_sign'])
    // A send waiting on the stack when the modal closes: its cancel handler runs and its request is aborted.
    await modal.open({ view: 'Account' })
    router.pushTransaction({ onCancel: () => log.push('cancel handler') })
    const sending = sign()
    await asked(2)
    await modal.close()
    await expect(sending).rejects.toMatchObject({ message: 'Request was aborted' })
    expect(router.state.get().transactionStack).toEqual([])
    expect(log).toContain('cancel handler')
  })
})
