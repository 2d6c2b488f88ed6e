/** Assertions of the conformance suite: plain, framework-free, with messages that say what was expected. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure'
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ConformanceFailure(message)
}

function show(value: unknown): string {
  return typeof value === 'bigint'
    ? `${value}n`
    : JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))
}

export function equal<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected)
    throw new ConformanceFailure(`${what}: expected ${show(expected)}, got ${show(actual)}`)
}

export function sameList(actual: readonly unknown[], expected: readonly unknown[], what: string): void {
  equal(show(actual), show(expected), what)
}

/** Runs `action`, expecting it to fail with a provider error of `code`; returns that error. */
export async function rejectsWithCode(
  action: () => Promise<unknown>,
  code: number,
  what: string,
): Promise<void> {
  let outcome: unknown
  try {
    outcome = await action()
  } catch (error) {
    const actual = (error as { code?: unknown } | null)?.code
    equal(actual, code, `${what} should fail with code ${code}`)
    return
  }
  throw new ConformanceFailure(`${what} should fail with code ${code}, but resolved with ${show(outcome)}`)
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Waits until `predicate` holds (polling), failing with `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new ConformanceFailure(`Timed out waiting for ${what}`)
    await sleep(10)
  }
}
