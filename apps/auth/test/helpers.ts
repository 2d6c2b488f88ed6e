// What the auth tests share: an auth service of their own (in process, with a clock they move) that sends through
// the stack's mail sink and reads origins from the stack's services stand-in, and a client of its HTTP API.
import { randomBytes } from 'node:crypto'
import { messagesTo, type SinkMessage, waitForMail } from '@latchkey/mail-sink/client'
import { afterAll, expect, inject } from 'vitest'
import { type AuthServer, type StartAuthOptions, startAuthServer } from '../src/index.js'

const stack = inject('stack')

/** The frame origin of the tests' services (nothing listens there: only the Origin header is compared). */
export const FRAME_ORIGIN = 'http://localhost:5999'

export interface TestAuth {
  server: AuthServer
  url: string
  kek: Uint8Array
  /** The service's clock (ms): move it instead of sleeping. */
  clock: { now: number }
  /** Lines the service logged. */
  logged: string[]
  /** The options it was started with, to start it again on the same database and key. */
  options: StartAuthOptions
}

/** Starts an auth service on an ephemeral port (stopped after the file unless the test stops it). */
export async function startTestAuth(overrides: Partial<StartAuthOptions> = {}): Promise<TestAuth> {
  const clock = { now: Date.parse('2030-01-01T00:00:00Z') }
  const logged: string[] = []
  const kek = overrides.kek ?? new Uint8Array(randomBytes(32))
  const options: StartAuthOptions = {
    port: 0,
    mode: 'test',
    testing: true,
    database: {},
    frameOrigin: FRAME_ORIGIN,
    providerApiUrl: stack.services.url,
    smtp: {
      host: stack.mail.smtpHost,
      port: stack.mail.smtpPort,
      ignoreTLS: true,
      from: 'Latchkey <login@test.localhost>',
    },
    now: () => clock.now,
    log: (line) => logged.push(line),
    ...overrides,
    kek,
  }
  const server = await startAuthServer(options)
  afterAll(() => server.stop())
  return { server, url: server.url, kek, clock, logged, options }
}

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Headers
}

/** One request to the API: JSON in, JSON out. */
export async function call<T = Record<string, unknown>>(
  url: string,
  path: string,
  options: { body?: unknown; token?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  const isJson = response.headers.get('content-type') === 'application/json'
  return { status: response.status, body: (isJson ? JSON.parse(text) : text) as T, headers: response.headers }
}

/** The error object of an answer. */
export const errorOf = (answer: Answer<unknown>) => (answer.body as { error: Record<string, unknown> }).error

/** The messages to `email` in the stack's mail sink, newest first. */
export const mailsTo = (email: string): Promise<SinkMessage[]> => messagesTo(stack.mail.url, email)

/** The newest message to `email` once there are `count` of them. */
export const mail = (email: string, count: number): Promise<SinkMessage> =>
  waitForMail(stack.mail.url, email, { count })

/** The 6-digit code of a message. */
export function codeIn(message: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1]
  if (!code) throw new Error(`no code in: ${message.text}`)
  return code
}

/** The device-approval link of a message. */
export function linkIn(message: { text: string }): string {
  const link = /(http:\/\/\S+\/v1\/device\/approve\?token=\S+)/.exec(message.text)?.[1]
  if (!link) throw new Error(`no approval link in: ${message.text}`)
  return link
}

/** An address no other test uses. */
export const newEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.test`

/** A browser's device id, as the frame keeps one. */
export const newDevice = () => randomBytes(18).toString('base64url')

export interface Login {
  token: string
  expiresAt: string
  user: { id: string; email: string; evmAddress: string; solanaAddress: string } & Record<string, unknown>
}

/** A new user's whole login: start (VERIFY_OTP), the code from the sink, verify. */
export async function signUp(
  auth: TestAuth,
  email = newEmail(),
  deviceId = newDevice(),
): Promise<Login & { deviceId: string }> {
  const sent = (await mailsTo(email)).length
  const start = await call(auth.url, '/v1/email/start', {
    body: { projectId: 'auth-tests', email, deviceId },
  })
  expect(start.body).toEqual({ action: 'VERIFY_OTP' })
  const otp = codeIn(await mail(email, sent + 1))
  const verified = await call<Login>(auth.url, '/v1/email/verify', { body: { email, deviceId, otp } })
  expect(verified.status).toBe(200)
  return { ...verified.body, deviceId }
}
