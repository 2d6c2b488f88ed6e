#!/usr/bin/env node
// The local stack alone, on its fixed ports until Ctrl-C / SIGTERM (`npm start` adds the lab: tools/start).
import { runStack } from './run.js'

runStack().catch((error: unknown) => {
  console.error('latchkey-stack: failed to start:', error)
  process.exit(1)
})
