import { createStore, type StateStore } from '../../../kit/store.js'
import type { ProviderApi, RemoteFeatureEntry } from '../../../services/types.js'
import { isOriginAllowed } from '../../../utils/origin-patterns.js'
import type { AlertDetails, AlertId } from '../notices/alerts.js'
import type { ConnectMethod, Features, KitFeatures, RemoteFeatureName } from './features.js'
import { getConnectMethodsOrder, resolveFeatures } from './features-resolve.js'

/** Where the features came from: not yet decided, the remote configuration, the host's settings, basic mode. */
export type FeaturesSource = 'pending' | 'remote' | 'local' | 'basic'

export interface FeaturesState {
  features: Features
  source: FeaturesSource
  /** The host's settings the remote configuration overrode. */
  ignoredLocalSettings: readonly RemoteFeatureName[]
  /** Whether the page origin may use email and social login; undefined when not checked. */
  originAllowed: boolean | undefined
}

export interface FeaturesControllerDeps {
  projectId?: string
  /** The host's `features` option (validated). */
  features?: KitFeatures
  basic?: boolean
  /** The page origin ('https://app.example'); undefined outside a browser (the origin check is skipped). */
  origin?: string
  /** The Provider API client: remote configuration and allowed origins. */
  providerApi?: Pick<ProviderApi, 'getProjectConfig' | 'getAllowedOrigins'>
  /** The alerts controller (a once-per-session alert's raise resolves once it is decided). */
  alerts: { raise(id: AlertId, details?: AlertDetails): void | Promise<void> }
  /** Where the remote-config warning goes; default console.warn. */
  warn?: (message: string, error?: unknown) => void
}

/**
 * Options and features (SPEC §1, §5.19, §5.20, §6.4, §9.12-§9.16): merges the remote project configuration
 * with the host's features, raises the project-not-configured, 'Local configuration ignored' and
 * invalid-app-configuration alerts, and turns email and social login off on origins that may not use them.
 * Until {@link init} resolves, features are the host's own settings.
 */
export function createFeaturesController(deps: FeaturesControllerDeps) {
  const local = deps.features ?? {}
  const basic = deps.basic ?? false
  const state: StateStore<FeaturesState> = createStore<FeaturesState>({
    features: resolveFeatures({ local, remote: null, basic }).features,
    source: 'pending',
    ignoredLocalSettings: [],
    originAllowed: undefined,
  })
  let warned = false

  function warnOnce(message: string, error?: unknown): void {
    if (warned) return
    warned = true
    const warn =
      deps.warn ?? ((text: string, cause?: unknown) => console.warn(text, ...(cause ? [cause] : [])))
    warn(message, error)
  }

  async function fetchRemote(): Promise<readonly RemoteFeatureEntry[] | null> {
    const message = '[latchkey] Remote project configuration unavailable; using the local `features` values.'
    if (!deps.providerApi) {
      warnOnce(message)
      return null
    }
    try {
      const remote = await deps.providerApi.getProjectConfig()
      if (remote === null || remote === undefined) warnOnce(message)
      return remote ?? null
    } catch (error) {
      warnOnce(message, error)
      return null
    }
  }

  /** The origin check of SPEC §5.20 / §6.4; an origins failure reads as an empty list (the client's fallback). */
  async function checkOrigin(): Promise<boolean | undefined> {
    if (deps.origin === undefined || !deps.providerApi || !deps.projectId) return undefined
    let allowed: readonly string[]
    try {
      allowed = await deps.providerApi.getAllowedOrigins()
    } catch {
      allowed = []
    }
    return isOriginAllowed(deps.origin, allowed)
  }

  /**
   * Decides the features: fetches the remote configuration (not in basic mode, nor without a project id),
   * merges it, raises the alerts it calls for and checks the origin when email or social login is on.
   * Never throws.
   */
  async function init(): Promise<Features> {
    if (!deps.projectId) await deps.alerts.raise('projectIdNotConfigured')
    const remote = basic || !deps.projectId ? null : await fetchRemote()
    const { features, ignored } = resolveFeatures({ local, remote, basic })
    if (ignored.length > 0) deps.alerts.raise('localConfigurationIgnored', { settings: ignored })
    let originAllowed: boolean | undefined
    if (features.email || features.socials) {
      originAllowed = await checkOrigin()
      if (originAllowed === false) {
        deps.alerts.raise('invalidAppConfiguration', { origin: deps.origin })
        features.email = false
        features.socials = false
      }
    }
    state.set({
      features,
      source: basic ? 'basic' : remote ? 'remote' : 'local',
      ignoredLocalSettings: ignored,
      originAllowed,
    })
    return features
  }

  return {
    state,
    init,
    /** True when a switch is on (a list feature is on when it has entries). */
    isEnabled(name: Exclude<keyof Features, 'connectMethodsOrder' | 'walletFeaturesOrder'>): boolean {
      return Boolean(state.get().features[name])
    },
    /** The connect methods in display order (SPEC §9.16). */
    getConnectMethodsOrder(hasInstalledWallet: boolean): readonly ConnectMethod[] {
      return getConnectMethodsOrder(state.get().features, hasInstalledWallet)
    },
  }
}

/** What {@link createFeaturesController} returns. */
export type FeaturesController = ReturnType<typeof createFeaturesController>
