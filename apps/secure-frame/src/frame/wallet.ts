/**
 * The frame's answers to the kit's 22 requests, against the auth service (login, user, keys) and the chains (reads
 * and sends). Until smart accounts exist every account is an eoa and the answers say so; social login, Farcaster and
 * smart-account setup answer an error naming the missing feature.
 */
import {
  type FrameAccountInfo,
  type FrameHandlerContext,
  FrameHandlerError,
  type FrameRequest,
  type FrameRequestPayloads,
  MESSAGE_PREFIX,
} from '@latchkey/core/embedded'
import type { ApprovalLook, Approvals } from './approvals.js'
import { type AuthApi, AuthApiError, type AuthUser } from './auth-api.js'
import { type FrameConfig, type FrameNetwork, type FrameParams, findNetwork, frameChainId } from './config.js'
import { createRpcHandler } from './rpc-handler.js'
import { UNSUPPORTED_CODE } from './rpc-policy.js'
import type { FrameStore } from './store.js'

/** How often CONNECT_DEVICE asks whether the visitor has opened the approval link, and for how long at most. */
const DEVICE_POLL_MS = 1_000
const DEVICE_WAIT_MS = 10 * 60_000

const NOT_YET = (feature: string) =>
  new FrameHandlerError(
    `${feature} is not available in this wallet yet: every account is an eoa signed by email login`,
    UNSUPPORTED_CODE,
  )

export interface WalletDeps {
  params: FrameParams
  config: FrameConfig
  auth: AuthApi
  store: FrameStore
  approvals: Approvals
  /** The parent page's origin, checked against the project's list: the approval card names it as the dApp's. */
  parentOrigin: string
  /** Reloads the frame's document (RELOAD), after its answer is posted. */
  reload(): void
  /** The random device id of a browser that has none yet. */
  newDeviceId?: () => string
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

export interface FrameWallet {
  handle(request: FrameRequest, context: FrameHandlerContext): Promise<unknown>
  look(): ApprovalLook
}

type Payload<K extends keyof FrameRequestPayloads> = FrameRequestPayloads[K]

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new FrameHandlerError('Request was aborted'))
      },
      { once: true },
    )
  })

