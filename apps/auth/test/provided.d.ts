// What the root global setup (tools/stack/src/global-setup.ts) provides, as far as these tests use it. The full type
// is LocalStackInfo in @latchkey/stack, which depends on this package and so cannot be imported here; this is a
// structural subset of it.
declare module 'vitest' {
  interface ProvidedContext {
    stack: {
      services: { url: string }
      mail: { url: string; smtpHost: string; smtpPort: number }
      auth: { url: string; frameOrigin: string }
    }
  }
}

export {}
