// Email login (SPEC §4 "Embedded events": VERIFY_DEVICE, VERIFY_OTP, CONNECT): ask for a code, approve a new
// browser by code or link, verify the code and get a session.
import {
  assertNoCooldown,
  codeByLink,
  consumeCode,
  deadReason,
  deleteCode,
  type IssueCode,
  issueCode,
  latestCode,
  markUsed,
} from './codes.js'
import type { AuthDeps, Mail, RequestContext } from './deps.js'
import { ApiError } from './errors.js'
import { json, page, type Reply } from './http.js'
import { deviceMail, loginMail } from './mailer.js'
import {
  approveDevice,
  createSession,
  createUser,
  findUserByEmail,
  isDeviceApproved,
  userRecord,
} from './users.js'
import { deviceIdField, emailField, otpField, projectIdField, strictObject } from './validate.js'

/** Makes a code and emails it; the code is forgotten again when the email cannot be sent (502 MAIL_FAILED). */
export async function sendCode(
  deps: AuthDeps,
  issue: IssueCode,
  compose: (code: string, linkToken?: string) => Mail,
): Promise<void> {
  const made = await issueCode(deps.db, deps.secrets, issue, deps.now())
  try {
    await deps.mailer.send(compose(made.code, made.linkToken))
  } catch (error) {
    await deleteCode(deps.db, made.id)
    deps.log(`sending mail failed: ${(error as Error).message}`)
    throw new ApiError(502, 'MAIL_FAILED', 'The email could not be sent; try again later.')
  }
}

const deviceHashOf = (deps: AuthDeps, deviceId: string) => deps.secrets.hash(`device:${deviceId}`)

/** The login code for an approved browser; not a triggered code when it follows a device approval. */
const sendLoginCode = (
  deps: AuthDeps,
  email: string,
  deviceHash: string,
  projectId: string | null,
  triggered: boolean,
) =>
  sendCode(deps, { scope: { purpose: 'login', email, deviceHash }, email, projectId, triggered }, (code) =>
    loginMail(email, code),
  )

/** POST /v1/email/start {projectId, email, deviceId} → { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' } */
export async function emailStart(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['projectId', 'email', 'deviceId'])
  const projectId = projectIdField(body, 'projectId')
  const email = emailField(body, 'email')
  const deviceHash = deviceHashOf(deps, deviceIdField(body, 'deviceId'))
  await assertNoCooldown(deps.db, email, deps.now())
  const user = await findUserByEmail(deps.db, email)
  if (user && !(await isDeviceApproved(deps.db, user.id, deviceHash))) {
    const issue: IssueCode = {
      scope: { purpose: 'device', email, deviceHash },
      email,
      userId: user.id,
      projectId,
      triggered: true,
      withLink: true,
    }
    await sendCode(deps, issue, (code, linkToken) =>
      deviceMail(email, code, `${deps.publicUrl}/v1/device/approve?token=${linkToken ?? ''}`),
    )
    return json({ action: 'VERIFY_DEVICE' })
  }
  await sendLoginCode(deps, email, deviceHash, projectId, true)
  return json({ action: 'VERIFY_OTP' })
}

/** POST /v1/device/verify {email, deviceId, code} → { action: 'VERIFY_OTP' }; the login code follows by email. */
export async function deviceVerify(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['email', 'deviceId', 'code'])
  const email = emailField(body, 'email')
  const deviceHash = deviceHashOf(deps, deviceIdField(body, 'deviceId'))
  const code = otpField(body, 'code')
  const row = await latestCode(deps.db, { purpose: 'device', email, deviceHash })
  const used = await consumeCode(deps.db, deps.secrets, row, code, deps.now())
  if (!used.user_id) throw new ApiError(400, 'NO_CODE', 'No code is pending: request a new one.')
  await approveDevice(deps.db, used.user_id, deviceHash, deps.now())
  await sendLoginCode(deps, email, deviceHash, used.project_id, false)
  return json({ action: 'VERIFY_OTP' })
}

