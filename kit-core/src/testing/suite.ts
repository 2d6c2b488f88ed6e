import { CONFORMANCE_CHECKS } from './checks.js'
import type { ConformanceCheckResult, ConformanceOptions, ConformanceReport } from './types.js'

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

/**
 * Runs the adapter conformance suite: each check in a fresh environment from `options.setup()`, one after
 * the other, against the real chain the caller's probe reads. Never throws for a failed check: the report
 * says which checks failed and why.
 */
export async function runConformanceSuite(options: ConformanceOptions): Promise<ConformanceReport> {
  const wanted = options.checks ?? CONFORMANCE_CHECKS.map((c) => c.id)
  const results: ConformanceCheckResult[] = []
  for (const { id, title, run } of CONFORMANCE_CHECKS) {
    if (!wanted.includes(id)) continue
    let error: string | undefined
    try {
      const env = await options.setup()
      try {
        await run(env, options)
      } finally {
        env.adapter.destroy()
        await env.cleanup?.()
      }
    } catch (caught) {
      error = describeError(caught)
    }
    results.push(error === undefined ? { id, title, passed: true } : { id, title, passed: false, error })
  }
  const failed = results.filter((r) => !r.passed).map((r) => r.id)
  return { name: options.name, passed: failed.length === 0, results, failed }
}

/** A readable summary of a report, one line per check. */
export function formatConformanceReport(report: ConformanceReport): string {
  const lines = report.results.map(
    (r) => `${r.passed ? 'pass' : 'FAIL'}  ${r.id}: ${r.title}${r.error ? `\n      ${r.error}` : ''}`,
  )
  return [
    `Conformance of ${report.name}: ${report.passed ? 'passed' : `failed ${report.failed.join(', ')}`}`,
    ...lines,
  ].join('\n')
}
