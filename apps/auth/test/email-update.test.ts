// Changing the email (SPEC §4: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP): a code to the current address, then
// one to the new address, then the new address is the login; the same code rules at each step.
import { beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_COOLDOWN_MS } from '../src/index.js'
import {
  call,
  codeIn,
  errorOf,
  type Login,
  mail,
  mailsTo,
  newEmail,
  signUp,
  startTestAuth,
  type TestAuth,
} from './helpers.js'

let auth: TestAuth
beforeAll(async () => {
  auth = await startTestAuth()
})

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('email update', () => {
  it('takes a code from the current address, then one from the new address; the new address is the login', async () => {
    const login = await signUp(auth)
    const oldEmail = login.user.email
    const target = newEmail('moved')
    const token = login.token
    auth.clock.now += EMAIL_COOLDOWN_MS
    const asked = await call(auth.url, '/v1/email/update', { body: { newEmail: target }, token })
    expect(asked.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await mail(oldEmail, 2)
    expect(primary.text).toContain(target)
    expect(await mailsTo(target)).toEqual([])

    const wrongPrimary = await call(auth.url, '/v1/email/update/primary', {
      body: { otp: wrong(codeIn(primary)) },
      token,
    })
    expect(errorOf(wrongPrimary)).toMatchObject({ code: 'WRONG_CODE', triesLeft: 4 })
    const secondStep = await call(auth.url, '/v1/email/update/primary', {
      body: { otp: codeIn(primary) },
      token,
    })
    expect(secondStep.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await mail(target, 1)
    // The first code does not finish the change, nor does a wrong second one.
    expect(
      errorOf(await call(auth.url, '/v1/email/update/secondary', { body: { otp: codeIn(primary) }, token }))
        .code,
    ).toMatch(/^WRONG_CODE$/)
    const wrongSecondary = await call(auth.url, '/v1/email/update/secondary', {
      body: { otp: wrong(codeIn(secondary)) },
      token,
    })
    expect(errorOf(wrongSecondary)).toMatchObject({ code: 'WRONG_CODE', triesLeft: 3 })
    const done = await call(auth.url, '/v1/email/update/secondary', {
      body: { otp: codeIn(secondary) },
      token,
    })
    expect(done.body).toEqual({ newEmail: target })
    expect((await call(auth.url, '/v1/user', { token })).body).toMatchObject({
      email: target,
      evmAddress: login.user.evmAddress,
    })
    expect(
      errorOf(await call(auth.url, '/v1/email/update/secondary', { body: { otp: codeIn(secondary) }, token }))
        .code,
    ).toBe('CODE_USED')

    // The new address logs in to the same wallet on the same browser; the old one would be a new account.
    auth.clock.now += EMAIL_COOLDOWN_MS
    await call(auth.url, '/v1/email/start', {
      body: { projectId: 'p', email: target, deviceId: login.deviceId },
    })
    const again = await call<Login>(auth.url, '/v1/email/verify', {
      body: { email: target, deviceId: login.deviceId, otp: codeIn(await mail(target, 2)) },
    })
    expect(again.body.user).toMatchObject({ id: login.user.id, solanaAddress: login.user.solanaAddress })
    const fresh = await signUp(auth, oldEmail)
    expect(fresh.user.id).not.toBe(login.user.id)
  })

  it('refuses an address another account has, the current one, and a second request within 30 s', async () => {
    const one = await signUp(auth)
    const two = await signUp(auth)
    const taken = await call(auth.url, '/v1/email/update', {
      body: { newEmail: two.user.email },
      token: one.token,
    })
    expect(taken.status).toBe(409)
    expect(errorOf(taken).code).toBe('EMAIL_IN_USE')
    const same = await call(auth.url, '/v1/email/update', {
      body: { newEmail: one.user.email },
      token: one.token,
    })
    expect(errorOf(same)).toMatchObject({ code: 'INVALID_BODY', field: 'newEmail' })
    // The login code was sent just now: the cooldown holds the update's code too.
    const early = await call(auth.url, '/v1/email/update', {
      body: { newEmail: newEmail() },
      token: one.token,
    })
    expect(early.status).toBe(429)
    const anonymous = await call(auth.url, '/v1/email/update', { body: { newEmail: newEmail() } })
    expect(anonymous.status).toBe(401)
  })
})
