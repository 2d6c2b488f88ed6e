// vitest setup file of every Node test project: installs the network guard and fails a test that tried to
// reach outside loopback (see network-guard.ts).
import { afterEach } from 'vitest'
import { installNetworkGuard, takeViolations } from './network-guard.js'

installNetworkGuard()

afterEach(() => {
  const violations = takeViolations()
  if (violations.length > 0) {
    throw new Error(`This test tried to reach outside 127.0.0.1: ${violations.join('; ')}.`)
  }
})
