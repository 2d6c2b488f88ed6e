import type * as Ethers from 'ethers5'

/** The ethers v5 module, as the adapter uses it once loaded. */
export type EthersLib = typeof Ethers

/**
 * Loads ethers v5 (on `init`). It is not imported statically because importing it probes `window` (ethers
 * sets `window._ethers`, bn.js reads `window.Buffer`), which the adapter's entry point must not do on import
 * (SSR); it also keeps ethers out of a host's initial bundle until the kit starts.
 */
export function loadEthers(): Promise<EthersLib> {
  return import('ethers5')
}
