/**
 * @latchkey/core/testing: the adapter conformance suite. The caller brings the adapter, a test-wallet driver
 * and a chain probe, so this module imports no chain library and no test framework.
 */
export { ConformanceFailure } from './assert.js'
export { CONFORMANCE_CHECKS } from './checks.js'
export { formatConformanceReport, runConformanceSuite } from './suite.js'
export type {
  ConformanceChainProbe,
  ConformanceCheckId,
  ConformanceCheckResult,
  ConformanceEnvironment,
  ConformanceOptions,
  ConformanceReport,
  ConformanceWalletDriver,
  ProbedTransaction,
} from './types.js'
