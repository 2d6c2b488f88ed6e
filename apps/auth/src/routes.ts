// The route table: every path, its method, its handler.
import type { AuthDeps, RequestContext } from './deps.js'
import { ApiError } from './errors.js'
import { json, type Reply } from './http.js'
import {
  emailUpdate,
  emailUpdatePrimary,
  emailUpdateSecondary,
  getUser,
  health,
  projectOrigins,
  setAccountType,
  signedIn,
  signOut,
} from './routes-account.js'
import {
  DEVICE_APPROVE_PATH,
  deviceApprove,
  deviceApprovePage,
  deviceStatus,
  deviceVerify,
  emailStart,
  emailVerify,
} from './routes-login.js'
import {
  signEvmMessage,
  signEvmTransaction,
  signEvmTypedData,
  signSolanaMessage,
  signSolanaTransaction,
} from './signing.js'
import type { Body } from './validate.js'

type Handler = (deps: AuthDeps, ctx: RequestContext, params: string[]) => Promise<Reply>

/** A signing endpoint: a live session, then the signer with the user's key. */
const signing =
  (sign: (signer: Parameters<typeof signEvmMessage>[0], body: Body) => Promise<unknown>): Handler =>
  async (deps, ctx) => {
    const { user } = await signedIn(deps, ctx)
    return json(await sign({ db: deps.db, secrets: deps.secrets, userId: user.id }, ctx.body as Body))
  }

const ROUTES: { method: 'GET' | 'POST'; path: string | RegExp; handle: Handler }[] = [
  { method: 'GET', path: '/health', handle: (deps) => health(deps) },
  { method: 'POST', path: '/v1/email/start', handle: emailStart },
  { method: 'POST', path: '/v1/device/verify', handle: deviceVerify },
  { method: 'POST', path: '/v1/device/status', handle: deviceStatus },
  { method: 'GET', path: DEVICE_APPROVE_PATH, handle: deviceApprovePage },
  { method: 'POST', path: DEVICE_APPROVE_PATH, handle: deviceApprove },
  { method: 'POST', path: '/v1/email/verify', handle: emailVerify },
  { method: 'GET', path: '/v1/user', handle: getUser },
  { method: 'POST', path: '/v1/signout', handle: signOut },
  { method: 'POST', path: '/v1/email/update', handle: emailUpdate },
  { method: 'POST', path: '/v1/email/update/primary', handle: emailUpdatePrimary },
  { method: 'POST', path: '/v1/email/update/secondary', handle: emailUpdateSecondary },
  { method: 'POST', path: '/v1/account-type', handle: setAccountType },
  {
    method: 'GET',
    path: /^\/v1\/projects\/([^/]+)\/origins$/,
    handle: (deps, _ctx, [projectId]) => projectOrigins(deps, decodeURIComponent(projectId ?? '')),
  },
  { method: 'POST', path: '/v1/sign/evm/message', handle: signing(signEvmMessage) },
  { method: 'POST', path: '/v1/sign/evm/typed-data', handle: signing(signEvmTypedData) },
  { method: 'POST', path: '/v1/sign/evm/transaction', handle: signing(signEvmTransaction) },
  { method: 'POST', path: '/v1/sign/solana/message', handle: signing(signSolanaMessage) },
  { method: 'POST', path: '/v1/sign/solana/transaction', handle: signing(signSolanaTransaction) },
]

/** The paths' match for `path`: the routes there and the parameters each captured. */
function matching(path: string): { route: (typeof ROUTES)[number]; params: string[] }[] {
  return ROUTES.flatMap((route) => {
    if (typeof route.path === 'string') return route.path === path ? [{ route, params: [] }] : []
    const match = route.path.exec(path)
    return match ? [{ route, params: match.slice(1) }] : []
  })
}

/** Answers one request. @throws ApiError (404, 405, and every handler's). */
export async function route(deps: AuthDeps, ctx: RequestContext): Promise<Reply> {
  const found = matching(ctx.path)
  if (found.length === 0) throw new ApiError(404, 'NOT_FOUND', `No route for ${ctx.method} ${ctx.path}.`)
  const hit = found.find(({ route }) => route.method === ctx.method)
  if (!hit) {
    throw new ApiError(
      405,
      'METHOD_NOT_ALLOWED',
      `${ctx.path} takes ${found.map(({ route }) => route.method).join(', ')}.`,
    )
  }
  return hit.route.handle(deps, ctx, hit.params)
}
