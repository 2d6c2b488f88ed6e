#!/usr/bin/env node
// `npm start`: runs the local stack on its fixed ports until Ctrl-C / SIGTERM.
import { EvmChainsError } from '@latchkey/evm-chains'
import { formatStackInfo } from './format.js'
import { type LocalStack, startStack } from './index.js'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

let stack: LocalStack | undefined
let stopping = false
let pendingSignal: NodeJS.Signals | undefined

/** Stops everything (children run in their own process group, so this must happen) and exits. */
async function shutdown(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await stack?.stop()
  } catch (error) {
    console.error('latchkey-stack: error while stopping:', error)
    code = 1
  }
  process.exit(code)
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) return
  if (!stack) {
    // Still starting: stop as soon as the start settles.
    pendingSignal = signal
    return
  }
  console.log(`\nReceived ${signal}, stopping the local stack…`)
  void shutdown(0)
}

async function main(): Promise<void> {
  // Handlers go in before anything starts, so a signal during startup still stops the children.
  for (const signal of SIGNALS) process.on(signal, onSignal)

  try {
    stack = await startStack()
  } catch (error) {
    if (error instanceof EvmChainsError) {
      // Expected failures (port in use, anvil missing or failing): the message says it all.
      console.error(`latchkey-stack: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
  if (pendingSignal) {
    onSignal(pendingSignal)
    return
  }
  stack.onCrash((error) => {
    if (stopping) return
    console.error(`latchkey-stack: ${error.message}`)
    void shutdown(1)
  })
  console.log(formatStackInfo(stack.info))
}

main().catch((error: unknown) => {
  console.error('latchkey-stack: failed to start:', error)
  process.exit(1)
})
