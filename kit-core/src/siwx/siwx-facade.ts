import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import { createStore } from '../kit/store.js'
import type { SiwxController, SiwxDeps, SiwxState } from './siwx-controller.js'

/**
 * The kit's sign-in controller, its code loaded only when the host configured sign-in (and then at once, in a
 * chunk of its own): a page without SIWX never loads it. Without a config it behaves as the controller does without
 * one: not enabled, not required, and 'SIWX is not enabled' from the calls that need a config.
 */
export function createSiwx(deps: SiwxDeps): SiwxController {
  const state = createStore<SiwxState>({ status: 'idle' })
  const config = deps.config
  let loading: Promise<SiwxController> | undefined
  const load = (): Promise<SiwxController> => {
    // The facade follows the account itself (below), so the controller is built without its own subscription.
    loading ??= import('./siwx-controller.js').then(
      ({ createSiwxController }) => createSiwxController({ ...deps, subscribeAccount: undefined, state }),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const call = <T>(run: (controller: SiwxController) => Promise<T>): Promise<T> =>
    config ? load().then(run) : Promise.reject(new LatchkeyError(Messages.siwxNotEnabled))

  let lastAddress: string | undefined
  const unsubscribe = config
    ? deps.subscribeAccount?.((account) => {
        const address = account && `${account.chainId}:${account.address}`
        const changed = address !== lastAddress
        lastAddress = address
        if (account && changed)
          void load()
            .then((controller) => controller.initializeIfEnabled())
            .catch((error: unknown) => deps.logError?.(error))
      })
    : undefined
  if (config) void load().catch((error: unknown) => deps.logError?.(error))

  return {
    state,
    isEnabled: () => config !== undefined,
    isRequired: () => Boolean(config?.getRequired?.()),
    // Answered here, without the controller's code: the page asks on every account change.
    getSessions: async () => {
      if (!config) throw new LatchkeyError(Messages.siwxNotEnabled)
      const account = deps.getAccount()
      return account ? config.getSessions(account.chainId, account.address) : []
    },
    hasSession: async () => {
      if (!config) throw new LatchkeyError(Messages.siwxNotEnabled)
      const account = deps.getAccount()
      return account ? (await config.getSessions(account.chainId, account.address)).length > 0 : false
    },
    initializeIfEnabled: async () => {
      if (config) await (await load()).initializeIfEnabled()
    },
    requestSignMessage: () => call((controller) => controller.requestSignMessage()),
    cancelSignMessage: () => call((controller) => controller.cancelSignMessage()),
    recheckSession: async () => {
      if (config) await (await load()).recheckSession()
    },
    walletConnectSignInRequest: async (chains) =>
      config ? (await load()).walletConnectSignInRequest(chains) : undefined,
    storeWalletConnectSessions: (request, auths) =>
      call((controller) => controller.storeWalletConnectSessions(request, auths)),
    destroy(): void {
      unsubscribe?.()
    },
  }
}
