import { type ChunkLoader, createChunkLoader } from '../kit/chunk-loader.js'
import type { SendControllerDeps } from './send-controller.js'
import type { SendController } from './types.js'

/**
 * Loads the send controller (`send-controller.ts`, a chunk of its own) once, when the Send view first opens or a
 * host asks. A failed load is tried again on the next call.
 */
export function createSendLoader(
  deps: () => SendControllerDeps,
): ChunkLoader<SendController & { dispose(): void }> {
  return createChunkLoader(() =>
    import('./send-controller.js').then(
      ({ createSendController }) =>
        () =>
          createSendController(deps()),
    ),
  )
}
