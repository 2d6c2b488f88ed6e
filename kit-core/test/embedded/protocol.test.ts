import { describe, expect, test } from 'vitest'
import {
  errorType,
  FRAME_APPROVAL,
  FRAME_READY,
  MAX_MESSAGE_BYTES,
  messageSize,
  parseFrameEvent,
  parseFrameRequest,
  REQUEST_NAMES,
  requestType,
  successType,
} from '../../src/embedded.js'
import { message, VALID_REQUESTS, VALID_SUCCESSES } from './fixtures.js'

const request = (name: string, payload: unknown, id = 'r1') => parseFrameRequest(message(name, id, payload))
const success = (name: string, payload: unknown, id = 'r1') =>
  parseFrameEvent(message(`${name}_SUCCESS`, id, payload))

describe('the 22 messages, both directions', () => {
  test('names 22 requests with prefixed type strings', () => {
    expect(REQUEST_NAMES).toHaveLength(22)
    expect(requestType('CONNECT_EMAIL')).toBe('@latchkey/embedded/CONNECT_EMAIL')
    expect(successType('CONNECT_EMAIL')).toBe('@latchkey/embedded/CONNECT_EMAIL_SUCCESS')
    expect(errorType('CONNECT_EMAIL')).toBe('@latchkey/embedded/CONNECT_EMAIL_ERROR')
  })

  test.each(REQUEST_NAMES)('[§5.17] %s: the request, its success and its error are accepted', (name) => {
    const sent = message(name, 'req-1', VALID_REQUESTS[name])
    expect(parseFrameRequest(sent)).toEqual({ ok: true, message: sent })
    const answered = message(`${name}_SUCCESS`, 'req-1', VALID_SUCCESSES[name])
    expect(parseFrameEvent(answered)).toEqual({ ok: true, message: answered })
    for (const payload of [{}, { message: 'Nope', code: 4001 }]) {
      const failed = message(`${name}_ERROR`, 'req-1', payload)
      expect(parseFrameEvent(failed)).toEqual({ ok: true, message: failed })
    }
    // A request is not an event, nor an event a request.
    expect(parseFrameEvent(sent).ok).toBe(false)
    expect(parseFrameRequest(answered).ok).toBe(false)
  })

  test('the ready event has neither id nor payload', () => {
    expect(parseFrameEvent({ type: FRAME_READY })).toEqual({ ok: true, message: { type: FRAME_READY } })
    expect(parseFrameEvent({ type: FRAME_READY, id: 'a' })).toEqual({ ok: false, error: 'id: unknown field' })
    const approval = { type: FRAME_APPROVAL, id: 'r1', payload: { state: 'required' } }
    expect(parseFrameEvent(approval)).toEqual({ ok: true, message: approval })
    expect(parseFrameEvent({ ...approval, payload: { state: 'maybe' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^payload\.state: /),
    })
    expect(parseFrameEvent({ type: FRAME_APPROVAL, payload: { state: 'done' } })).toEqual({
      ok: false,
      error: 'id: required',
    })
  })
})

describe('[§5.16] the payload schemas name the field at fault', () => {
  test.each([
    ['CONNECT_EMAIL', { email: 'not-an-email' }, 'payload.email: must be an email address'],
    ['CONNECT_EMAIL', { email: 'a b@example.com' }, 'payload.email: must be an email address'],
    ['UPDATE_EMAIL', { email: 42 }, 'payload.email: must be an email address'],
    ['CONNECT_OTP', { otp: 123456 }, 'payload.otp: must be a string'],
    ['UPDATE_EMAIL_PRIMARY_OTP', { otp: '' }, 'payload.otp: must not be empty'],
    ['UPDATE_EMAIL_SECONDARY_OTP', {}, 'payload.otp: required'],
    [
      'GET_SOCIAL_REDIRECT_URI',
      { provider: 'farcaster' },
      'payload.provider: must be one of google, github, apple, facebook, x, discord',
    ],
    ['SYNC_THEME', { themeMode: 'sepia' }, 'payload.themeMode: must be one of light, dark'],
    [
      'SYNC_THEME',
      { themeVariables: { '--a': true } },
      'payload.themeVariables.--a: must be a string or a number',
    ],
    [
      'SYNC_THEME',
      { themeVariables: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`--v${i}`, i])) },
      'payload.themeVariables: must have at most 64 entries',
    ],
    ['SET_PREFERRED_ACCOUNT', { type: 'payment' }, 'payload.type: must be one of eoa, smartAccount'],
    [
      'GET_USER',
      { preferredAccountType: 'ordinal' },
      'payload.preferredAccountType: must be one of eoa, smartAccount',
    ],
    ['SWITCH_NETWORK', { chainId: true }, 'payload.chainId: must be a chain id (a string or a number)'],
    ['SWITCH_NETWORK', { chainId: 1.5 }, 'payload.chainId: must be a chain id'],
    [
      'CONNECT_SOCIAL',
      { uri: 'https://x.example', chainId: null },
      'payload.chainId: must be a chain id (a string or a number)',
    ],
    ['CONNECT_SOCIAL', { preferredAccountType: 'eoa' }, 'payload.uri: required'],
    ['IS_CONNECTED', { token: 7 }, 'payload.token: must be a string'],
    ['SYNC_DAPP_DATA', { sdkVersion: '1' }, 'payload.projectId: required'],
    ['SYNC_DAPP_DATA', { projectId: '', sdkVersion: '1' }, 'payload.projectId: must not be empty'],
    [
      'SYNC_DAPP_DATA',
      { projectId: 'p', sdkVersion: '1', metadata: { name: 'a', description: 'b', url: 'https://c' } },
      'payload.metadata.icons: required',
    ],
    [
      'SYNC_DAPP_DATA',
      {
        projectId: 'p',
        sdkVersion: '1',
        metadata: { name: 'a', description: 'b', url: 'https://c', icons: [1] },
      },
      'payload.metadata.icons[0]: must be a string',
    ],
    ['RPC_REQUEST', { params: [] }, 'payload.method: required'],
    ['RPC_REQUEST', { method: 'eth call' }, 'payload.method: must be letters, digits and _'],
    ['RPC_REQUEST', { method: 'eth_call', params: 'x' }, 'payload.params: must be an array or an object'],
    [
      'RPC_REQUEST',
      { method: 'eth_call', params: [{ a: Number.NaN }] },
      'payload.params[0].a: must be a finite number',
    ],
    [
      'RPC_REQUEST',
      { method: 'eth_call', params: JSON.parse('{"__proto__":{"x":1}}') },
      'payload.params.__proto__: not an allowed key',
    ],
    ['CONNECT_EMAIL', { email: 'a@b.co', extra: 1 }, 'payload.extra: unknown field'],
    ['CONNECT_DEVICE', {}, 'payload: unknown field'],
  ])('%s %j: %s', (name, payload, error) => {
    expect(request(name, payload)).toEqual({ ok: false, error })
  })

  test.each([
    [
      'CONNECT_EMAIL',
      { action: 'LOGIN' },
      'payload.action: must be one of VERIFY_DEVICE, VERIFY_OTP, CONNECT',
    ],
    ['UPDATE_EMAIL_SECONDARY_OTP', { newEmail: 'nope' }, 'payload.newEmail: must be an email address'],
    ['GET_USER', { address: '0x1' }, 'payload.chainId: required'],
    [
      'GET_USER',
      { address: '0x1', chainId: 1, accounts: [{ address: '0x1', type: 'payment' }] },
      'payload.accounts[0].type: must be one of eoa, smartAccount',
    ],
    ['IS_CONNECTED', { isConnected: 'yes' }, 'payload.isConnected: must be a boolean'],
    ['RPC_REQUEST', {}, 'payload.result: required'],
    [
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
      { smartAccountEnabledNetworks: [{}] },
      'payload.smartAccountEnabledNetworks[0]: must be a chain id (a string or a number)',
    ],
    ['CONNECT_OTP', { ok: true }, 'payload: unknown field'],
  ])('success %s %j: %s', (name, payload, error) => {
    expect(success(name, payload)).toEqual({ ok: false, error })
  })

  test('error events: an optional message and an integer code, nothing else', () => {
    const failed = (payload: unknown) => parseFrameEvent(message('SIGN_OUT_ERROR', 'e1', payload))
    expect(failed({ message: 1 })).toEqual({ ok: false, error: 'payload.message: must be a string' })
    expect(failed({ code: 1.5 })).toEqual({ ok: false, error: 'payload.code: must be an integer' })
    expect(failed({ stack: 'x' })).toEqual({ ok: false, error: 'payload.stack: unknown field' })
    expect(failed(undefined)).toEqual({ ok: false, error: 'payload: required' })
  })
})

