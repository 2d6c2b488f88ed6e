import { describe, expect, test } from 'vitest'
import { createSecureFrame, SECURE_FRAME_MESSAGES } from '../../src/embedded.js'

/** A window the frame client can listen on (no message ever arrives). */
const fakeWindow = () =>
  ({ addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as Window

function frameWith(document: Partial<Document>) {
  const failures: string[] = []
  const frame = createSecureFrame({
    url: 'https://wallet.example/frame.html',
    projectId: 'p',
    sdkVersion: '1',
    document: document as Document,
    window: fakeWindow(),
    onFailure: (error) => failures.push(error.message),
  })
  return { frame, failures }
}

describe('the secure frame without a place on the page (SPEC §8)', () => {
  test("[§8.3] a page without a body: 'W3mFrame: parent is not set', and the provider's calls reject with it", async () => {
    const { frame } = frameWith({ body: null as unknown as HTMLElement })
    await expect(frame.ready()).rejects.toThrow(SECURE_FRAME_MESSAGES.noParent)
    await expect(frame.provider.getChainId()).rejects.toThrow('W3mFrame: parent is not set')
    expect(frame.element()).toBeUndefined()
  })

  test("[§8.3] an iframe that gets no window: 'W3mFrame: iframe is not set', and the element is taken away", async () => {
    const removed: string[] = []
    const element = {
      style: {},
      setAttribute: () => undefined,
      remove: () => removed.push('iframe'),
      contentWindow: null,
    }
    const body = { append: () => undefined }
    const { frame } = frameWith({
      body: body as unknown as HTMLElement,
      createElement: (() => element) as unknown as Document['createElement'],
    })
    await expect(frame.provider.getUser({})).rejects.toThrow(SECURE_FRAME_MESSAGES.noIframe)
    expect(removed).toEqual(['iframe'])
    expect(frame.element()).toBeUndefined()
  })
})
