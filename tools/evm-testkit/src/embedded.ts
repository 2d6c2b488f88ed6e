// The embedded wallet's side of the testkit (its own entry: it imports vitest's `vi` and `describe`): the fake frame
// every EVM adapter's AUTH connector tests use, and the suite of the adapters on core's shared EIP-1193 session.
export { type AuthSuiteAdapter, type AuthSuiteOptions, describeAuthConnector } from './auth-connector.js'
export { type FakeFrameState, fakeEmbeddedFrame } from './embedded-frame.js'