/**
 * POST /v1/device/status {email, deviceId} → { approved }: whether this browser is approved for the address (the
 * frame's CONNECT_DEVICE waits on it while the visitor opens the email's link). An unknown address answers false, as
 * a browser not yet approved does: the answer tells nothing about who has an account.
 */
export async function deviceStatus(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['email', 'deviceId'])
  const email = emailField(body, 'email')
  const deviceHash = deviceHashOf(deps, deviceIdField(body, 'deviceId'))
  const user = await findUserByEmail(deps.db, email)
  return json({ approved: user ? await isDeviceApproved(deps.db, user.id, deviceHash) : false })
}

/** Where the email's approval link points: GET shows a page asking to approve, its form's POST approves. */
export const DEVICE_APPROVE_PATH = '/v1/device/approve'

/** The live approval of a link's token, or the page saying the link no longer works. */
async function approvalOf(deps: AuthDeps, token: string, now: number) {
  const row = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await codeByLink(deps.db, token) : undefined
  if (row?.user_id && row.device_hash && !deadReason(row, now))
    return { row, user: row.user_id, device: row.device_hash }
  return page(400, 'This link no longer works', [
    'It was already used, it expired (links last 10 minutes), or a newer email replaced it.',
    'Start again from the app to get a new one.',
  ])
}

/**
 * GET /v1/device/approve?token=… (the link in the email): a page asking to approve, whose button posts the token. Opening
 * the link approves nothing, so a mail scanner that fetches links cannot approve a browser.
 */
export async function deviceApprovePage(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const token = ctx.query.get('token') ?? ''
  const approval = await approvalOf(deps, token, deps.now())
  if (!('row' in approval)) return approval
  return page(
    200,
    'Approve this browser?',
    [
      `Someone is signing in to ${approval.row.email} from a browser used for the first time.`,
      'If it is you, approve it; the login code then follows by email. If not, close this page.',
    ],
    { action: DEVICE_APPROVE_PATH, fields: { token }, button: 'Approve the browser' },
  )
}

/** POST /v1/device/approve (the page's form: token): approves the browser; the login code follows by email. */
export async function deviceApprove(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['token'])
  const now = deps.now()
  const approval = await approvalOf(deps, typeof body.token === 'string' ? body.token : '', now)
  if (!('row' in approval)) return approval
  await markUsed(deps.db, approval.row, now)
  await approveDevice(deps.db, approval.user, approval.device, now)
  await sendLoginCode(deps, approval.row.email, approval.device, approval.row.project_id, false)
  return page(200, 'Device approved', [
    'The browser you signed in from is approved.',
    'We sent you a login code: enter it in that browser to finish signing in. You can close this page.',
  ])
}

/** POST /v1/email/verify {email, deviceId, otp} → { token, expiresAt, user }; a new address becomes a new user. */
export async function emailVerify(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const body = strictObject(ctx.body, ['email', 'deviceId', 'otp'])
  const email = emailField(body, 'email')
  const deviceHash = deviceHashOf(deps, deviceIdField(body, 'deviceId'))
  const otp = otpField(body, 'otp')
  const row = await latestCode(deps.db, { purpose: 'login', email, deviceHash })
  const used = await consumeCode(deps.db, deps.secrets, row, otp, deps.now())
  const now = deps.now()
  const notApproved = () =>
    new ApiError(403, 'DEVICE_NOT_VERIFIED', 'This browser is not approved yet: start again to approve it.')
  const { user, session } = await deps.db
    .transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (!user) user = await createUser(tx, deps.secrets, email, deviceHash, now)
      else if (!(await isDeviceApproved(tx, user.id, deviceHash))) throw notApproved()
      else await approveDevice(tx, user.id, deviceHash, now)
      const session = await createSession(
        tx,
        { userId: user.id, deviceHash, projectId: used.project_id },
        now,
      )
      return { user, session }
    })
    .catch((error: unknown) => {
      // Another browser's code made this address a user a moment ago: as if it had come first, this browser is
      // new to that user.
      throw (error as { code?: string }).code === '23505' ? notApproved() : error
    })
  return json({ ...session, user: await userRecord(deps.db, user, deps.smartAccountNetworks) })
}
