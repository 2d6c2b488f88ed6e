/**
 * The embedded wallet's place in the kit's first chunk: whether the kit offers it (a secure frame URL, a projectId, a
 * browser, and email or social login on once the features are decided, the page origin allowed), the hooks the
 * connection and chain controllers call, and the loader of its chunk (`../embedded/embedded-controller.js`), which
 * only a kit that offers it ever loads. Created at once when email login was used before, else on first need (SPEC §4).
 */
import type { AccountType, AdapterAccount } from '../adapter/accounts.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import { ConnectorIds } from '../adapter/connectors.js'
import type { EmbeddedWalletProvider } from '../adapter/embedded.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { StorageHelpers } from '../controllers/config/storage/kit-storage.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import type { ThemeController } from '../controllers/config/theme/theme-controller.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import type { EmbeddedController } from '../embedded/embedded-controller.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import type { CaipNetwork } from '../networks/define.js'
import { VERSION } from '../version.js'
import type { LateControllers } from './late-controllers.js'

/** SPEC §8's toast when the frame cannot start. */
export const AUTH_INIT_FAILED = 'A problem occurred while trying initialize authentication'

export interface EmbeddedSetupDeps {
  options: ResolvedOptions
  storage: StorageHelpers
  theme: ThemeController
  chain: ChainController
  connection: () => ConnectionController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  withLate(run: (controllers: LateControllers) => void): void
  logWarn(message: string, error?: unknown): void
}

export type EmbeddedSetup = ReturnType<typeof createEmbeddedSetup>

/** The embedded wallet's hooks and loader, or undefined when the kit cannot offer it at all. */
export function createEmbeddedSetup(deps: EmbeddedSetupDeps) {
  const { options } = deps
  const win = options.environment.window
  const frameUrl = options.services.secureFrameUrl
  if (!frameUrl || !options.projectId || !win?.document) return undefined
  const projectId = options.projectId
  const url = frameUrl
  let controller: EmbeddedController | undefined
  let loading: Promise<EmbeddedController> | undefined
  let hadAuth = false
  // The late controllers once the features are decided: the kit's start says when (`decide`).
  let decide: (controllers: LateControllers) => void = () => undefined
  const decided = new Promise<LateControllers>((resolve) => (decide = resolve))

  /** Email or social login on, the origin allowed: read once the features are decided. */
  const enabled = async (): Promise<boolean> => {
    const { features } = (await decided).features.state.get()
    return features.email || (Array.isArray(features.socials) && features.socials.length > 0)
  }
  const authNamespaces = () =>
    (['eip155', 'solana'] as const).filter((namespace) =>
      deps
        .getAdapter(namespace)
        ?.getConnectors()
        .some((c) => c.id === ConnectorIds.auth),
    )

  /** The chunk and the controller, once: 'Unable to load email login dependency' when the chunk cannot load. */
  async function load(): Promise<EmbeddedController> {
    loading ??= (async () => {
      if (!(await enabled()))
        throw new LatchkeyError(Messages.embeddedWalletOff, { code: 'UNSUPPORTED_OPERATION' })
      let module: typeof import('../embedded/embedded-controller.js')
      try {
        module = await import('../embedded/embedded-controller.js')
      } catch (error) {
        deps.withLate((c) => c.snackbar.showError(AUTH_INIT_FAILED))
        throw new LatchkeyError(Messages.unableToLoadEmailLogin, { cause: error })
      }
      controller = module.createEmbeddedController({
        frameUrl: url,
        projectId,
        sdkVersion: VERSION,
        debug: options.debug,
        window: win as Window,
        document: (win as Window).document,
        metadata: options.metadata,
        storage: deps.storage,
        theme: deps.theme,
        chain: deps.chain,
        connection: deps.connection(),
        getAdapter: deps.getAdapter,
        namespaces: authNamespaces,
        track: (request, phase, message) =>
          deps.withLate((c) =>
            c.events.track({
              event: 'EMBEDDED_WALLET',
              properties: { request, phase, ...(message ? { message } : {}) },
            }),
          ),
        onFailure: (error) =>
          deps.withLate((c) => {
            const loadFailed = error.message === Messages.iframeLoadFailed
            c.alerts.raise(loadFailed ? 'iframeLoadFailed' : 'iframeRequestTimeout')
            if (loadFailed) c.snackbar.showError(AUTH_INIT_FAILED)
          }),
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
    /** Whether the kit can offer the embedded wallet (the features decide whether it does). */
    configured: true as const,
    decide: (controllers: LateControllers) => decide(controllers),
    enabled,
    load,
    current: () => controller,
    /** What the adapters get as `getEmbeddedWalletProvider`. */
    adapterProvider,
    /** Email login was used before: the kit loads what decides the features at once, and the frame with them. */
    async usedBefore(): Promise<boolean> {
      return (await deps.storage.getString(StorageKeys.emailLoginUsed)) === 'true'
    },
    /** Creates the frame now when the features allow it (a returning email user). */
    async preload(): Promise<void> {
      try {
        if (await enabled()) (await load()).preload()
      } catch (error) {
        deps.logWarn('The embedded wallet could not start', error)
      }
    },
    async restore(
      namespace: ChainNamespace,
    ): Promise<{ accounts: AdapterAccount[]; network: CaipNetwork } | null> {
      if (!(await enabled())) return null
      return (await load()).restore(namespace)
    },
    async connectOn(network: CaipNetwork): Promise<void> {
      await (await load()).connectOn(network)
    },
    accountType: (namespace: ChainNamespace): AccountType | undefined => controller?.accountType(namespace),
    destroy(): void {
      stopFollowing()
      controller?.destroy()
    },
  }
}