export function createFrameWallet(deps: WalletDeps): FrameWallet {
  const { auth, store, config, params } = deps
  const sleep = deps.sleep ?? defaultSleep
  const networks = config.networks
  let network: FrameNetwork =
    (params.chainId ? findNetwork(networks, params.chainId) : undefined) ?? (networks[0] as FrameNetwork)
  let pendingEmail: string | undefined
  let user: AuthUser | undefined
  // The dApp's url on the card is the verified parent origin, never what the page's metadata claims.
  let look: ApprovalLook = { dapp: { url: deps.parentOrigin }, theme: 'light' }

  const deviceId = () => {
    let id = store.get('device')
    if (!id) {
      id = deps.newDeviceId?.() ?? globalThis.crypto.randomUUID()
      store.set('device', id)
    }
    return id
  }
  const token = () => store.get('session')

  /** The session's user, read again from the service; a refused session is forgotten. */
  const signedIn = async (): Promise<{ user: AuthUser; token: string }> => {
    const session = token()
    if (!session)
      throw new FrameHandlerError('No embedded wallet session: log in with your email first', 4100)
    try {
      user = await auth.call<AuthUser>('/v1/user', { token: session })
      return { user, token: session }
    } catch (error) {
      if (error instanceof AuthApiError && error.status === 401) {
        store.remove('session')
        user = undefined
        throw new FrameHandlerError(
          'The embedded wallet session has ended: log in with your email again',
          4100,
        )
      }
      throw error
    }
  }

  const networkFor = (
    chainId: string | number | undefined,
    namespace?: 'eip155' | 'solana',
  ): FrameNetwork => {
    if (chainId !== undefined) {
      const found = findNetwork(networks, chainId)
      if (!found)
        throw new FrameHandlerError(`Network ${String(chainId)} is not supported by this wallet`, 4901)
      return found
    }
    if (!namespace || network.caipNetworkId.startsWith(`${namespace}:`)) return network
    const fallback = networks.find((each) => each.caipNetworkId.startsWith(`${namespace}:`))
    if (!fallback) throw new FrameHandlerError(`This wallet has no ${namespace} network`, 4901)
    return fallback
  }

  const addressOn = (account: AuthUser, on: FrameNetwork) =>
    on.caipNetworkId.startsWith('solana:') ? account.solanaAddress : account.evmAddress

  const accountInfo = (account: AuthUser, on: FrameNetwork): FrameAccountInfo => {
    const address = addressOn(account, on)
    return {
      email: account.email,
      address,
      chainId: frameChainId(on),
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }

  const rpc = createRpcHandler({
    auth,
    store,
    config,
    params,
    approvals: deps.approvals,
    signedIn,
    networkFor,
    addressOn,
  })

  const handlers: {
    [K in keyof FrameRequestPayloads]: (payload: Payload<K>, context: FrameHandlerContext) => Promise<unknown>
  } = {
    async SWITCH_NETWORK(payload) {
      network = networkFor(payload.chainId)
      return { chainId: frameChainId(network) }
    },
    async CONNECT_EMAIL(payload) {
      const answer = await auth.call<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>('/v1/email/start', {
        body: { projectId: params.projectId, email: payload.email, deviceId: deviceId() },
      })
      pendingEmail = payload.email
      return { action: answer.action }
    },
    async CONNECT_DEVICE(_payload, context) {
      const email = pendingEmail
      if (!email) throw new FrameHandlerError('No email login is in progress: connect an email first')
      const until = Date.now() + DEVICE_WAIT_MS
      for (;;) {
        const { approved } = await auth.call<{ approved: boolean }>('/v1/device/status', {
          body: { email, deviceId: deviceId() },
        })
        if (approved) return undefined
        if (Date.now() > until)
          throw new FrameHandlerError('The device approval expired: start the email login again')
        await sleep(DEVICE_POLL_MS, context.signal)
      }
    },
    async CONNECT_OTP(payload) {
      const email = pendingEmail
      if (!email) throw new FrameHandlerError('No email login is in progress: connect an email first')
      const answer = await auth.call<{ token: string; user: AuthUser }>('/v1/email/verify', {
        body: { email, deviceId: deviceId(), otp: payload.otp },
      })
      store.set('session', answer.token)
      user = answer.user
      pendingEmail = undefined
      return undefined
    },
    async CONNECT_SOCIAL() {
      throw NOT_YET('Social login')
    },
    async GET_FARCASTER_URI() {
      throw NOT_YET('Farcaster login')
    },
    async CONNECT_FARCASTER() {
      throw NOT_YET('Farcaster login')
    },
    async GET_USER(payload) {
      const { user: account } = await signedIn()
      if (payload.chainId !== undefined) network = networkFor(payload.chainId)
      return accountInfo(account, network)
    },
    async GET_SOCIAL_REDIRECT_URI() {
      throw NOT_YET('Social login')
    },
    async SIGN_OUT() {
      const session = token()
      store.remove('session')
      user = undefined
      if (session) await auth.call('/v1/signout', { token: session, method: 'POST' }).catch(() => undefined)
      return undefined
    },
    async IS_CONNECTED() {
      if (!token()) return { isConnected: false }
      try {
        await signedIn()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof FrameHandlerError && error.code === 4100) return { isConnected: false }
        throw error
      }
    },
    async GET_CHAIN_ID() {
      return { chainId: frameChainId(network) }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      const { user: account } = await signedIn()
      return { smartAccountEnabledNetworks: account.smartAccountEnabledNetworks }
    },
    async INIT_SMART_ACCOUNT() {
      throw NOT_YET('Smart accounts')
    },
    async SET_PREFERRED_ACCOUNT(payload) {
      const { user: account, token: session } = await signedIn()
      if (payload.type !== 'eoa') throw NOT_YET('Smart accounts')
      await auth.call('/v1/account-type', { token: session, body: { type: 'eoa' } })
      return { type: 'eoa', address: addressOn(account, network) }
    },
    RPC_REQUEST: async (payload, context) => ({ result: await rpc(payload, context) }),
    async UPDATE_EMAIL(payload) {
      const { token: session } = await signedIn()
      return auth.call<{ action: 'VERIFY_PRIMARY_OTP' }>('/v1/email/update', {
        token: session,
        body: { newEmail: payload.email },
      })
    },
    async UPDATE_EMAIL_PRIMARY_OTP(payload) {
      const { token: session } = await signedIn()
      await auth.call('/v1/email/update/primary', { token: session, body: { otp: payload.otp } })
      return undefined
    },
    async UPDATE_EMAIL_SECONDARY_OTP(payload) {
      const { token: session } = await signedIn()
      return auth.call<{ newEmail: string }>('/v1/email/update/secondary', {
        token: session,
        body: { otp: payload.otp },
      })
    },
    async SYNC_THEME(payload) {
      look = {
        ...look,
        ...(payload.themeMode ? { theme: payload.themeMode } : {}),
        ...(payload.themeVariables ? { themeVariables: payload.themeVariables } : {}),
      }
      document.documentElement.dataset.theme = look.theme
      return undefined
    },
    async SYNC_DAPP_DATA(payload) {
      if (payload.projectId !== params.projectId)
        throw new FrameHandlerError('payload.projectId: not the project this frame was loaded for')
      const icon = payload.metadata?.icons[0]
      look = {
        ...look,
        dapp: {
          ...(payload.metadata?.name ? { name: payload.metadata.name } : {}),
          url: deps.parentOrigin,
          ...(icon ? { icon } : {}),
        },
      }
      return undefined
    },
    async RELOAD() {
      setTimeout(() => deps.reload(), 0)
      return undefined
    },
  }

  return {
    handle(request, context) {
      const name = request.type.slice(MESSAGE_PREFIX.length) as keyof FrameRequestPayloads
      const payload = 'payload' in request ? request.payload : undefined
      const handler = handlers[name] as (payload: unknown, context: FrameHandlerContext) => Promise<unknown>
      return handler(payload, context)
    },
    look: () => look,
  }
}
