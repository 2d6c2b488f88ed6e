import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createFrameClient,
  createFrameHost,
  createFrameWalletProvider,
  FRAME_ABORT,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameClient,
  FrameHandlerError,
  type FrameHost,
  type FrameRequest,
  FrameRequestError,
  type FrameRequestHandler,
  MAX_MESSAGE_BYTES,
  REQUEST_NAMES,
  requestType,
  successType,
} from '../../src/embedded.js'
import { message, VALID_REQUESTS, VALID_SUCCESSES } from './fixtures.js'
import { deliveries, type FakeWindow, memoryLogger, windowPair } from './windows.js'

const PAGE = 'http://127.0.0.1:5173'
const FRAME = 'http://localhost:5175'

interface Setup {
  page: FakeWindow
  frame: FakeWindow
  client: FrameClient
  host: FrameHost
  handled: FrameRequest[]
  clientLog: ReturnType<typeof memoryLogger>
  hostLog: ReturnType<typeof memoryLogger>
}

const open: Setup[] = []
afterEach(() => {
  for (const setup of open.splice(0)) {
    setup.client.close()
    setup.host.close()
  }
  vi.useRealTimers()
})

/** The kit's client and the frame's host over two fake windows; the handler answers the fixtures by default. */
function setup(handle?: FrameRequestHandler, ids?: string[]): Setup {
  const { page, frame } = windowPair(PAGE, FRAME)
  const clientLog = memoryLogger()
  const hostLog = memoryLogger()
  const handled: FrameRequest[] = []
  let next = 0
  const client = createFrameClient({
    frame,
    origin: FRAME,
    window: page,
    logger: clientLog,
    ...(ids ? { createId: () => ids[next++] ?? `id-${next}` } : {}),
  })
  const host = createFrameHost({
    parent: page,
    parentOrigin: PAGE,
    window: frame,
    logger: hostLog,
    handle: async (request, context) => {
      handled.push(request)
      if (handle) return handle(request, context)
      return VALID_SUCCESSES[request.type.slice('@latchkey/embedded/'.length) as keyof typeof VALID_SUCCESSES]
    },
  })
  const made = { page, frame, client, host, handled, clientLog, hostLog }
  open.push(made)
  return made
}

/** A promise's state after the pending deliveries: its value, its error, or 'pending'. */
async function stateOf(promise: Promise<unknown>): Promise<unknown> {
  let state: unknown = 'pending'
  promise.then(
    (value) => {
      state = { value }
    },
    (error: unknown) => {
      state = { error }
    },
  )
  await deliveries()
  return state
}

