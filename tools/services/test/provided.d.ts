// What the root global setup (tools/stack/src/global-setup.ts) provides, as far as these tests use it. The
// full type is LocalStackInfo in @latchkey/stack, which depends on this package and so cannot be imported
// here; this is a structural subset of it.
declare module 'vitest' {
  interface ProvidedContext {
    stack: {
      evm: {
        chains: { chainId: number; name: string; rpcUrl: string; port: number }[]
        tokens: { LUSD: `0x${string}`; LKT: `0x${string}`; LUSDT: `0x${string}` }
      }
      solana: {
        clusters: readonly { name: string; rpcUrl: string; genesisHash: string }[]
        mint: { address: string; symbol: 'LUSD'; decimals: number }
        keypairs: readonly string[]
      }
      bitcoin: {
        networks: { name: string; network: string; esploraUrl: string }[]
        accounts: { index: number; payment: { addresses: Record<string, string> } }[]
      }
      services: { url: string }
    }
  }
}

export {}
