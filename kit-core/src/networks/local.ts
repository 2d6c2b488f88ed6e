import { defineNetwork } from './define.js'

// The offline stack's two EVM chains (tools/evm-chains, started by `npm start` and by the tests): for the repository's
// lab, tests and benchmarks, not part of the public catalogue (`@latchkey/core/networks`).

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * The offline stack's first local EVM chain (`npm start`: 127.0.0.1:8545). Not a testnet, so balances show.
 * Tests that start the stack on other ports derive their network with {@link withRpcUrl}.
 */
export const latchkeyLocal = /*#__PURE__*/ defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Latchkey Local',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

/** The offline stack's second local EVM chain (127.0.0.1:8546). */
export const latchkeyLocal2 = /*#__PURE__*/ defineNetwork({
  id: 31338,
  chainNamespace: 'eip155',
  name: 'Latchkey Local 2',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
})