describe('the transport between the kit and the frame', () => {
  test.each(REQUEST_NAMES)('%s: the request reaches the handler and its success comes back', async (name) => {
    const { client, handled } = setup()
    const answer = await client.request(name, VALID_REQUESTS[name] as never)
    expect(answer).toEqual(VALID_SUCCESSES[name])
    expect(handled).toHaveLength(1)
    expect(handled[0]?.type).toBe(requestType(name))
    expect(
      'payload' in (handled[0] as object) ? (handled[0] as { payload: unknown }).payload : undefined,
    ).toEqual(VALID_REQUESTS[name])
  })

  test('posts only to the exact origin of the other side, never to "*"', async () => {
    const { client, host, page, frame } = setup()
    host.ready()
    await client.request('GET_CHAIN_ID', undefined)
    expect(frame.received.map((entry) => entry.targetOrigin)).toEqual([FRAME])
    expect(page.received.map((entry) => entry.targetOrigin)).toEqual([PAGE, PAGE])
  })

  test('refuses a frame or parent origin that is not exact', () => {
    const { page, frame } = windowPair()
    for (const origin of ['*', 'http://localhost:5175/', 'localhost:5175', 'null', 'file:///x', ''])
      expect(() => createFrameClient({ frame, origin, window: page }), origin).toThrow(
        /must be an exact origin/,
      )
    expect(() =>
      createFrameHost({ parent: page, parentOrigin: '*', window: frame, handle: async () => undefined }),
    ).toThrow(/The parent origin must be an exact origin/)
  })

  test('the ready signal: isReady and each listener, again after a reload of the frame', async () => {
    const { client, host } = setup()
    const seen: number[] = []
    client.onReady(() => seen.push(1))
    expect(client.isReady()).toBe(false)
    host.ready()
    await deliveries()
    host.ready()
    await deliveries()
    expect(client.isReady()).toBe(true)
    expect(seen).toEqual([1, 1])
  })

  test('a request waiting for the visitor: the frame signals required, then done, then answers', async () => {
    const { client, page } = setup(
      async (_request, context) => {
        context.approval('required')
        await new Promise((resolve) => setTimeout(resolve, 5))
        context.approval('done')
        return { result: '0x5ig' }
      },
      ['s1'],
    )
    const seen: string[] = []
    client.onApproval((id, state, name) => seen.push(`${name} ${id} ${state}`))
    expect(await client.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00'] })).toEqual({
      result: '0x5ig',
    })
    expect(seen).toEqual(['RPC_REQUEST s1 required', 'RPC_REQUEST s1 done'])
    // A signal for an id that is not pending is ignored.
    page.deliver({ type: FRAME_APPROVAL, id: 's1', payload: { state: 'required' } }, page.sender, FRAME)
    await deliveries()
    expect(seen).toHaveLength(2)
  })

  test("[§8.3] an error event rejects with the frame's message and code, or 'An error occurred' without one", async () => {
    const { client } = setup(async (request) => {
      if (request.type === requestType('CONNECT_OTP')) throw new FrameHandlerError('Invalid code', 4001)
      throw new FrameHandlerError('')
    })
    const failure = await client.request('CONNECT_OTP', { otp: '000000' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FrameRequestError)
    expect(failure).toMatchObject({ message: 'Invalid code', code: 4001, reason: 'error' })
    await expect(client.request('SIGN_OUT', undefined)).rejects.toMatchObject({
      message: 'An error occurred',
      reason: 'error',
    })
  })

  test("[§8.3] a handler's unexpected throw answers 'Something went wrong', never its internals", async () => {
    const { client, page } = setup(async () => {
      throw new Error('database password is hunter2')
    })
    await expect(client.request('GET_USER', {})).rejects.toMatchObject({ message: 'Something went wrong' })
    expect(JSON.stringify(page.received)).not.toContain('hunter2')
  })

  test('a handler answering a shape the protocol refuses sends an error instead of it', async () => {
    const { client, hostLog } = setup(async () => ({ chainId: { nested: true } }))
    await expect(client.request('GET_CHAIN_ID', undefined)).rejects.toMatchObject({
      message: 'Something went wrong',
    })
    expect(hostLog.lines.join('\n')).toMatch(/answer was refused \(payload\.chainId/)
  })

  test('a request the protocol refuses is rejected with the field at fault, and nothing is posted', async () => {
    const { client, frame } = setup()
    await expect(client.request('CONNECT_EMAIL', { email: 'not an email' })).rejects.toMatchObject({
      message: expect.stringMatching(/^payload\.email: /),
      reason: 'refused',
    })
    await expect(
      client.request('RPC_REQUEST', { method: 'x', params: ['a'.repeat(MAX_MESSAGE_BYTES)] }),
    ).rejects.toMatchObject({ message: `message: larger than ${MAX_MESSAGE_BYTES} bytes` })
    expect(frame.received).toEqual([])
  })

  test("[§8.3] [§4.25] abort: a signal aborted before or during the request rejects it ('Request was aborted'), the frame's handler is told, its late answer passes quietly", async () => {
    let release: (() => void) | undefined
    const signals: AbortSignal[] = []
    const { client, clientLog, hostLog } = setup(
      (_request, context) =>
        new Promise((resolve) => {
          signals.push(context.signal)
          release = () => resolve({ chainId: 1 })
        }),
    )
    const early = new AbortController()
    early.abort()
    await expect(client.request('GET_CHAIN_ID', undefined, { signal: early.signal })).rejects.toMatchObject({
      message: 'Request was aborted',
      reason: 'aborted',
    })
    const during = new AbortController()
    const pending = client.request('GET_CHAIN_ID', undefined, { signal: during.signal })
    await deliveries()
    expect(client.pendingCount()).toBe(1)
    expect(signals.map((signal) => signal.aborted)).toEqual([false])
    during.abort()
    await expect(pending).rejects.toMatchObject({ message: 'Request was aborted' })
    expect(client.pendingCount()).toBe(0)
    // FRAME_ABORT reached the frame: the handler's own signal aborted (an approval it shows is dropped).
    await deliveries()
    expect(signals.map((signal) => signal.aborted)).toEqual([true])
    release?.()
    await deliveries()
    expect(clientLog.lines).toEqual([])
    expect(hostLog.lines).toEqual([])
  })

  test('[§4.25] an abort of a request the frame is not running is ignored there and logged; a malformed abort too', async () => {
    const { page, frame, hostLog, handled } = setup()
    frame.deliver({ type: FRAME_ABORT, id: 'never-sent' }, page, PAGE)
    frame.deliver({ type: FRAME_ABORT, id: 'bad id!' }, page, PAGE)
    frame.deliver({ type: FRAME_ABORT, id: 'x', payload: { a: 1 } }, page, PAGE)
    await deliveries()
    expect(handled).toEqual([])
    expect(hostLog.lines).toHaveLength(3)
    expect(hostLog.lines[0]).toMatch(/abort of a request not running/)
  })

  test("a deadline rejects with 'iframe_request_timeout'; the client's default applies when the call sets none", async () => {
    vi.useFakeTimers()
    const { page, frame } = windowPair(PAGE, FRAME)
    const client = createFrameClient({ frame, origin: FRAME, window: page, deadlineMs: 30_000 })
    const byDefault = client.request('GET_CHAIN_ID', undefined)
    const own = client.request('GET_CHAIN_ID', undefined, { deadlineMs: 5_000 })
    const ownState = own.catch((error: unknown) => error)
    const defaultState = byDefault.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await ownState).toMatchObject({ message: 'iframe_request_timeout', reason: 'timeout' })
    expect(client.pendingCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(25_000)
    expect(await defaultState).toMatchObject({ message: 'iframe_request_timeout' })
    client.close()
  })

  test('the deadline waits while the visitor decides in the frame, and starts afresh once decided', async () => {
    vi.useFakeTimers()
    let decided: (() => void) | undefined
    const { page, frame } = windowPair(PAGE, FRAME)
    const client = createFrameClient({ frame, origin: FRAME, window: page, deadlineMs: 1_000 })
    const host = createFrameHost({
      parent: page,
      parentOrigin: PAGE,
      window: frame,
      handle: async (_request, context) => {
        context.approval('required')
        await new Promise<void>((resolve) => {
          decided = resolve
        })
        context.approval('done')
        return new Promise(() => undefined) // signing never finishes: the deadline must end it
      },
    })
    const outcome = client
      .request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00'] })
      .catch((error) => error)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.pendingCount()).toBe(1)
    decided?.()
    await vi.advanceTimersByTimeAsync(900)
    expect(client.pendingCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(await outcome).toMatchObject({ message: 'iframe_request_timeout' })
    client.close()
    host.close()
  })

  test('abortAll and close reject what is pending; a closed client refuses new requests', async () => {
    const { client } = setup(() => new Promise(() => undefined))
    const first = client.request('GET_USER', {})
    const reason = new Error('iframe_load_failed')
    client.abortAll(reason)
    await expect(first).rejects.toBe(reason)
    const second = client.request('GET_USER', {})
    client.close()
    await expect(second).rejects.toMatchObject({ message: 'Request was aborted' })
    await expect(client.request('GET_USER', {})).rejects.toMatchObject({ message: 'Request was aborted' })
  })
})

describe("what the kit's side ignores (and logs, without the content)", () => {
  test('a success from the right origin but another window', async () => {
    const { client, page, clientLog } = setup(() => new Promise(() => undefined), ['r1'])
    const pending = client.request('CONNECT_OTP', { otp: '424242' })
    await deliveries()
    const impostor = {}
    page.deliver(message('CONNECT_OTP_SUCCESS', 'r1', undefined), impostor, FRAME)
    expect(await stateOf(pending)).toBe('pending')
    expect(clientLog.lines).toEqual([expect.stringMatching(/not from the frame's window/)])
  })

  test("a success from the frame's window but another origin", async () => {
    const { client, page, frame, clientLog } = setup(() => new Promise(() => undefined), ['r1'])
    const pending = client.request('GET_CHAIN_ID', undefined)
    await deliveries()
    page.deliver(message('GET_CHAIN_ID_SUCCESS', 'r1', { chainId: 666 }), frame, 'http://localhost:6666')
    expect(await stateOf(pending)).toBe('pending')
    expect(clientLog.lines).toEqual([expect.stringMatching(/origin http:\/\/localhost:6666/)])
  })

  test('messages of unrelated windows and origins pass quietly', async () => {
    const { page, clientLog } = setup()
    page.deliver({ type: 'some-extension', secret: 'x' }, {}, 'chrome-extension://abc')
    await deliveries()
    expect(clientLog.lines).toEqual([])
  })

  test('an unknown id, a replayed success, an answer of another request, an oversized or malformed message', async () => {
    const { client, page, frame, clientLog } = setup(undefined, ['r1', 'r2'])
    expect(await client.request('GET_CHAIN_ID', undefined)).toEqual({ chainId: 1 })
    page.deliver(message('GET_CHAIN_ID_SUCCESS', 'r1', { chainId: 666 }), frame, FRAME)
    page.deliver(message('GET_CHAIN_ID_SUCCESS', 'nobody', { chainId: 666 }), frame, FRAME)
    await deliveries()
    const held = setup(() => new Promise(() => undefined), ['h1'])
    const pending = held.client.request('GET_USER', {})
    await deliveries()
    held.page.deliver(message('GET_CHAIN_ID_SUCCESS', 'h1', { chainId: 666 }), held.frame, FRAME)
    const big = { ...VALID_SUCCESSES.GET_USER, userName: 'a'.repeat(MAX_MESSAGE_BYTES) }
    held.page.deliver(message('GET_USER_SUCCESS', 'h1', big), held.frame, FRAME)
    held.page.deliver(
      message('GET_USER_SUCCESS', 'h1', { ...VALID_SUCCESSES.GET_USER, otp: '1' }),
      held.frame,
      FRAME,
    )
    held.page.deliver(message('GET_USER_WHATEVER', 'h1', undefined), held.frame, FRAME)
    expect(await stateOf(pending)).toBe('pending')
    expect(clientLog.lines).toEqual([
      expect.stringMatching(
        /\(already answered\): type "@latchkey\/embedded\/GET_CHAIN_ID_SUCCESS", id "r1"/,
      ),
      expect.stringMatching(/\(unknown id\): .*id "nobody"/),
    ])
    expect(held.clientLog.lines).toEqual([
      expect.stringMatching(/\(answers another request than GET_USER\)/),
      expect.stringMatching(/\(message: larger than 1000000 bytes\)/),
      expect.stringMatching(/\(payload\.otp: unknown field\)/),
      expect.stringMatching(/\(type: unknown event/),
    ])
    expect(held.clientLog.lines.join('\n')).not.toContain('aaaa')
  })
})

describe("what the frame's side ignores or refuses", () => {
  test('a request from another window or another origin is never handled', async () => {
    const { frame, page, handled, hostLog } = setup()
    frame.deliver(message('GET_CHAIN_ID', 'x1', undefined), {}, PAGE)
    frame.deliver(message('GET_CHAIN_ID', 'x2', undefined), page, 'http://127.0.0.1:6666')
    await deliveries()
    expect(handled).toEqual([])
    expect(hostLog.lines).toEqual([
      expect.stringMatching(/not from the parent window/),
      expect.stringMatching(/origin http:\/\/127\.0\.0\.1:6666/),
    ])
    expect(page.received).toEqual([])
  })

  test('a duplicate or replayed request id is handled once', async () => {
    let release: (() => void) | undefined
    const { frame, page, handled, hostLog } = setup(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ result: '0x01' })
        }),
    )
    const sign = message('RPC_REQUEST', 'once', { method: 'personal_sign', params: ['0x00'] })
    frame.deliver(sign, page, PAGE)
    frame.deliver(sign, page, PAGE)
    await deliveries()
    release?.()
    await deliveries()
    frame.deliver(sign, page, PAGE)
    await deliveries()
    expect(handled).toHaveLength(1)
    expect(page.received.filter((entry) => (entry.message as { id?: string }).id === 'once')).toHaveLength(1)
    expect(hostLog.lines).toEqual([
      expect.stringMatching(/\(duplicate id\)/),
      expect.stringMatching(/\(replayed id\)/),
    ])
  })

  test('a known request with a wrong payload is answered with the field at fault; other garbage is ignored', async () => {
    const { frame, page, handled, hostLog } = setup()
    frame.deliver(message('CONNECT_EMAIL', 'bad1', { email: 'nope' }), page, PAGE)
    frame.deliver(message('CONNECT_EMAIL', 'bad id!', { email: 'nope' }), page, PAGE)
    frame.deliver(message('NOT_A_REQUEST', 'bad2', undefined), page, PAGE)
    frame.deliver({ type: requestType('RELOAD'), id: 'bad3', extra: 1 }, page, PAGE)
    await deliveries()
    expect(handled).toEqual([])
    expect(page.received.map((entry) => entry.message)).toEqual([
      {
        type: '@latchkey/embedded/CONNECT_EMAIL_ERROR',
        id: 'bad1',
        payload: { message: expect.stringMatching(/^payload\.email: /) },
      },
    ])
    expect(hostLog.lines).toHaveLength(3)
  })

  test('ready posts FRAME_READY to the parent origin; close aborts the handlers and stops reading', async () => {
    let signal: AbortSignal | undefined
    const { host, frame, page, handled } = setup(async (_request, context) => {
      signal = context.signal
      return new Promise(() => undefined)
    })
    host.ready()
    frame.deliver(message('GET_USER', 'u1', {}), page, PAGE)
    await deliveries()
    expect(page.received[0]).toEqual({ message: { type: FRAME_READY }, targetOrigin: PAGE })
    expect(host.inFlight()).toBe(1)
    host.close()
    expect(signal?.aborted).toBe(true)
    frame.deliver(message('GET_USER', 'u2', {}), page, PAGE)
    await deliveries()
    expect(handled).toHaveLength(1)
  })
})

describe('the EmbeddedWalletProvider over the transport', () => {
  test('every method is its request, and answers its success payload', async () => {
    const { client, handled } = setup()
    const provider = createFrameWalletProvider(client)
    const account = VALID_SUCCESSES.GET_USER
    expect(await provider.connectEmail({ email: 'ada@example.com' })).toEqual({ action: 'VERIFY_OTP' })
    expect(await provider.connectDevice()).toBeUndefined()
    expect(await provider.connectOtp({ otp: '123456' })).toBeUndefined()
    expect(await provider.getSocialRedirectUri({ provider: 'github' })).toEqual(
      VALID_SUCCESSES.GET_SOCIAL_REDIRECT_URI,
    )
    expect(await provider.connectSocial({ uri: 'https://example.com/cb', chainId: 1 })).toEqual(account)
    expect(await provider.getFarcasterUri()).toEqual(VALID_SUCCESSES.GET_FARCASTER_URI)
    expect(await provider.connectFarcaster()).toEqual(VALID_SUCCESSES.CONNECT_FARCASTER)
    expect(await provider.getUser({ chainId: 1, preferredAccountType: 'eoa' })).toEqual(account)
    expect(await provider.switchNetwork({ chainId: 11155111 })).toEqual({ chainId: 11155111 })
    expect(await provider.setPreferredAccount({ type: 'smartAccount' })).toBeUndefined()
    expect(await provider.request({ method: 'eth_chainId', params: [], chainId: 'eip155:1' })).toBe('0xabc')
    expect(await provider.signOut()).toBeUndefined()
    expect(await provider.isConnected({ token: 'abc.def' })).toEqual({ isConnected: true })
    expect(await provider.isConnected()).toEqual({ isConnected: true })
    expect(await provider.getChainId()).toEqual({ chainId: 1 })
    expect(await provider.getSmartAccountEnabledNetworks()).toEqual(
      VALID_SUCCESSES.GET_SMART_ACCOUNT_ENABLED_NETWORKS,
    )
    expect(await provider.initSmartAccount()).toEqual(VALID_SUCCESSES.INIT_SMART_ACCOUNT)
    expect(await provider.updateEmail({ email: 'new@example.org' })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await provider.updateEmailPrimaryOtp({ otp: '111111' })).toBeUndefined()
    expect(await provider.updateEmailSecondaryOtp({ otp: '222222' })).toEqual({ newEmail: 'new@example.org' })
    expect(await provider.syncTheme({ themeMode: 'dark' })).toBeUndefined()
    expect(await provider.syncDappData({ projectId: 'p1', sdkVersion: '0.1.0' })).toBeUndefined()
    expect(await provider.reload()).toBeUndefined()
    expect(new Set(handled.map((request) => request.type))).toEqual(new Set(REQUEST_NAMES.map(requestType)))
    expect(handled.find((request) => request.type === requestType('RPC_REQUEST'))).toMatchObject({
      payload: { method: 'eth_chainId', params: [], chainId: 'eip155:1' },
    })
    expect(handled.find((request) => request.type === requestType('IS_CONNECTED'))).toMatchObject({
      payload: { token: 'abc.def' },
    })
  })

  test('refuses what the protocol cannot carry before posting', async () => {
    const { client, frame } = setup()
    const provider = createFrameWalletProvider(client)
    await expect(provider.getSocialRedirectUri({ provider: 'farcaster' })).rejects.toThrow(
      /Farcaster requests/,
    )
    await expect(provider.request({ method: 'eth_call', params: 'nope' })).rejects.toThrow(
      'payload.params: must be an array or an object',
    )
    await expect(provider.connectEmail({ email: '' })).rejects.toThrow(/^payload\.email/)
    expect(frame.received).toEqual([])
    expect(successType('RELOAD')).toBe('@latchkey/embedded/RELOAD_SUCCESS')
  })
})
