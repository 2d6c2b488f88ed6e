import { describe, expect, test } from 'vitest'
import { createThemeController } from '../../src/controllers/config/theme/theme-controller.js'
import type { ChainController } from '../../src/controllers/connection/chain-controller.js'
import { createEmbeddedController, MAX_PENDING_REQUESTS } from '../../src/embedded/embedded-controller.js'
import { createStore } from '../../src/kit/store.js'

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

function controller() {
  const refused: string[] = []
  const values = new Map<string, string>()
  const { document, window } = silentPage()
  const embedded = createEmbeddedController({
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
    onRefused: (method) => refused.push(method),
    logWarn: () => undefined,
    timings: { loadMs: 60_000 },
  })
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
