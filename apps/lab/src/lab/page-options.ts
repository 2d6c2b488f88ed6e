// The kit options a page's URL turns on besides the services: sign-in (`?siwx=required|optional`) and the
// feature switches (`?receive=off`). Browser-only code.
import {
  type CaipNetwork,
  type ChainAdapter,
  createDefaultSiwx,
  type KitStorage,
  prefixStorage,
  type SiwxConfig,
} from '@latchkey/core'
import type { CreateKitOptions, UiKit } from '@latchkey/ui'

/** Whether a page asks for sign-in, and how. */
export type SiwxMode = 'off' | 'required' | 'optional'

/** Where the lab's sign-in sessions live in the page's localStorage (`latchkey-lab:siwx:siwx_sessions:<chain id>:<address>`). */
export const SIWX_STORAGE_PREFIX = 'latchkey-lab:siwx'

/** The statement the lab's sign-in message carries. */
export const LAB_SIWX_STATEMENT = 'Sign in to the Latchkey lab'

/** The sign-in mode `?siwx=` chooses; anything else is off. */
export function siwxModeOf(search: string): SiwxMode {
  const value = new URLSearchParams(search).get('siwx')
  return value === 'required' || value === 'optional' ? value : 'off'
}

/**
 * Core's default sign-in for a page: sessions in `storage` (the page's localStorage), signatures checked by the
 * adapter of the session's namespace (`verifyMessage` on the network the session names; an unknown network never
 * verifies), and the sessions of an account revoked when it disconnects. Undefined when `mode` is off.
 */
export function labSiwx(params: {
  mode: SiwxMode
  adapters: readonly ChainAdapter[]
  networks: readonly CaipNetwork[]
  storage: KitStorage
  location: { host: string; origin: string }
}): SiwxConfig | undefined {
  if (params.mode === 'off') return undefined
  const { adapters, networks } = params
  const siwx = createDefaultSiwx({
    storage: prefixStorage(params.storage, SIWX_STORAGE_PREFIX),
    domain: params.location.host,
    uri: `${params.location.origin}/`,
    statement: LAB_SIWX_STATEMENT,
    required: params.mode === 'required',
    verifyMessage: async ({ address, message, signature, chainId }) => {
      const network = networks.find((n) => n.caipNetworkId === chainId)
      const adapter = adapters.find((a) => a.namespace === network?.chainNamespace)
      return network && adapter ? adapter.verifyMessage({ address, message, signature, network }) : false
    },
  })
  return { ...siwx, signOutOnDisconnect: true }
}

/** The feature switches `?receive=off` turns off (every other feature keeps the kit's default). */
export function featuresOf(search: string): CreateKitOptions['features'] {
  return new URLSearchParams(search).get('receive') === 'off' ? { receive: false } : undefined
}

/** What the panel shows of sign-in: off (no sign-in on this page), or whether the account has a session. */
export type SignInStatus = 'off' | 'signed-out' | 'signed-in'

/**
 * Calls `listener` with the sign-in status now and whenever the account or the sign-in flow changes (a stale
 * answer is dropped when a newer one was asked for). Returns the unsubscribe.
 */
export function watchSignIn(kit: UiKit, listener: (status: SignInStatus) => void): () => void {
  const { siwx } = kit.controllers
  if (!siwx.isEnabled()) {
    listener('off')
    return () => {}
  }
  let asked = 0
  const update = () => {
    const mine = ++asked
    const answer = (status: SignInStatus) => {
      if (mine === asked) listener(status)
    }
    siwx.hasSession().then(
      (has) => answer(has ? 'signed-in' : 'signed-out'),
      () => answer('signed-out'),
    )
  }
  const stops = [kit.subscribeAccount(update), siwx.state.subscribe(update)]
  update()
  return () => {
    asked = Number.NaN // no later answer matches
    for (const stop of stops) stop()
  }
}
