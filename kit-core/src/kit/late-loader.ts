import type { TrackedEvent } from '../controllers/config/telemetry/events.js'
import type { KitLogger } from '../controllers/config/telemetry/logger.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import type { LateControllers, LateControllersDeps } from './late-controllers.js'

/**
 * Loads a kit's late controllers (`late-controllers.ts`, a chunk of its own) once: after the page's first paint, or
 * at once when something needs them first. A failed load is tried again on the next need.
 */
export function createLateLoader(deps: () => LateControllersDeps, logger: Pick<KitLogger, 'warn'>) {
  let late: LateControllers | undefined
  let loading: Promise<LateControllers> | undefined
  let waiting = 0
  const load = (): Promise<LateControllers> => {
    loading ??= import('./late-controllers.js').then(
      ({ createLateControllers }) => {
        late ??= createLateControllers(deps())
        return late
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  /** Runs `use` with the late controllers: now when they are there and nothing waits before it, else in turn. */
  const use = (run: (controllers: LateControllers) => void): void => {
    if (late && waiting === 0) {
      run(late)
      return
    }
    waiting++
    void load().then(
      (controllers) => {
        waiting--
        run(controllers)
      },
      (error: unknown) => {
        waiting--
        logger.warn('The kit could not load its controllers', error)
      },
    )
  }
  return {
    load,
    use,
    /** The late controllers when they are there. */
    current: (): LateControllers | undefined => late,
    /** The late controllers. @throws LatchkeyError before they loaded (`kit.ready`, `kit.loadControllers()`). */
    need(): LateControllers {
      if (late) return late
      throw new LatchkeyError(Messages.controllersNotLoaded, { code: 'UNSUPPORTED_OPERATION' })
    },
    /** The host's event listener, on the events controller once it is there (events before wait for it, in order). */
    subscribeEvents(listener: (event: TrackedEvent) => void): () => void {
      let stop: (() => void) | undefined
      let stopped = false
      use((controllers) => {
        if (!stopped) stop = controllers.events.subscribe(listener)
      })
      return () => {
        stopped = true
        stop?.()
      }
    },
  }
}
