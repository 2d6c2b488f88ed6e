import { LatchkeyError } from '../../../errors/errors.js'
import { Messages } from '../../../errors/messages.js'
import type { Logger } from '../../../kit/context.js'
import { createStore, type StateStore } from '../../../kit/store.js'
import {
  ALERTS,
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
}

export interface AlertsControllerDeps {
  /** The page origin, named in the invalid-app-configuration alert. */
  origin?: string
  /** Each alert's long message is logged (error alerts as errors, the others as warnings). */
  logger?: Pick<Logger, 'warn' | 'error'>
}

const CLOSED: AlertState = { open: false, id: undefined, shortMessage: '', longMessage: '', variant: 'info' }

/**
 * The alerts of SPEC §8 (§8.5, §8.6): raise one from the catalogue, dismiss it, map universal-provider
 * errors to alerts at most once per kind per kit, and the RPC-method-not-allowed alert 300 ms after the
 * request it rejects.
 */
export function createAlertsController(deps: AlertsControllerDeps = {}) {
  const state: StateStore<AlertState> = createStore(CLOSED)
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const reportedKinds = new Set<ProviderErrorKind>()

  function show(id: AlertId, details: AlertDetails): void {
    const definition = ALERTS[id]
    const longMessage = definition.longMessage({ origin: deps.origin, ...details })
    state.set({
      open: true,
      id,
      shortMessage: definition.shortMessage,
      longMessage,
      variant: definition.variant,
    })
    if (definition.variant === 'error') deps.logger?.error(longMessage)
    else deps.logger?.warn(longMessage)
  }

  /** Shows alert `id` (after its catalogue delay, if it has one), replacing the current one. */
  function raise(id: AlertId, details: AlertDetails = {}): void {
    const delay = (ALERTS[id] as { delayMs?: number }).delayMs
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

    /** Closes the current alert. */
    dismiss(): void {
      state.set(CLOSED)
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