describe('[§5.17] the envelope', () => {
  test.each([
    [null, 'message: must be an object'],
    [[], 'message: must be an object'],
    ['{"type":"x"}', 'message: must be an object'],
    [{}, 'type: must be a string'],
    [{ type: 'SIGN_OUT', id: 'a' }, 'type: unknown request "SIGN_OUT"'],
    [
      { type: '@latchkey/embedded/SIGN_OUT_SUCCESS', id: 'a' },
      'type: unknown request "@latchkey/embedded/SIGN_OUT_SUCCESS"',
    ],
    [{ type: '@latchkey/embedded/SIGN_OUT' }, 'id: required'],
    [{ type: '@latchkey/embedded/SIGN_OUT', id: '' }, 'id: must not be empty'],
    [{ type: '@latchkey/embedded/SIGN_OUT', id: 'a/b' }, 'id: must be 1 to 64 letters, digits, _ or -'],
    [{ type: '@latchkey/embedded/SIGN_OUT', id: 'x'.repeat(65) }, 'id: must have at most 64 characters'],
    [{ type: '@latchkey/embedded/SIGN_OUT', id: 7 }, 'id: must be a string'],
    [{ type: '@latchkey/embedded/SIGN_OUT', id: 'a', origin: '*' }, 'origin: unknown field'],
    [
      JSON.parse('{"type":"@latchkey/embedded/SIGN_OUT","id":"a","__proto__":{"polluted":1}}'),
      '__proto__: unknown field',
    ],
    [{ type: '@latchkey/embedded/CONNECT_EMAIL', id: 'a' }, 'payload: required'],
  ])('%j: %s', (input, error) => {
    expect(parseFrameRequest(input)).toEqual({ ok: false, error })
  })

  test('an event of an unknown request, or neither success nor error, is refused', () => {
    expect(parseFrameEvent({ type: '@latchkey/embedded/NOPE_SUCCESS', id: 'a' })).toEqual({
      ok: false,
      error: 'type: unknown event "@latchkey/embedded/NOPE_SUCCESS"',
    })
    expect(parseFrameEvent({ type: '@latchkey/embedded/SIGN_OUT', id: 'a' }).ok).toBe(false)
  })

  test('never throws on a cycle, a BigInt, a class instance or a throwing getter', () => {
    const cyclic: Record<string, unknown> = { type: '@latchkey/embedded/SIGN_OUT', id: 'a' }
    cyclic.self = cyclic
    expect(parseFrameRequest(cyclic)).toEqual({ ok: false, error: 'message: must be JSON data' })
    expect(parseFrameRequest({ type: '@latchkey/embedded/SIGN_OUT', id: 1n })).toEqual({
      ok: false,
      error: 'message: must be JSON data',
    })
    expect(parseFrameRequest(new Date())).toEqual({ ok: false, error: 'message: must be an object' })
    const hostile = {
      get type(): string {
        throw new Error('boom')
      },
    }
    expect(parseFrameRequest(hostile)).toEqual({ ok: false, error: 'message: must be JSON data' })
    const proxy = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('boom')
        },
      },
    )
    expect(parseFrameRequest(proxy)).toEqual({ ok: false, error: 'message: unreadable' })
  })
})

