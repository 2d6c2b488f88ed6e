/**
 * Two windows in one process for the transport's unit tests: `postMessage(message, targetOrigin)` delivers a
 * structured clone to the receiving window's listeners on a later task, with the sender's origin and window as
 * `event.origin` and `event.source`, and only when `targetOrigin` is the receiver's origin (as browsers do). The
 * browser test (transport.browser.test.ts) runs the same transport between two real origins.
 */
import type { FrameMessageSource, FramePostTarget } from '../../src/embedded.js'

export class FakeWindow implements FrameMessageSource, FramePostTarget {
  readonly listeners = new Set<(event: MessageEvent) => void>()
  /** What was posted to this window, with the target origin the sender named. */
  readonly received: { message: unknown; targetOrigin: string }[] = []
  /** The window whose code is posting to this one (set by {@link windowPair}). */
  sender: FakeWindow | undefined

  constructor(readonly origin: string) {}

  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener)
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener)
  }

  postMessage(message: unknown, targetOrigin: string): void {
    this.received.push({ message, targetOrigin })
    if (targetOrigin !== this.origin) return
    const from = this.sender
    if (!from) throw new Error('no sender window')
    this.deliver(message, from, from.origin)
  }

  /** Delivers `data` as if `source`, at `origin`, posted it (any window, any origin: for the refusal tests). */
  deliver(data: unknown, source: unknown, origin: string): void {
    const clone = structuredClone(data)
    setTimeout(() => {
      for (const listener of [...this.listeners]) listener({ data: clone, source, origin } as MessageEvent)
    }, 0)
  }
}

/** The page (on `pageOrigin`) and its frame (on `frameOrigin`), each posting to the other. */
export function windowPair(pageOrigin = 'http://127.0.0.1:5173', frameOrigin = 'http://localhost:5175') {
  const page = new FakeWindow(pageOrigin)
  const frame = new FakeWindow(frameOrigin)
  page.sender = frame
  frame.sender = page
  return { page, frame }
}

/** A logger that keeps its lines. */
export function memoryLogger() {
  const lines: string[] = []
  return { lines, warn: (...args: unknown[]) => lines.push(args.map(String).join(' ')) }
}

/** Resolves after the pending message deliveries (each is a task of its own). */
export const deliveries = () => new Promise((resolve) => setTimeout(resolve, 5))
