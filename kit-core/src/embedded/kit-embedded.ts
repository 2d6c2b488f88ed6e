/**
 * The embedded wallet's chunk on the kit's side (loaded by `../kit/embedded-setup.ts` when the kit offers it): the
 * controller (the frame, the login), the provider the adapters get, and the hooks the connection and chain controllers
 * call (restore, network switches, the account type).
 */
import type { AccountType, AdapterAccount } from '../adapter/accounts.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import { ConnectorIds } from '../adapter/connectors.js'
import type { EmbeddedWalletProvider } from '../adapter/embedded.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { StorageHelpers } from '../controllers/config/storage/kit-storage.js'
import type { ThemeController } from '../controllers/config/theme/theme-controller.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import type { ModalController } from '../controllers/navigation/modal-controller.js'
import type { RouterController } from '../controllers/navigation/router-controller.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import { AUTH_INIT_FAILED } from '../kit/embedded-setup.js'
import type { LateControllers } from '../kit/late-controllers.js'
import type { CaipNetwork } from '../networks/define.js'
import { VERSION } from '../version.js'
import { createEmbeddedController, type EmbeddedController } from './embedded-controller.js'
import { methodNamespace } from './rpc-policy.js'

export interface KitEmbeddedDeps {
  options: ResolvedOptions
  storage: StorageHelpers
  theme: ThemeController
  chain: ChainController
  connection: () => ConnectionController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  alerts: Pick<LateControllers['alerts'], 'raise'>
  snackbar: Pick<LateControllers['snackbar'], 'showError'>
  events: Pick<LateControllers['events'], 'track'>
  modal: Pick<ModalController, 'state' | 'open' | 'close'>
  router: Pick<RouterController, 'state' | 'push' | 'goBack' | 'popTransaction'>
  /** Reads the account's balances on `namespace` again (after a request the visitor approved succeeded). */
  refreshBalances(namespace: ChainNamespace): Promise<void>
  logWarn(message: string, error?: unknown): void
  /** The late controllers once the kit's start decided the features. */
  decided: Promise<LateControllers>
}

/** What a request for the embedded wallet gets while the features do not offer it. */
const EMBEDDED_WALLET_OFF =
  'The embedded wallet is off: email and social login are not enabled for this project, or this origin is not allowed'

export type KitEmbedded = ReturnType<typeof createKitEmbedded>

