/**
 * Fuzzing the frame protocol's parsers: per direction 100,000 messages from a seeded PRNG, most of them mutations of
 * the valid shapes whose effect is known for sure (a required field removed, a field retyped to nested junk, a string
 * over every cap, an unknown or prototype-polluting key, a wrong id, an unknown type, a payload that is not an object,
 * a message over 1 MB), some unmodified valid ones (random ids, optional fields dropped) and some random junk whose
 * validity is not judged. Asserted: the parser never throws, no invalid message is accepted, every valid one is.
 * Seed and case index are in every assertion message: `FUZZ_SEED=n` replays a run.
 * Counts (seed 25), requests: 11,911 valid, 78,195 known invalid, 9,894 junk; events: 12,046 valid, 77,972 known
 * invalid, 9,982 junk. About 3 s per direction on 2 busy cores.
 */
import { expect, test } from 'vitest'
import {
  type FrameRequestName,
  parseFrameEvent,
  parseFrameRequest,
  REQUEST_NAMES,
} from '../../src/embedded.js'
import { VALID_REQUESTS, VALID_SUCCESSES } from './fixtures.js'

const SEED = Number(process.env.FUZZ_SEED ?? 25)
const CASES = 100_000
const PREFIX = '@latchkey/embedded/'

/** mulberry32: a small seeded PRNG. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rng = () => number
const int = (rng: Rng, n: number) => Math.floor(rng() * n)
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)] as T

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'
const validId = (rng: Rng) =>
  Array.from({ length: 1 + int(rng, 64) }, () => pick(rng, [...ID_CHARS])).join('')
const BAD_IDS = [
  '',
  'x'.repeat(65),
  'a b',
  'a/b',
  'é',
  'a.b',
  '<script>',
  7,
  null,
  true,
  {},
  ['a', 'a'],
  ['a', 'b'],
]

/** Payload fields that must be present, per message. */
const REQUIRED_REQUEST: Partial<Record<FrameRequestName, string[]>> = {
  SWITCH_NETWORK: ['chainId'],
  CONNECT_EMAIL: ['email'],
  CONNECT_OTP: ['otp'],
  CONNECT_SOCIAL: ['uri'],
  GET_SOCIAL_REDIRECT_URI: ['provider'],
  SET_PREFERRED_ACCOUNT: ['type'],
  RPC_REQUEST: ['method'],
  UPDATE_EMAIL: ['email'],
  UPDATE_EMAIL_PRIMARY_OTP: ['otp'],
  UPDATE_EMAIL_SECONDARY_OTP: ['otp'],
  SYNC_DAPP_DATA: ['projectId', 'sdkVersion'],
}
const ACCOUNT = ['address', 'chainId']
const REQUIRED_SUCCESS: Partial<Record<FrameRequestName, string[]>> = {
  SWITCH_NETWORK: ['chainId'],
  CONNECT_EMAIL: ['action'],
  CONNECT_SOCIAL: ACCOUNT,
  GET_FARCASTER_URI: ['url'],
  CONNECT_FARCASTER: ACCOUNT,
  GET_USER: ACCOUNT,
  GET_SOCIAL_REDIRECT_URI: ['uri'],
  IS_CONNECTED: ['isConnected'],
  GET_CHAIN_ID: ['chainId'],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: ['smartAccountEnabledNetworks'],
  INIT_SMART_ACCOUNT: ['address', 'isDeployed'],
  SET_PREFERRED_ACCOUNT: ['type', 'address'],
  RPC_REQUEST: ['result'],
  UPDATE_EMAIL: ['action'],
  UPDATE_EMAIL_SECONDARY_OTP: ['newEmail'],
}
/** Free-form fields (any JSON): retyping them to junk may stay valid. */
const FREE = new Set(['params', 'result'])
const JUNK: unknown[] = [{ junk: [1, { deeper: [null] }] }, [[{ a: {} }]], { '': { '': [] } }]
const NOT_OBJECTS: unknown[] = ['x', 0, null, true, [], [{}]]
const UNKNOWN_KEYS = [
  'extra',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'Type',
  'ID',
  '',
]

