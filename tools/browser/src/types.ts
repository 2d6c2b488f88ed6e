// The type import puts vitest into the program, which TypeScript 7 needs before it accepts the augmentation.
import type {} from 'vitest'

/** What the root global setup (tools/stack/src/global-setup.ts) provides for browser tests. */
export interface ProvidedBrowser {
  /** The shared Chromium's Playwright endpoint: `connectBrowser(inject('browserWsEndpoint'))`. */
  browserWsEndpoint: string
}

declare module 'vitest' {
  interface ProvidedContext extends ProvidedBrowser {}
}
