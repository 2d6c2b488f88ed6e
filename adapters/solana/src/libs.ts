import { LatchkeyError } from '@latchkey/core'
import type * as SplToken from '@solana/spl-token'
import type * as Web3 from '@solana/web3.js'

/** The Solana libraries the adapter runs on, loaded in `init`. */
export interface SolanaLibs {
  web3: typeof Web3
  spl: typeof SplToken
}

/** Hands out the loaded libraries; before `init` there are none. */
export type LibsOf = () => SolanaLibs

/**
 * Loads @solana/web3.js and @solana/spl-token. Not imported statically: bn.js (under web3.js) probes `window`
 * when it is imported, which the adapter's entry point must not do (SSR), and it keeps both libraries out of
 * a host's first chunk until the kit starts. In a browser, the global `Buffer` those libraries' layouts read
 * (the `buffer` package's, which they depend on) is set first when the page has none, so a host needs no
 * polyfill; a page's own `Buffer` is left as it is.
 */
export async function loadSolanaLibs(): Promise<SolanaLibs> {
  const scope = globalThis as { Buffer?: unknown }
  if (scope.Buffer === undefined) {
    // 'buffer/' is the npm package even where a bare 'buffer' means Node's builtin; a bundler may hand over
    // the CommonJS module as the default export of the dynamic import.
    const loaded = (await import('buffer/')) as { Buffer?: unknown; default?: { Buffer?: unknown } }
    scope.Buffer = loaded.Buffer ?? loaded.default?.Buffer
  }
  const [web3, spl] = await Promise.all([import('@solana/web3.js'), import('@solana/spl-token')])
  return { web3, spl }
}

/** A holder for the libraries of one adapter. @throws LatchkeyError INTERNAL_SDK_ERROR when read before init. */
export function libsHolder(): { get: LibsOf; set(libs: SolanaLibs): void } {
  let loaded: SolanaLibs | undefined
  return {
    get() {
      if (!loaded) {
        throw new LatchkeyError('The adapter is not initialised: the kit calls init() first', {
          code: 'INTERNAL_SDK_ERROR',
        })
      }
      return loaded
    },
    set(libs) {
      loaded = libs
    },
  }
}
