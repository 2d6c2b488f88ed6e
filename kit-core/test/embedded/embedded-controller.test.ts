import { describe, expect, test } from 'vitest'
import { createThemeController } from '../../src/controllers/config/theme/theme-controller.js'
import type { ChainController } from '../../src/controllers/connection/chain-controller.js'
import { createEmbeddedController, MAX_PENDING_REQUESTS } from '../../src/embedded/embedded-controller.js'
import { createStore } from '../../src/kit/store.js'
import { approvalFrame, FRAME_ORIGIN } from './approval-frame.js'
import { deliveries } from './windows.js'

/** A page whose frame never answers: every request waits for a ready event that does not come. */
function silentPage() {
  const frameWindow = { postMessage: () => undefined }
  const element = {
    style: {},
    setAttribute: () => undefined,
    remove: () => undefined,
    contentWindow: frameWindow,
  }
  const document = {
    body: { append: () => undefined },
    createElement: () => element,
  } as unknown as Document
  const window = {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as Window
  return { document, window }
}

function controllerDeps(refused: string[] = []) {
  const values = new Map<string, string>()
  const { document, window } = silentPage()
  return {
    frameUrl: 'https://wallet.example/frame.html',
    projectId: 'p',
    sdkVersion: '1',
    debug: false,
    window,
    document,
    metadata: { name: 'App', description: '', url: 'https://app.example', icons: [] },
    storage: {
      getString: async (key) => values.get(key),
      setString: async (key, value) => void values.set(key, value),
      remove: async (key) => void values.delete(key),
    },
    theme: createThemeController(),
    chain: {
      state: createStore({ activeCaipNetwork: undefined, namespaces: {} }),
      getNetworks: () => [],
      getAccount: () => undefined,
    } as unknown as ChainController,
    connection: { connect: async () => undefined },
    getAdapter: () => undefined,
    namespaces: () => [],
    track: () => undefined,
    onFailure: () => undefined,
    onRefused: (method: string) => void refused.push(method),
    logWarn: () => undefined,
    timings: { loadMs: 60_000 },
  } satisfies Parameters<typeof createEmbeddedController>[0]
}

function controller() {
  const refused: string[] = []
  const embedded = createEmbeddedController(controllerDeps(refused))
  return { embedded, refused }
}

describe("the embedded wallet's requests on the page (SPEC §6, §9)", () => {
  test("[§6.8] a method outside both lists is refused before it leaves the page: 'Requested RPC call is not allowed', the modal told", async () => {
    const { embedded, refused } = controller()
    try {
      await expect(embedded.provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
        code: 4200,
        message: 'Requested RPC call is not allowed',
      })
      expect(refused).toEqual(['eth_sign'])
      expect(embedded.frame.status()).toBe('not-created')
    } finally {
      embedded.destroy()
    }
  })

  test('[§9.5] at most 99 requests wait for the embedded wallet: the 100th is refused with a clear error, the others wait', async () => {
    const { embedded, refused } = controller()
    try {
      const waiting = Array.from({ length: MAX_PENDING_REQUESTS }, () =>
        embedded.provider.request({ method: 'personal_sign', params: ['0x68690a', '0x0'] }).catch((e) => e),
      )
      await expect(embedded.provider.request({ method: 'eth_getBalance', params: [] })).rejects.toMatchObject(
        {
          code: -32005,
          message: 'Too many pending requests: at most 99 wait for the embedded wallet at once',
        },
      )
      expect(refused).toEqual([])
      // Destroying the frame aborts the waiting ones ('Request was aborted'): the count goes back to zero.
      embedded.destroy()
      const outcomes = await Promise.all(waiting)
      expect(outcomes.every((outcome) => outcome instanceof Error)).toBe(true)
    } finally {
      embedded.destroy()
    }
  })
})

function answered() {
  const outcomes: string[] = []
  const approvals: string[] = []
  const dropped: string[] = []
  const setup = approvalFrame(dropped)
  const embedded = createEmbeddedController({
    ...controllerDeps(),
    window: setup.page as unknown as Window,
    document: setup.document,
    frameUrl: `${FRAME_ORIGIN}/frame.html`,
    timings: { settleMs: 0 },
    onApproval: (state) => approvals.push(state),
    onOutcome: ({ status, method }) => outcomes.push(`${method} ${status}`),
  })
  return { ...setup, embedded, outcomes, approvals, dropped }
}

describe("the embedded wallet's open requests and their outcomes (SPEC §4)", () => {
  test('[§4.25] aborting the open requests spares safe methods: a signature waiting for approval rejects, the frame drops it; a read goes on', async () => {
    const { embedded, host, dropped, outcomes } = answered()
    try {
      await embedded.frame.ready()
      const signing = embedded.provider.request({ method: 'personal_sign', params: ['0x6869', '0x0'] })
      const reading = embedded.provider.request({ method: 'eth_getBalance', params: ['0x0', 'latest'] })
      await deliveries()
      expect(embedded.abortOpenRequests()).toBe(1)
      await expect(signing).rejects.toMatchObject({ message: 'Request was aborted' })
      await expect(reading).resolves.toBe('0x1')
      await deliveries()
      expect(dropped).toEqual(['frame dropped personal_sign'])
      // The kit aborted it: no outcome to act on (the modal already went on).
      expect(outcomes).toEqual([])
    } finally {
      embedded.destroy()
      host.close()
    }
  })

  test("[§4.26] a request of the approval list reports its outcome: 'success' once approved, 'error' once rejected; reads report none", async () => {
    const { embedded, host, decisions, outcomes, approvals } = answered()
    try {
      const first = embedded.provider.request({ method: 'personal_sign', params: ['0x6869', '0x0'] })
      await expect.poll(() => decisions.length).toBe(1)
      decisions[0]?.(true)
      await expect(first).resolves.toBe('0xsigned')
      const second = embedded.provider.request({ method: 'eth_sendTransaction', params: [{}] })
      await expect.poll(() => decisions.length).toBe(2)
      decisions[1]?.(false)
      await expect(second).rejects.toMatchObject({ message: 'User rejected the request.' })
      await embedded.provider.request({ method: 'eth_getBalance', params: ['0x0', 'latest'] })
      expect(outcomes).toEqual(['personal_sign success', 'eth_sendTransaction error'])
      expect(approvals).toEqual(['required', 'done', 'required', 'done'])
    } finally {
      embedded.destroy()
      host.close()
    }
  })
})
