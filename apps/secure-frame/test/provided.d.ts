// What the root global setup (tools/stack/src/global-setup.ts) provides, as far as these tests use it. The full type
// is LocalStackInfo in @latchkey/stack, which depends on this package and so cannot be imported here; this is a
// structural subset of it.
declare module 'vitest' {
  interface ProvidedContext {
    stack: {
      evm: { chains: { chainId: number; name: string; rpcUrl: string }[] }
      solana: { clusters: readonly { name: string; rpcUrl: string; genesisHash: string }[] }
      services: { url: string }
      mail: { url: string }
      auth: { url: string; frameOrigin: string }
      frame: { url: string; origin: string }
    }
  }
}

export {}