/** Sets an own, enumerable key, even `__proto__` (as JSON.parse and structured clone do). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

interface Case {
  input: unknown
  /** true: must be accepted; false: must be refused; undefined: only must not throw. */
  valid: boolean | undefined
  kind: string
}

interface Base {
  type: string
  id?: string
  payload?: Record<string, unknown>
  required: string[]
}

function build(base: Base): Record<string, unknown> {
  const out: Record<string, unknown> = { type: base.type }
  if (base.id !== undefined) out.id = base.id
  if (base.payload !== undefined) out.payload = structuredClone(base.payload)
  return out
}

function mutate(rng: Rng, base: Base, otherTypes: () => string): Case {
  const message = build(base)
  const payload = message.payload as Record<string, unknown> | undefined
  const fields = payload ? Object.keys(payload) : []
  const roll = int(rng, 100)
  if (roll < 12) {
    // Valid: drop some optional fields.
    if (payload)
      for (const key of fields) if (!base.required.includes(key) && rng() < 0.3) delete payload[key]
    return { input: message, valid: true, kind: 'valid' }
  }
  if (roll < 20) {
    const key = pick(rng, ['type', ...(base.id === undefined ? [] : ['id']), ...(payload ? ['payload'] : [])])
    delete message[key]
    return { input: message, valid: false, kind: `remove ${key}` }
  }
  if (roll < 30 && payload && base.required.length > 0) {
    const key = pick(rng, base.required)
    delete payload[key]
    return { input: message, valid: false, kind: `remove payload.${key}` }
  }
  if (roll < 42 && payload && fields.some((key) => !FREE.has(key))) {
    const key = pick(
      rng,
      fields.filter((each) => !FREE.has(each)),
    )
    payload[key] = structuredClone(pick(rng, JUNK))
    return { input: message, valid: false, kind: `retype payload.${key}` }
  }
  if (roll < 50 && payload) {
    const strings = fields.filter((key) => typeof payload[key] === 'string' && !FREE.has(key))
    if (strings.length > 0) {
      const key = pick(rng, strings)
      payload[key] = 'x'.repeat(8193 + int(rng, 100))
      return { input: message, valid: false, kind: `oversize payload.${key}` }
    }
  }
  if (roll < 62) {
    const target = payload && rng() < 0.5 ? payload : message
    const key = pick(rng, UNKNOWN_KEYS)
    setOwn(target, key, structuredClone(pick(rng, [1, 'x', null, ...JUNK])))
    return { input: message, valid: false, kind: `extra key ${key}` }
  }
  if (roll < 72 && base.id !== undefined) {
    message.id = structuredClone(pick(rng, BAD_IDS))
    return { input: message, valid: false, kind: 'bad id' }
  }
  if (roll < 82) {
    message.type = otherTypes()
    return { input: message, valid: false, kind: 'wrong type' }
  }
  if (roll < 90) {
    if (payload) message.payload = structuredClone(pick(rng, NOT_OBJECTS))
    else message.payload = {}
    return { input: message, valid: false, kind: 'payload not allowed' }
  }
  if (roll < 91 && int(rng, 40) === 0) {
    // Over 1 MB: the one mutation that costs a megabyte, so a rare one.
    // In a free-form field when the message has one, so only the size is wrong.
    const free = fields.find((key) => FREE.has(key))
    if (payload && free) payload[free] = ['é'.repeat(500_001)]
    else setOwn(message, 'padding', 'é'.repeat(500_001))
    return { input: message, valid: false, kind: 'over 1 MB' }
  }
  return { input: junk(rng, 0), valid: undefined, kind: 'junk' }
}

