// The `npm start` process: runs the local stack (and whatever `extras` adds, such as the lab) on its fixed ports
// until Ctrl-C / SIGTERM, printing the endpoints; a port that is taken is printed without a stack trace.
import { LocalServiceError } from '@latchkey/local-ports'
import { formatStackInfo } from './format.js'
import { type LocalStack, startStack } from './index.js'
import type { LocalStackInfo } from './types.js'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** More services started once the stack runs, with the lines `npm start` prints about them. */
export interface StackExtras {
  lines: string[]
  stop(): Promise<void>
}

export interface RunStackOptions {
  /** Starts what runs on top of the stack (it reads the stack's endpoints); stopped before the stack. */
  extras?: (info: LocalStackInfo) => Promise<StackExtras>
  /** The name errors are printed under. Default 'latchkey-stack'. */
  name?: string
}

/** Runs the stack in this process until a signal stops it; exits the process. */
export async function runStack(options: RunStackOptions = {}): Promise<void> {
  const name = options.name ?? 'latchkey-stack'
  let stack: LocalStack | undefined
  let extras: StackExtras | undefined
  let stopping = false
  let started = false
  let pendingSignal: NodeJS.Signals | undefined

  /** Stops everything (chains run in their own process group, so this must happen) and exits. */
  async function shutdown(code: number): Promise<void> {
    if (stopping) return
    stopping = true
    try {
      await extras?.stop()
      await stack?.stop()
    } catch (error) {
      console.error(`${name}: error while stopping:`, error)
      code = 1
    }
    process.exit(code)
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) return
    if (!started) {
      // Still starting: stop as soon as the start settles.
      pendingSignal = signal
      return
    }
    console.log(`\nReceived ${signal}, stopping the local stack…`)
    void shutdown(0)
  }

  // Handlers go in before anything starts, so a signal during startup still stops the children.
  for (const signal of SIGNALS) process.on(signal, onSignal)
  try {
    stack = await startStack()
    extras = await options.extras?.(stack.info)
  } catch (error) {
    await stack?.stop()
    if (error instanceof LocalServiceError) {
      // Expected failures (port in use, anvil missing or failing): the message says it all.
      console.error(`${name}: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
  started = true
  if (pendingSignal) {
    onSignal(pendingSignal)
    return
  }
  stack.onCrash((error) => {
    if (stopping) return
    console.error(`${name}: ${error.message}`)
    void shutdown(1)
  })
  console.log(formatStackInfo(stack.info, extras?.lines))
}