/** The embedded wallet's hooks and controller; the first chunk checked that the kit can offer it. */
export function createKitEmbedded(deps: KitEmbeddedDeps) {
  const { options } = deps
  const win = options.environment.window as Window
  const url = options.services.secureFrameUrl as string
  const projectId = options.projectId as string
  let controller: EmbeddedController | undefined
  let loading: Promise<EmbeddedController> | undefined
  let hadAuth = false
  /** Email or social login on and the page origin allowed, once the features are decided. */
  const enabled = async () => {
    const { features } = (await deps.decided).features.state.get()
    return features.email || (Array.isArray(features.socials) && features.socials.length > 0)
  }
  const authNamespaces = () =>
    (['eip155', 'solana'] as const).filter((namespace) =>
      deps
        .getAdapter(namespace)
        ?.getConnectors()
        .some((c) => c.id === ConnectorIds.auth),
    )

  // SPEC §2: a request the visitor must approve opens the modal on ApproveTransaction, or redirects it there, where the
  // frame shows its own approval.
  let openedForApproval = false
  /** The requests whose approval the frame shows or queues (between `required` and `done`). */
  const asking = new Set<string>()
  const onApproval = (state: 'required' | 'done', id: string) => {
    const { modal, router } = deps
    if (state === 'done') {
      asking.delete(id)
      return
    }
    asking.add(id)
    void (async () => {
      if (!modal.state.get().open) {
        openedForApproval = true
        await modal.open()
      }
      if (router.state.get().view !== 'ApproveTransaction') router.push('ApproveTransaction')
    })().catch((error: unknown) => deps.logWarn('The approval could not be shown', error))
  }

  /** Leaves ApproveTransaction once nothing more asks there: closes the modal that opened for it, else goes back. */
  const leaveApproval = () => {
    const { modal, router } = deps
    if (asking.size > 0 || !modal.state.get().open || router.state.get().view !== 'ApproveTransaction') return
    if (openedForApproval) void modal.close({ force: true })
    else router.goBack()
    openedForApproval = false
  }

  // SPEC §4: after a success the balance is read again, then the transaction stack is popped with 'success' (its
  // handler decides the view) or the approval is left; after an error the stack is popped with 'error' (its handler,
  // then back) or the approval is left.
  const onOutcome = ({
    status,
    method,
    error,
  }: {
    status: 'success' | 'error'
    method: string
    error?: unknown
  }) => {
    const end = () => {
      if (deps.router.state.get().transactionStack.length > 0) deps.router.popTransaction(status, error)
      leaveApproval()
    }
    if (status === 'error') return end()
    deps
      .refreshBalances(methodNamespace(method))
      .catch((error: unknown) => deps.logWarn('The balance could not be read again', error))
      .finally(end)
  }

  /**
   * The visitor leaves the approval (the modal's back button on ApproveTransaction): the open requests but safe methods
   * are aborted (the frame drops their approval), the stack is popped with 'cancel' (its handler, then back), or the
   * approval is left.
   */
  const cancelApproval = () => {
    controller?.abortOpenRequests()
    asking.clear()
    if (deps.router.state.get().transactionStack.length > 0) deps.router.popTransaction('cancel')
    else leaveApproval()
  }

  /** The modal closed with an empty transaction stack (SPEC §2): pending requests are rejected. */
  const rejectPendingRequests = () => {
    controller?.abortOpenRequests()
    asking.clear()
    openedForApproval = false
  }

  /** The modal closed while transactions wait: each is cancelled (its handler) and its request aborted. */
  const cancelTransactions = () => {
    rejectPendingRequests()
    while (deps.router.state.get().transactionStack.length > 0) deps.router.popTransaction('cancel')
  }

  /** The controller, once: refused while the features do not offer the embedded wallet. */
  async function load(): Promise<EmbeddedController> {
    loading ??= (async () => {
      if (!(await enabled())) throw new LatchkeyError(EMBEDDED_WALLET_OFF, { code: 'UNSUPPORTED_OPERATION' })
      controller = createEmbeddedController({
        frameUrl: url,
        projectId,
        sdkVersion: VERSION,
        debug: options.debug,
        window: win,
        document: win.document,
        metadata: options.metadata,
        storage: deps.storage,
        theme: deps.theme,
        chain: deps.chain,
        connection: deps.connection(),
        getAdapter: deps.getAdapter,
        namespaces: authNamespaces,
        track: (request, phase, message) =>
          deps.events.track({
            event: 'EMBEDDED_WALLET',
            properties: { request, phase, ...(message ? { message } : {}) },
          }),
        onFailure: (error) => {
          const loadFailed = error.message === Messages.iframeLoadFailed
          deps.alerts.raise(loadFailed ? 'iframeLoadFailed' : 'iframeRequestTimeout')
          if (loadFailed) deps.snackbar.showError(AUTH_INIT_FAILED)
        },
        onApproval,
        onOutcome,
        // SPEC §4: a request outside the lists opens the modal and shows 'Action not allowed' after 300 ms (the alert's
        // own delay), and rejects.
        onRefused: (method) => {
          if (!deps.modal.state.get().open)
            deps.modal.open().catch((error: unknown) => deps.logWarn('The modal could not open', error))
          deps.alerts.raise('rpcMethodNotAllowed', { detail: method })
        },
        logWarn: deps.logWarn,
      })
      return controller
    })().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }

  // Two adapters sign out of one session: one request, whichever asks first.
  let signingOut: Promise<void> | undefined
  const adapterProvider = async (): Promise<EmbeddedWalletProvider> => {
    const { provider } = await load()
    return {
      ...provider,
      signOut: () => {
        signingOut ??= provider.signOut().finally(() => {
          signingOut = undefined
        })
        return signingOut
      },
    }
  }

  // The AUTH connection ended on every namespace: the next login starts from the email field.
  const stopFollowing = deps.chain.state.subscribe((state) => {
    const hasAuth = Object.values(state.namespaces).some(
      (entry) => entry?.connectorId === ConnectorIds.auth && entry.account.status === 'connected',
    )
    if (hadAuth && !hasAuth) controller?.reset()
    hadAuth = hasAuth
  })

  return {
    load,
    current: () => controller,
    adapterProvider,
    /** Creates the frame now (a returning email user). */
    preload: async () => (await load()).preload(),
    restore: async (
      namespace: ChainNamespace,
    ): Promise<{ accounts: AdapterAccount[]; network: CaipNetwork } | null> =>
      (await load()).restore(namespace),
    connectOn: async (network: CaipNetwork) => (await load()).connectOn(network),
    accountType: (namespace: ChainNamespace): AccountType | undefined => controller?.accountType(namespace),
    cancelApproval,
    rejectPendingRequests,
    cancelTransactions,
    destroy(): void {
      stopFollowing()
      controller?.destroy()
    },
  }
}
