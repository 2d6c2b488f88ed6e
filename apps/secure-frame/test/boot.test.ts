/**
 * The frame's own check of its parent, without the server's `frame-ancestors` (which stops a foreign parent before
 * the script runs, so the browser tests never reach this check): the frame answers nothing unless the project allows
 * the parent's origin, and then answers that window at that exact origin.
 */
import { describe, expect, it } from 'vitest'
import { bootFrame } from '../src/frame/boot.js'

const CONFIG = {
  authUrl: 'http://127.0.0.1:8548',
  networks: [
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeSymbol: 'ETH',
      nativeDecimals: 18,
    },
  ],
}

interface Posted {
  message: unknown
  targetOrigin: string
}

/** A frame's window and document with `ancestor` as the parent page's origin, and a fake auth service's origins. */
function environment(options: { ancestor?: string; referrer?: string; allowed: string[]; framed?: boolean }) {
  const posted: Posted[] = []
  const asked: string[] = []
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  }
  const listeners: unknown[] = []
  const window = {
    location: {
      search: '?projectId=p1&chainId=1',
      ancestorOrigins: options.ancestor ? [options.ancestor] : [],
      reload() {},
    },
    addEventListener: (_type: string, listener: unknown) => listeners.push(listener),
    removeEventListener() {},
  } as unknown as Window & { parent: unknown }
  ;(window as { parent: unknown }).parent = options.framed === false ? window : parent
  const document = {
    referrer: options.referrer ?? '',
    cookie: '',
    body: {},
    getElementById: (id: string) =>
      id === 'lk-frame-config' ? { textContent: JSON.stringify(CONFIG) } : null,
  } as unknown as Document
  const fetch = (async (url: string) => {
    asked.push(String(url))
    return new Response(JSON.stringify({ projectId: 'p1', allowedOrigins: options.allowed }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { env: { window, document, fetch }, posted, asked, listeners }
}

describe("the frame's start", () => {
  it('answers an allowed parent: FRAME_READY to that exact origin, and listens for its requests', async () => {
    const { env, posted, asked, listeners } = environment({
      ancestor: 'http://127.0.0.1:5173',
      allowed: ['https://dapp.example', 'http://127.0.0.1:*'],
    })
    expect(await bootFrame(env)).toBe('answering')
    expect(asked).toEqual(['http://127.0.0.1:8548/v1/projects/p1/origins'])
    expect(posted).toEqual([
      { message: { type: '@latchkey/embedded/FRAME_READY' }, targetOrigin: 'http://127.0.0.1:5173' },
    ])
    expect(listeners).toHaveLength(1)
  })

  it('answers nothing to a parent the project does not allow', async () => {
    const { env, posted, listeners } = environment({
      ancestor: 'https://evil.example',
      allowed: ['https://dapp.example'],
    })
    expect(await bootFrame(env)).toBe('parent-not-allowed')
    expect(posted).toEqual([])
    expect(listeners).toEqual([])
  })

  it('takes the referrer where the browser reports no ancestor, and answers nothing without either', async () => {
    const withReferrer = environment({
      referrer: 'https://dapp.example/page?x=1',
      allowed: ['https://dapp.example'],
    })
    expect(await bootFrame(withReferrer.env)).toBe('answering')
    expect(withReferrer.posted[0]?.targetOrigin).toBe('https://dapp.example')
    const unknown = environment({ allowed: ['https://dapp.example'] })
    expect(await bootFrame(unknown.env)).toBe('parent-unknown')
    expect(unknown.posted).toEqual([])
    expect(unknown.asked).toEqual([])
  })

  it('answers nothing when it is not in a frame, and refuses a query without a project', async () => {
    const alone = environment({
      ancestor: 'https://dapp.example',
      allowed: ['https://dapp.example'],
      framed: false,
    })
    expect(await bootFrame(alone.env)).toBe('not-framed')
    const noProject = environment({ ancestor: 'https://dapp.example', allowed: ['https://dapp.example'] })
    ;(noProject.env.window.location as { search: string }).search = '?chainId=1'
    await expect(bootFrame(noProject.env)).rejects.toThrow('projectId: required')
  })
})
