// biome-ignore lint/suspicious/noExplicitAny: listeners take whatever the event carries
export type Listener = (...args: any[]) => void

/**
 * The small Node-style event emitter behind the provider's `on` / `removeListener` (EIP-1193). Listeners run
 * synchronously in registration order; a listener that throws is reported with `console.error` and does not
 * stop the others.
 */
export class Emitter {
  readonly #listeners = new Map<string, Listener[]>()

  on(event: string, listener: Listener): void {
    const list = this.#listeners.get(event)
    if (list) list.push(listener)
    else this.#listeners.set(event, [listener])
  }

  once(event: string, listener: Listener): void {
    const wrapper: Listener = (...args) => {
      this.off(event, wrapper)
      listener(...args)
    }
    ;(wrapper as { original?: Listener }).original = listener
    this.on(event, wrapper)
  }

  off(event: string, listener: Listener): void {
    const list = this.#listeners.get(event)
    if (!list) return
    const index = list.findIndex(
      (entry) => entry === listener || (entry as { original?: Listener }).original === listener,
    )
    if (index >= 0) list.splice(index, 1)
    if (list.length === 0) this.#listeners.delete(event)
  }

  removeAll(event?: string): void {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
  }

  count(event: string): number {
    return this.#listeners.get(event)?.length ?? 0
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`[evm-wallet] a "${event}" listener threw`, error)
      }
    }
  }
}
