// Folders of the bench. The harness runs from .out/ (compiled by bench.mjs) and type-checks from src/: both sit
// one level below tools/bench.
import { resolve } from 'node:path'

export const BENCH_DIR = resolve(import.meta.dirname, '..')
/** Built apps, one folder each, plus /bench-config.js (git-ignored). */
export const APPS_DIR = resolve(BENCH_DIR, '.apps')
/** results.md, results.json, ratios.svg. */
export const RESULTS_DIR = resolve(BENCH_DIR, 'results')
/** Screenshots of failed runs (git-ignored). */
export const FAILURES_DIR = resolve(BENCH_DIR, '.out', 'failures')
/** Screenshots of each stage with --screenshots (git-ignored). */
export const SCREENSHOTS_DIR = resolve(BENCH_DIR, '.out', 'screenshots')
export const TRACES_DIR = resolve(BENCH_DIR, '.out', 'traces')