describe('size', () => {
  test('a message over 1 MB of UTF-8 JSON is refused, the byte count in UTF-8 not characters', () => {
    const rpc = (params: unknown) => message('RPC_REQUEST', 'big', { method: 'eth_call', params })
    const overhead = messageSize(rpc(['']))
    expect(overhead).toBeDefined()
    const fits = rpc(['a'.repeat(MAX_MESSAGE_BYTES - (overhead as number))])
    expect(messageSize(fits)).toBe(MAX_MESSAGE_BYTES)
    expect(parseFrameRequest(fits).ok).toBe(true)
    expect(parseFrameRequest(rpc(['a'.repeat(MAX_MESSAGE_BYTES)]))).toEqual({
      ok: false,
      error: 'message: larger than 1000000 bytes',
    })
    // 'é' is 2 bytes, '😀' 4: fewer characters than the cap, more bytes.
    expect(parseFrameRequest(rpc(['é'.repeat(MAX_MESSAGE_BYTES / 2)])).ok).toBe(false)
    expect(messageSize(rpc(['😀']))).toBe((overhead as number) + 4)
  })

  test('solana_signAllTransactions of 100 typical transactions fits', () => {
    // A wire transaction is at most 1,232 bytes; base64 makes 1,644 characters of it.
    const bytes = Uint8Array.from({ length: 1232 }, (_, i) => (i * 31 + 7) & 0xff)
    const transaction = Buffer.from(bytes).toString('base64')
    const sent = message('RPC_REQUEST', 'sol-1', {
      method: 'solana_signAllTransactions',
      params: { transactions: Array.from({ length: 100 }, () => transaction) },
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(messageSize(sent)).toBeLessThan(MAX_MESSAGE_BYTES / 5)
    expect(parseFrameRequest(sent).ok).toBe(true)
    const signed = message('RPC_REQUEST_SUCCESS', 'sol-1', {
      result: Array.from({ length: 100 }, () => transaction),
    })
    expect(parseFrameEvent(signed).ok).toBe(true)
  })

  test('a big EIP-712 typed-data payload fits', () => {
    const fields = Array.from({ length: 40 }, (_, i) => ({
      name: `field${i}`,
      type: i % 2 ? 'uint256' : 'address',
    }))
    const types: Record<string, unknown> = {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
    }
    const items = Array.from({ length: 500 }, (_, i) =>
      Object.fromEntries(
        fields.map((field, j) => [field.name, j % 2 ? String(i * j) : `0x${'ab'.repeat(20)}`]),
      ),
    )
    types.Item = fields
    types.Order = [{ name: 'items', type: 'Item[]' }]
    const typedData = { types, primaryType: 'Order', domain: { name: 'Big', chainId: 1 }, message: { items } }
    const sent = message('RPC_REQUEST', 'typed-1', {
      method: 'eth_signTypedData_v4',
      params: ['0x52908400098527886E0F7030069857D2E4169EE7', typedData],
    })
    const size = messageSize(sent) as number
    expect(size).toBeGreaterThan(500_000)
    expect(size).toBeLessThan(MAX_MESSAGE_BYTES)
    expect(parseFrameRequest(sent).ok).toBe(true)
  })
})
