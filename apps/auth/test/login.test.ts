// Email login through the real HTTP API, the codes read from the stack's real SMTP sink: a new user, a second
// browser approved by code or by link, the rules of the codes (wrong, expired, reused, sixth try), the 30 s
// cooldown, sessions (sliding expiry, sign out), the account type.
import { beforeAll, describe, expect, it } from 'vitest'
import { CODE_TTL_MS, EMAIL_COOLDOWN_MS, SESSION_TTL_MS } from '../src/index.js'
import {
  call,
  codeIn,
  errorOf,
  type Login,
  linkIn,
  mail,
  mailsTo,
  newDevice,
  newEmail,
  signUp,
  startTestAuth,
  type TestAuth,
} from './helpers.js'

let auth: TestAuth
beforeAll(async () => {
  auth = await startTestAuth()
})

const start = (email: string, deviceId: string) =>
  call(auth.url, '/v1/email/start', { body: { projectId: 'auth-tests', email, deviceId } })
const verify = (email: string, deviceId: string, otp: string) =>
  call<Login>(auth.url, '/v1/email/verify', { body: { email, deviceId, otp } })
/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('email login', () => {
  it('signs a new user up with the code from the email: a session token and the record with both addresses', async () => {
    const email = newEmail('new')
    const deviceId = newDevice()
    expect(await start(email.toUpperCase(), deviceId)).toMatchObject({
      status: 200,
      body: { action: 'VERIFY_OTP' },
    })
    const message = await mail(email, 1)
    expect(message.from).toContain('login@test.localhost')
    expect(message.subject).toMatch(/^Your login code: \d{6}$/)
    expect(message.html).toContain(codeIn(message))
    const answer = await verify(email, deviceId, codeIn(message))
    expect(answer.status).toBe(200)
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(answer.body.expiresAt)).toBe(auth.clock.now + SESSION_TTL_MS)
    expect(answer.body.user).toEqual({
      id: expect.any(String),
      email,
      evmAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      solanaAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      preferredAccountType: null,
      smartAccountEnabledNetworks: [],
      createdAt: new Date(auth.clock.now).toISOString(),
    })
    const user = await call(auth.url, '/v1/user', { token: answer.body.token })
    expect(user.body).toEqual(answer.body.user)
    expect(auth.logged).toEqual([])
  })

  it('asks a second browser to be approved by a code in a second email, then logs it in to the same addresses', async () => {
    const first = await signUp(auth)
    const email = first.user.email
    const second = newDevice()
    auth.clock.now += EMAIL_COOLDOWN_MS
    expect((await start(email, second)).body).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = await mail(email, 2)
    expect(approval.subject).toBe('Approve a new device')
    // The login code of the first browser does not log the second in, nor does the approval code as an OTP.
    expect(errorOf(await verify(email, second, codeIn(approval))).code).toBe('NO_CODE')
    const approved = await call(auth.url, '/v1/device/verify', {
      body: { email, deviceId: second, code: codeIn(approval) },
    })
    expect(approved.body).toEqual({ action: 'VERIFY_OTP' })
    const login = await verify(email, second, codeIn(await mail(email, 3)))
    expect(login.status).toBe(200)
    expect(login.body.user).toEqual(first.user)
    expect(login.body.token).not.toBe(first.token)
    // The first browser stays approved: its next login is a code at once.
    auth.clock.now += EMAIL_COOLDOWN_MS
    expect((await start(email, first.deviceId)).body).toEqual({ action: 'VERIFY_OTP' })
  })

  it('approves a second browser from the link in the email: a page, then the login code', async () => {
    const first = await signUp(auth)
    const email = first.user.email
    const second = newDevice()
    auth.clock.now += EMAIL_COOLDOWN_MS
    await start(email, second)
    const link = linkIn(await mail(email, 2))
    expect(link.startsWith(`${auth.url}/v1/device/approve?token=`)).toBe(true)
    // Opening the link approves nothing (a mail scanner fetches links): it shows a page whose button posts the token.
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('Approve this browser?')
    expect(html).toContain('<form method="post" action="/v1/device/approve">')
    expect((await fetch(link)).status).toBe(200)
    expect(await mail(email, 2)).toBeDefined()
    const token = new URL(link).searchParams.get('token') ?? ''
    // The form's post, from the service's own page (its origin), approves; the login code follows.
    const approve = () =>
      fetch(`${auth.url}/v1/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(auth.url).origin },
        body: new URLSearchParams({ token }).toString(),
      })
    // The frame waits on the device's status while the visitor opens the link.
    const status = async (deviceId: string, address = email) =>
      (await call(auth.url, '/v1/device/status', { body: { email: address, deviceId } })).body
    expect(await status(second)).toEqual({ approved: false })
    expect(await status(first.deviceId)).toEqual({ approved: true })
    expect(await status(second, 'nobody@example.com')).toEqual({ approved: false })
    const approved = await approve()
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Device approved')
    expect(await status(second)).toEqual({ approved: true })
    const login = await verify(email, second, codeIn(await mail(email, 3)))
    expect(login.body.user.evmAddress).toBe(first.user.evmAddress)
    // The link works once.
    const again = await approve()
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('This link no longer works')
    expect((await fetch(link)).status).toBe(400)
    // Another site's form cannot post it; JSON is not the form.
    const foreign = await fetch(`${auth.url}/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ token }).toString(),
    })
    expect(foreign.status).toBe(403)
  })

  it('does not let a browser that asked before the address became a user skip the approval', async () => {
    const email = newEmail('race')
    const [first, second] = [newDevice(), newDevice()]
    await start(email, first)
    auth.clock.now += EMAIL_COOLDOWN_MS
    await start(email, second)
    const [secondCode, firstCode] = (await mailsTo(email)).map(codeIn)
    expect((await verify(email, first, firstCode ?? '')).status).toBe(200)
    const refused = await verify(email, second, secondCode ?? '')
    expect(refused.status).toBe(403)
    expect(errorOf(refused).code).toBe('DEVICE_NOT_VERIFIED')
    auth.clock.now += EMAIL_COOLDOWN_MS
    expect((await start(email, second)).body).toEqual({ action: 'VERIFY_DEVICE' })
  })

  it('refuses a wrong code with the tries left, and after the fifth wrong one refuses even the right code', async () => {
    const email = newEmail('wrong')
    const deviceId = newDevice()
    await start(email, deviceId)
    const code = codeIn(await mail(email, 1))
    for (const triesLeft of [4, 3, 2, 1, 0]) {
      const answer = await verify(email, deviceId, wrong(code))
      expect(answer.status).toBe(400)
      expect(errorOf(answer)).toMatchObject({ code: 'WRONG_CODE', triesLeft })
    }
    const sixth = await verify(email, deviceId, code)
    expect(sixth.status).toBe(400)
    expect(errorOf(sixth)).toMatchObject({ code: 'TOO_MANY_TRIES' })
    // A new code works.
    auth.clock.now += EMAIL_COOLDOWN_MS
    await start(email, deviceId)
    expect((await verify(email, deviceId, codeIn(await mail(email, 2)))).status).toBe(200)
  })

  it('refuses an expired code (10 minutes), a used one, and one a newer code replaced', async () => {
    const email = newEmail('expired')
    const deviceId = newDevice()
    await start(email, deviceId)
    const old = codeIn(await mail(email, 1))
    auth.clock.now += CODE_TTL_MS
    expect(errorOf(await verify(email, deviceId, old))).toMatchObject({ code: 'CODE_EXPIRED' })
    await start(email, deviceId)
    const replaced = codeIn(await mail(email, 2))
    auth.clock.now += EMAIL_COOLDOWN_MS
    await start(email, deviceId)
    const code = codeIn(await mail(email, 3))
    if (replaced !== code) expect(errorOf(await verify(email, deviceId, replaced)).code).toBe('WRONG_CODE')
    auth.clock.now += CODE_TTL_MS - 1
    expect((await verify(email, deviceId, code)).status).toBe(200)
    expect(errorOf(await verify(email, deviceId, code))).toMatchObject({ code: 'CODE_USED' })
  })

  it("sends at most one code per address per 30 s (SPEC §5's cooldown): 429 with the seconds left", async () => {
    const email = newEmail('cooldown')
    const deviceId = newDevice()
    expect((await start(email, deviceId)).status).toBe(200)
    auth.clock.now += 12_300
    const limited = await start(email, newDevice())
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('18')
    expect(errorOf(limited)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Please try again after 18 seconds',
      retryAfter: 18,
    })
    expect(await mailsTo(email)).toHaveLength(1)
    auth.clock.now += EMAIL_COOLDOWN_MS - 12_300
    expect((await start(email, deviceId)).status).toBe(200)
  })
})

