// The secure frame's page script: starts the frame in this window (./boot.ts).
import { bootFrame } from './boot.js'

bootFrame({ window, document }).catch((error: unknown) => {
  // Nothing reaches the parent: a frame that cannot start never answers, and the kit's load deadline reports it.
  console.error('[latchkey frame] cannot start:', error instanceof Error ? error.message : 'unknown error')
})
