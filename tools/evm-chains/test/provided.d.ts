// What the root global setup (tools/stack/src/global-setup.ts) provides, as far as these tests use it.
// The full type is LocalStackInfo in @latchkey/stack, which depends on this package and so cannot be
// imported here; this is a structural subset of it.
import type { EvmChainInfo, EvmTokenAddresses } from '../src/index.js'

declare module 'vitest' {
  interface ProvidedContext {
    stack: { evm: { chains: EvmChainInfo[]; mnemonic: string; tokens: EvmTokenAddresses } }
  }
}