describe('sessions', () => {
  it('slide: a session used within 7 days lasts 7 more; unused for 7 days it is refused', async () => {
    const login = await signUp(auth)
    auth.clock.now += SESSION_TTL_MS - 1000
    expect((await call(auth.url, '/v1/user', { token: login.token })).status).toBe(200)
    auth.clock.now += SESSION_TTL_MS - 1000
    expect((await call(auth.url, '/v1/user', { token: login.token })).status).toBe(200)
    auth.clock.now += SESSION_TTL_MS
    const expired = await call(auth.url, '/v1/user', { token: login.token })
    expect(expired.status).toBe(401)
    expect(errorOf(expired).code).toBe('UNAUTHORIZED')
  })

  it('end on sign out: the token is refused afterwards, another session of the user is not touched', async () => {
    const first = await signUp(auth)
    auth.clock.now += EMAIL_COOLDOWN_MS
    const email = first.user.email
    await start(email, first.deviceId)
    const second = await verify(email, first.deviceId, codeIn(await mail(email, 2)))
    expect(await call(auth.url, '/v1/signout', { method: 'POST', token: first.token })).toMatchObject({
      status: 200,
      body: { signedOut: true },
    })
    expect((await call(auth.url, '/v1/user', { token: first.token })).status).toBe(401)
    expect((await call(auth.url, '/v1/signout', { method: 'POST', token: first.token })).status).toBe(401)
    expect((await call(auth.url, '/v1/user', { token: second.body.token })).status).toBe(200)
    expect((await call(auth.url, '/v1/user')).status).toBe(401)
    expect((await call(auth.url, '/v1/user', { token: 'x'.repeat(43) })).status).toBe(401)
  })

  it('keep the preferred account type the user chose', async () => {
    const login = await signUp(auth)
    const set = await call(auth.url, '/v1/account-type', {
      body: { type: 'smartAccount' },
      token: login.token,
    })
    expect(set.body).toMatchObject({ email: login.user.email, preferredAccountType: 'smartAccount' })
    expect((await call(auth.url, '/v1/user', { token: login.token })).body).toMatchObject({
      preferredAccountType: 'smartAccount',
    })
    const bad = await call(auth.url, '/v1/account-type', { body: { type: 'payment' }, token: login.token })
    expect(errorOf(bad)).toMatchObject({ code: 'INVALID_BODY', field: 'type' })
  })
})