function junk(rng: Rng, depth: number): unknown {
  const roll = int(rng, depth > 3 ? 5 : 8)
  if (roll === 0) return null
  if (roll === 1) return rng() * 1e6 - 5e5
  if (roll === 2) return pick(rng, ['', 'x', `${PREFIX}SIGN_OUT`, `${PREFIX}SIGN_OUT_SUCCESS`, validId(rng)])
  if (roll === 3) return rng() < 0.5
  if (roll === 4) return pick(rng, [Number.NaN, Number.POSITIVE_INFINITY, -0])
  if (roll === 5) return Array.from({ length: int(rng, 4) }, () => junk(rng, depth + 1))
  const out: Record<string, unknown> = {}
  for (let i = int(rng, 4); i > 0; i--)
    setOwn(out, pick(rng, ['type', 'id', 'payload', ...UNKNOWN_KEYS]), junk(rng, depth + 1))
  return out
}

function run(
  direction: 'requests' | 'events',
  parse: (input: unknown) => { ok: boolean },
  next: (rng: Rng) => Case,
) {
  const rng = mulberry32(SEED)
  const counts = { valid: 0, invalid: 0, junk: 0 }
  for (let i = 0; i < CASES; i++) {
    const { input, valid, kind } = next(rng)
    let ok: boolean
    try {
      ok = parse(input).ok
    } catch (error) {
      throw new Error(`${direction}: seed ${SEED} case ${i} (${kind}) threw: ${String(error)}`)
    }
    // A plain comparison (expect per case would cost more than the parse); the failure names seed and case.
    if (valid !== undefined && ok !== valid) {
      expect(
        ok,
        `${direction}: seed ${SEED} case ${i} (${kind}): ${JSON.stringify(input)?.slice(0, 300)}`,
      ).toBe(valid)
    }
    counts[valid === undefined ? 'junk' : valid ? 'valid' : 'invalid']++
  }
  console.info(`${direction}, seed ${SEED}: ${JSON.stringify(counts)}`)
  return counts
}

const BAD_SUFFIXES = ['', '_DONE', '_success', '_SUCCESS_SUCCESS', '_ERROR_']

test('fuzzes 100,000 requests: never throws, refuses every broken one, accepts every valid one', () => {
  const counts = run('requests', parseFrameRequest, (rng) => {
    const name = pick(rng, REQUEST_NAMES)
    const payload = VALID_REQUESTS[name] as Record<string, unknown> | undefined
    const base = {
      type: `${PREFIX}${name}`,
      id: validId(rng),
      payload,
      required: REQUIRED_REQUEST[name] ?? [],
    }
    return mutate(rng, base, () =>
      pick(rng, [
        `${PREFIX}${name}_SUCCESS`,
        `${PREFIX}${name}_ERROR`,
        name,
        `${PREFIX}${name.toLowerCase()}`,
        `${PREFIX}NOPE`,
        `${PREFIX}${name} `,
      ]),
    )
  })
  expect(counts.valid).toBeGreaterThan(10_000)
  expect(counts.invalid).toBeGreaterThan(70_000)
})

test('fuzzes 100,000 events: never throws, refuses every broken one, accepts every valid one', () => {
  const counts = run('events', parseFrameEvent, (rng) => {
    const name = pick(rng, REQUEST_NAMES)
    const roll = int(rng, 10)
    const base: Base =
      roll === 0
        ? rng() < 0.5
          ? { type: `${PREFIX}FRAME_READY`, required: [] }
          : {
              type: `${PREFIX}FRAME_APPROVAL`,
              id: validId(rng),
              payload: { state: pick(rng, ['required', 'done'] as const) },
              required: ['state'],
            }
        : roll < 4
          ? {
              type: `${PREFIX}${name}_ERROR`,
              id: validId(rng),
              payload: { message: 'Nope', code: 4001 },
              required: [],
            }
          : {
              type: `${PREFIX}${name}_SUCCESS`,
              id: validId(rng),
              payload: VALID_SUCCESSES[name] as Record<string, unknown> | undefined,
              required: REQUIRED_SUCCESS[name] ?? [],
            }
    return mutate(rng, base, () =>
      `${PREFIX}${name}${pick(rng, BAD_SUFFIXES)}`.replace(/^(.*)$/, (type) => (rng() < 0.1 ? name : type)),
    )
  })
  expect(counts.valid).toBeGreaterThan(10_000)
  expect(counts.invalid).toBeGreaterThan(70_000)
})
