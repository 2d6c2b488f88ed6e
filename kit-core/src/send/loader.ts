import type { SendControllerDeps } from './send-controller.js'
import type { SendController, SendLoader } from './types.js'

/**
 * Loads the send controller (`send-controller.ts`, a chunk of its own) once, when the Send view first opens or a
 * host asks. A failed load is tried again on the next call.
 */
export function createSendLoader(deps: () => SendControllerDeps): SendLoader & { dispose(): void } {
  let controller: (SendController & { dispose(): void }) | undefined
  let loading: Promise<SendController> | undefined
  let disposed = false
  const load = (): Promise<SendController> => {
    loading ??= import('./send-controller.js').then(
      ({ createSendController }) => {
        if (!controller && !disposed) controller = createSendController(deps())
        if (!controller) throw new Error('The kit was destroyed')
        return controller
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    current: () => controller,
    load,
    dispose() {
      disposed = true
      controller?.dispose()
    },
  }
}
