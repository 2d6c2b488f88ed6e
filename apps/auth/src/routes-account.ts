// What a signed-in frame does with its session: read the user, sign out, change the email in two steps (SPEC §4:
// VERIFY_PRIMARY_OTP, VERIFY_SECONDARY_OTP), choose the account type; and the project's allowed parent origins.
import { assertNoCooldown, consumeCode, latestCode } from './codes.js'
import type { AuthDeps, RequestContext } from './deps.js'
import { ApiError } from './errors.js'
import { json, type Reply } from './http.js'
import { updatePrimaryMail, updateSecondaryMail } from './mailer.js'
import { sendCode } from './routes-login.js'
import { bearerToken, findUserByEmail, revokeSession, sessionUser, userRecord } from './users.js'
import { accountTypeField, emailField, isProjectId, otpField, strictObject } from './validate.js'

/** The signed-in user of a request. @throws ApiError 401 without a live session. */
export const signedIn = (deps: AuthDeps, ctx: RequestContext) =>
  sessionUser(deps.db, bearerToken(ctx.authorization), deps.now())

/** GET /v1/user → the user record. */
export async function getUser(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const { user } = await signedIn(deps, ctx)
  return json(await userRecord(deps.db, user, deps.smartAccountNetworks))
}

/** POST /v1/signout → { signedOut: true }; the token no longer works. */
export async function signOut(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  strictObject(ctx.body, [])
  const { tokenHash } = await signedIn(deps, ctx)
  await revokeSession(deps.db, tokenHash, deps.now())
  return json({ signedOut: true })
}

const emailInUse = () => new ApiError(409, 'EMAIL_IN_USE', 'Another account uses this email.')

/** POST /v1/email/update {newEmail} → { action: 'VERIFY_PRIMARY_OTP' }: a code to the current address. */
export async function emailUpdate(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['newEmail'])
  const newEmail = emailField(body, 'newEmail')
  const { user } = await signedIn(deps, ctx)
  if (newEmail === user.email) {
    throw new ApiError(400, 'INVALID_BODY', 'newEmail: is already the email of this account', {
      field: 'newEmail',
    })
  }
  if (await findUserByEmail(deps.db, newEmail)) throw emailInUse()
  await assertNoCooldown(deps.db, user.email, deps.now())
  const issue = {
    scope: { purpose: 'update_primary', userId: user.id },
    email: user.email,
    userId: user.id,
    newEmail,
    triggered: true,
  } as const
  await sendCode(deps, issue, (code) => updatePrimaryMail(user.email, code, newEmail))
  return json({ action: 'VERIFY_PRIMARY_OTP' })
}

/** POST /v1/email/update/primary {otp} → { action: 'VERIFY_SECONDARY_OTP' }: a code to the new address. */
export async function emailUpdatePrimary(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const otp = otpField(strictObject(ctx.body, ['otp']), 'otp')
  const { user } = await signedIn(deps, ctx)
  const row = await latestCode(deps.db, { purpose: 'update_primary', userId: user.id })
  const used = await consumeCode(deps.db, deps.secrets, row, otp, deps.now())
  const newEmail = used.new_email ?? ''
  const issue = {
    scope: { purpose: 'update_secondary', userId: user.id },
    email: newEmail,
    userId: user.id,
    newEmail,
    triggered: false,
  } as const
  await sendCode(deps, issue, (code) => updateSecondaryMail(newEmail, code))
  return json({ action: 'VERIFY_SECONDARY_OTP' })
}

/** POST /v1/email/update/secondary {otp} → { newEmail }: from now on the new address is the login. */
export async function emailUpdateSecondary(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const otp = otpField(strictObject(ctx.body, ['otp']), 'otp')
  const { user } = await signedIn(deps, ctx)
  const row = await latestCode(deps.db, { purpose: 'update_secondary', userId: user.id })
  const used = await consumeCode(deps.db, deps.secrets, row, otp, deps.now())
  const newEmail = used.new_email ?? ''
  try {
    await deps.db.query('UPDATE users SET email = $2, updated_at = $3 WHERE id = $1', [
      user.id,
      newEmail,
      new Date(deps.now()),
    ])
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailInUse()
    throw error
  }
  return json({ newEmail })
}

/** POST /v1/account-type {type: 'eoa' | 'smartAccount'} → the user record. */
export async function setAccountType(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const type = accountTypeField(strictObject(ctx.body, ['type']), 'type')
  const { user } = await signedIn(deps, ctx)
  await deps.db.query('UPDATE users SET preferred_account_type = $2, updated_at = $3 WHERE id = $1', [
    user.id,
    type,
    new Date(deps.now()),
  ])
  return json(await userRecord(deps.db, { ...user, preferred_account_type: type }, deps.smartAccountNetworks))
}

/** GET /v1/projects/{projectId}/origins → { projectId, allowedOrigins } (no session needed: the frame asks first). */
export async function projectOrigins(deps: AuthDeps, projectId: string): Promise<Reply> {
  if (!isProjectId(projectId)) {
    throw new ApiError(400, 'INVALID_BODY', 'projectId: must be letters, digits, ., _ or -', {
      field: 'projectId',
    })
  }
  return json({ projectId, allowedOrigins: await deps.origins.get(projectId) })
}

/** GET /health → { status: 'ok', database } once the database answers. */
export async function health(deps: AuthDeps): Promise<Reply> {
  await deps.db.query('SELECT 1')
  return json({ status: 'ok', database: deps.db.kind })
}
