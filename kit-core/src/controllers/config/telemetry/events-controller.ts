import { LatchkeyError } from '../../../errors/errors.js'
import * as Messages from '../../../errors/messages.js'
import type { Logger } from '../../../kit/context.js'
import type { KitEnvironment } from '../../../kit/environment.js'
import { createStore, type StateStore } from '../../../kit/store.js'
import type { ErrorReport, ProviderApi } from '../../../services/types.js'
import {
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  type KitEvent,
  type TrackedEvent,
} from './events.js'
import { redactSecrets } from './logger.js'

/** Whether anything may be sent: not yet known (nothing is sent), on, off. */
export type AnalyticsStatus = 'pending' | 'on' | 'off'

export interface EventsState {
  lastEvent: TrackedEvent | undefined
  analytics: AnalyticsStatus
}

export interface EventsControllerDeps {
  env: Pick<KitEnvironment, 'now' | 'window' | 'origin'>
  /** The Provider API client: the analytics switch and the error-report sink. */
  providerApi?: Pick<ProviderApi, 'getAnalyticsConfig' | 'sendError'>
  /** The host's `features.analytics` (read at each send). */
  isAnalyticsFeatureOn(): boolean
  /** Sends a tracked event to a telemetry service, when the kit has one; only ever called with analytics on. */
  sendEvent?(event: TrackedEvent): Promise<void>
  /** Values never sent (the project id). */
  secrets?: readonly string[]
  logger?: Pick<Logger, 'debug' | 'warn'>
}

/** What waits for the analytics decision, at most this many items (older ones dropped). */
const PENDING_LIMIT = 50

function randomId(): string {
  const crypto = globalThis.crypto
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Wraps anything thrown into a {@link LatchkeyError} (INTERNAL_SDK_ERROR, the original as `cause`). */
function wrapError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : Messages.somethingWentWrong
  return new LatchkeyError(message || Messages.somethingWentWrong, {
    code: 'INTERNAL_SDK_ERROR',
    cause: error,
  })
}

/**
 * Events and telemetry (SPEC §8.8): typed events to subscribers, and to the service only once the
 * Provider API's analytics config said yes AND the host's `features.analytics` is on; kit errors wrapped
 * and reported through `ProviderApi.sendError`, at most {@link ERROR_REPORTS_PER_MINUTE} a minute, with
 * secrets, query strings and fragments left out.
 */
export function createEventsController(deps: EventsControllerDeps) {
  const state: StateStore<EventsState> = createStore<EventsState>({
    lastEvent: undefined,
    analytics: 'pending',
  })
  const listeners = new Set<(event: TrackedEvent) => void>()
  const pending: (() => void)[] = []
  const sentAt: number[] = []
  const secrets = deps.secrets ?? []

  const sending = () => state.get().analytics === 'on' && deps.isAnalyticsFeatureOn()

  function whenAllowed(send: () => void): void {
    const status = state.get().analytics
    if (status === 'pending') {
      pending.push(send)
      if (pending.length > PENDING_LIMIT) pending.shift()
    } else if (sending()) send()
  }

  function page(): { url: string; domain: string } {
    try {
      const location = deps.env.window?.location
      if (location) return { url: `${location.origin}${location.pathname}`, domain: location.hostname }
      if (deps.env.origin) return { url: deps.env.origin, domain: new URL(deps.env.origin).hostname }
    } catch {
      // No readable page: report without one.
    }
    return { url: '', domain: '' }
  }

  function sendReport(error: LatchkeyError, category: string): void {
    const now = deps.env.now()
    while (sentAt.length > 0 && now - (sentAt[0] ?? 0) >= ERROR_REPORT_WINDOW_MS) sentAt.shift()
    if (sentAt.length >= ERROR_REPORTS_PER_MINUTE || !deps.providerApi) {
      deps.logger?.debug('events: error report dropped (rate limit or no service)')
      return
    }
    sentAt.push(now)
    const report: ErrorReport = {
      eventId: randomId(),
      ...page(),
      timestamp: now,
      props: {
        type: 'error',
        event: category,
        errorType: error.name,
        errorMessage: redactSecrets(error.message, secrets),
        ...(error.stack ? { stackTrace: redactSecrets(error.stack, secrets) } : {}),
      },
    }
    const api = deps.providerApi
    Promise.resolve()
      .then(() => api.sendError(report))
      .catch((cause: unknown) => deps.logger?.debug('events: report failed', cause))
  }

  return {
    state,

    /** Tells subscribers about an event and, with analytics on, the telemetry service. Never throws. */
    track(event: KitEvent): void {
      const tracked: TrackedEvent = { timestamp: deps.env.now(), data: event }
      state.patch({ lastEvent: tracked })
      for (const listener of [...listeners]) {
        try {
          listener(tracked)
        } catch (error) {
          deps.logger?.warn('events: a subscriber threw', error)
        }
      }
      const send = deps.sendEvent
      if (send) {
        whenAllowed(() => {
          Promise.resolve()
            .then(() => send(tracked))
            .catch((cause: unknown) => deps.logger?.debug('events: send failed', cause))
        })
      }
    },

    /** Calls `listener` with every tracked event from now on (the host's `subscribeEvents`); returns the unsubscribe. */
    subscribe(listener: (event: TrackedEvent) => void): () => void {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    /**
     * Asks the Provider API whether analytics is on (false when it fails or there is no client), then sends
     * or drops what waited. Never throws.
     */
    async init(): Promise<boolean> {
      let enabled = false
      try {
        enabled = (await deps.providerApi?.getAnalyticsConfig()) === true
      } catch {
        enabled = false
      }
      const on = enabled && deps.isAnalyticsFeatureOn()
      state.patch({ analytics: on ? 'on' : 'off' })
      const waiting = pending.splice(0)
      if (on) for (const send of waiting) send()
      return on
    },

    /**
     * Wraps a kit error into a {@link LatchkeyError} and reports it (once analytics is on, within the rate
     * cap). Returns the wrapped error for the caller to rethrow or show. Never throws.
     */
    reportError(error: unknown, category = 'INTERNAL_SDK_ERROR'): LatchkeyError {
      const wrapped = wrapError(error)
      whenAllowed(() => sendReport(wrapped, category))
      return wrapped
    },
  }
}

/** What {@link createEventsController} returns. */
export type EventsController = ReturnType<typeof createEventsController>
