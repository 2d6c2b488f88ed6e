import type { KitStorage } from '../../../adapter/storage.js'
import { LatchkeyError } from '../../../errors/errors.js'
import * as Messages from '../../../errors/messages.js'
import type { Logger } from '../../../kit/context.js'
import { createStore, type StateStore } from '../../../kit/store.js'
import type { View } from '../../navigation/views.js'
import { StorageKeys } from '../storage/storage-keys.js'
import type { LogLevel } from '../telemetry/logger.js'
import {
  ALERTS,
  type AlertDefinition,
  type AlertDetails,
  type AlertId,
  type AlertVariant,
  PROVIDER_ERROR_ALERTS,
  type ProviderErrorKind,
  providerErrorKind,
} from './alerts.js'

/** The alert bar's state: one alert at a time, the latest raised wins. */
export interface AlertState {
  open: boolean
  id: AlertId | undefined
  shortMessage: string
  longMessage: string
  variant: AlertVariant
  /** The only views the alert bar shows it on; undefined: every view. */
  views: readonly View[] | undefined
}

export interface AlertsControllerDeps {
  /** The page origin, named in the invalid-app-configuration alert. */
  origin?: string
  /**
   * Each alert's long message is logged (error alerts as errors, the others as warnings). At the `level` 'error' (the
   * default) the logger drops warnings: a warning alert then goes to the console's warnings itself.
   */
  logger?: Pick<Logger, 'warn' | 'error'> & { readonly level?: LogLevel }
  /**
   * A store that lasts one browser session (sessionStorage), keys already prefixed: where an alert raised once per
   * session is remembered once shown or dismissed. Without one, such an alert is raised as any other.
   */
  session?: KitStorage
}

const CLOSED: AlertState = {
  open: false,
  id: undefined,
  shortMessage: '',
  longMessage: '',
  variant: 'info',
  views: undefined,
}

/**
 * The alerts of SPEC §8 (§8.5, §8.6): raise one from the catalogue, dismiss it, map universal-provider
 * errors to alerts at most once per kind per kit, and the RPC-method-not-allowed alert 300 ms after the
 * request it rejects. An alert of the catalogue marked `oncePerSession` (the project-not-configured one) is
 * remembered in `session` once the UI showed it or the user dismissed it, and is not raised again that session.
 */
export function createAlertsController(deps: AlertsControllerDeps = {}) {
  const state: StateStore<AlertState> = createStore(CLOSED)
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const reportedKinds = new Set<ProviderErrorKind>()

  function show(id: AlertId, details: AlertDetails): void {
    const definition: AlertDefinition = ALERTS[id]
    const longMessage = definition.longMessage({ origin: deps.origin, ...details })
    state.set({
      open: true,
      id,
      shortMessage: definition.shortMessage,
      longMessage,
      variant: definition.variant,
      views: definition.views,
    })
    if (definition.variant === 'error') deps.logger?.error(longMessage)
    else if (deps.logger?.level === 'error') console.warn(`[latchkey] ${longMessage}`)
    else deps.logger?.warn(longMessage)
  }

  /** Remembers the current alert for the session when it is a once-per-session one. Never throws. */
  function remember(): void {
    const { id } = state.get()
    const session = deps.session
    if (!id || !session || !(ALERTS[id] as AlertDefinition).oncePerSession) return
    Promise.resolve()
      .then(() => session.setItem(StorageKeys.alertShown(id), '1'))
      .catch(() => undefined)
  }

  /**
   * Shows alert `id` (after its catalogue delay, if it has one), replacing the current one. A once-per-session alert
   * already shown or dismissed this session shows and logs nothing; the promise resolves once that is decided.
   */
  function raise(id: AlertId, details: AlertDetails = {}): void | Promise<void> {
    const definition: AlertDefinition = ALERTS[id]
    const session = deps.session
    if (definition.oncePerSession && session) {
      return Promise.resolve()
        .then(() => session.getItem(StorageKeys.alertShown(id)))
        .catch(() => null)
        .then((seen) => {
          if (seen == null) show(id, details)
        })
    }
    const delay = definition.delayMs
    if (delay === undefined) {
      show(id, details)
      return
    }
    const timer = setTimeout(() => {
      timers.delete(timer)
      show(id, details)
    }, delay)
    timers.add(timer)
  }

  return {
    state,
    raise,

    /** Closes the current alert (a once-per-session one is remembered for the session). */
    dismiss(): void {
      remember()
      state.set(CLOSED)
    },

    /** The UI showed the current alert: a once-per-session one is remembered for the session (it stays open). */
    markShown(): void {
      if (state.get().open) remember()
    },

    /**
     * Raises the alert of a universal-provider error, once per kind for this kit; later errors of the same
     * kind and errors of no known kind raise nothing. Returns the kind when it raised an alert.
     */
    reportProviderError(error: unknown): ProviderErrorKind | undefined {
      const kind = providerErrorKind(error)
      if (kind === undefined || reportedKinds.has(kind)) return undefined
      reportedKinds.add(kind)
      const entry = PROVIDER_ERROR_ALERTS.find((candidate) => candidate.kind === kind)
      if (entry) raise(entry.alert)
      return kind
    },

    /**
     * For an embedded-wallet request whose method is not allowed: schedules the RPC-method-not-allowed
     * alert (shown after 300 ms) and returns the error to reject the request with
     * ('Requested RPC call is not allowed').
     */
    rejectDisallowedMethod(method: string): LatchkeyError {
      raise('rpcMethodNotAllowed', { detail: method })
      return new LatchkeyError(Messages.rpcCallNotAllowed, { code: 'UNSUPPORTED_OPERATION', details: method })
    },

    /** Cancels alerts still waiting for their delay (the kit is going away). */
    dispose(): void {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

/** What {@link createAlertsController} returns. */
export type AlertsController = ReturnType<typeof createAlertsController>
