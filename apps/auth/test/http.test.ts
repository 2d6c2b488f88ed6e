// The HTTP rules: the frame's origin only, strict bodies with a 400 naming the field, a 1 MB cap, errors as
// { error: { code, message } }; and the project's allowed parent origins, read from the Provider API stand-in.
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { call, errorOf, FRAME_ORIGIN, newDevice, newEmail, startTestAuth, type TestAuth } from './helpers.js'

let auth: TestAuth
beforeAll(async () => {
  auth = await startTestAuth({ originsCacheMs: 60_000 })
})

const start = (body: unknown, headers: Record<string, string> = {}) =>
  call(auth.url, '/v1/email/start', { body, headers })

describe('origins', () => {
  it("answers the frame's origin with CORS for it alone, and refuses any other origin with 403", async () => {
    const allowed = await call(auth.url, '/health', { headers: { origin: FRAME_ORIGIN } })
    expect(allowed.status).toBe(200)
    expect(allowed.body).toEqual({ status: 'ok', database: 'pglite' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    const preflight = await fetch(`${auth.url}/v1/email/start`, {
      method: 'OPTIONS',
      headers: { origin: FRAME_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    for (const origin of [
      'http://127.0.0.1:5173',
      'http://localhost:5998',
      'null',
      `${FRAME_ORIGIN}.evil.test`,
    ]) {
      const refused = await start({ projectId: 'p', email: newEmail(), deviceId: newDevice() }, { origin })
      expect(refused.status).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
      expect(errorOf(refused)).toEqual({
        code: 'ORIGIN_NOT_ALLOWED',
        message: `This service answers the secure frame's origin only; "${origin}" is not it.`,
      })
      const preflightRefused = await fetch(`${auth.url}/v1/user`, { method: 'OPTIONS', headers: { origin } })
      expect(preflightRefused.status).toBe(403)
    }
  })

  it("lists a project's allowed parent origins from the Provider API, kept for a minute", async () => {
    const { services } = inject('stack')
    const projectId = `auth-origins-${Date.now()}`
    const setOrigins = (allowedOrigins: string[]) =>
      fetch(`${services.url}/__control/project?projectId=${projectId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ allowedOrigins }),
      })
    await setOrigins(['https://dapp.example', 'http://localhost:3000', 'not an origin'])
    const first = await call(auth.url, `/v1/projects/${projectId}/origins`)
    expect(first.body).toEqual({
      projectId,
      allowedOrigins: ['https://dapp.example', 'http://localhost:3000'],
    })
    await setOrigins(['https://other.example'])
    expect((await call(auth.url, `/v1/projects/${projectId}/origins`)).body).toEqual(first.body)
    auth.clock.now += 60_000
    expect((await call(auth.url, `/v1/projects/${projectId}/origins`)).body).toEqual({
      projectId,
      allowedOrigins: ['https://other.example'],
    })
    expect(errorOf(await call(auth.url, '/v1/projects/bad%20id/origins'))).toMatchObject({
      field: 'projectId',
    })
    await fetch(`${services.url}/__control/reset?projectId=${projectId}`, { method: 'POST' })
  })
})

describe('request bodies', () => {
  const valid = () => ({ projectId: 'auth-tests', email: newEmail('body'), deviceId: newDevice() })

  it.each([
    ['an unknown field', { extra: 1 }, 'extra'],
    ['an email of the wrong type', { email: 42 }, 'email'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['an email with spaces', { email: ' a@example.test' }, 'email'],
    ['an over-long email', { email: `${'a'.repeat(64)}@${'b'.repeat(250)}.test` }, 'email'],
    ['a missing projectId', { projectId: undefined }, 'projectId'],
    ['a short deviceId', { deviceId: 'abc' }, 'deviceId'],
  ])('refuses %s with a 400 naming the field', async (_what, change, field) => {
    const answer = await start({ ...valid(), ...change })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toMatchObject({ code: 'INVALID_BODY', field })
    expect(String(errorOf(answer).message).startsWith(`${field}: `)).toBe(true)
  })

  it('takes the code as a string of six digits only', async () => {
    const base = { email: newEmail(), deviceId: newDevice() }
    for (const otp of [123456, '12345', '1234567', '12345a', ' 123456']) {
      const answer = await call(auth.url, '/v1/email/verify', { body: { ...base, otp } })
      expect(errorOf(answer)).toMatchObject({ code: 'INVALID_BODY', field: 'otp' })
    }
    expect(errorOf(await call(auth.url, '/v1/email/verify', { body: { ...base, otp: '123456' } })).code).toBe(
      'NO_CODE',
    )
  })

  it('refuses a body that is not a JSON object, not JSON, not declared JSON, or over 1 MB', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${auth.url}/v1/email/start`, { method: 'POST', headers: { 'content-type': type }, body })
    const notObject = await post('[1]')
    expect(await notObject.json()).toMatchObject({ error: { code: 'INVALID_BODY', field: 'body' } })
    expect(await (await post('{"email":')).json()).toMatchObject({ error: { code: 'INVALID_JSON' } })
    expect((await post(JSON.stringify(valid()), 'text/plain')).status).toBe(415)
    const large = await post(JSON.stringify({ ...valid(), pad: 'x'.repeat(1024 * 1024) }))
    expect(large.status).toBe(413)
    expect(await large.json()).toMatchObject({ error: { code: 'BODY_TOO_LARGE' } })
  })

  it('answers 404 and 405 as errors too', async () => {
    const missing = await call(auth.url, '/v2/nothing')
    expect(missing.status).toBe(404)
    expect(errorOf(missing).code).toBe('NOT_FOUND')
    const wrongMethod = await call(auth.url, '/v1/email/start')
    expect(wrongMethod.status).toBe(405)
    expect(errorOf(wrongMethod)).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      message: '/v1/email/start takes POST.',
    })
  })
})
