/**
 * @latchkey/adapter-ethers5: Latchkey's eip155 adapter on ethers v5 (installed as `ethers5`, beside ethers v6).
 * Importing it touches no browser global.
 */
export { Ethers5Adapter, type Ethers5AdapterOptions } from './adapter.js'
export { readError, walletError } from './errors.js'
export type { BatchRpcProvider, RankedFallbackProvider, ReadEndpoint, RpcClasses } from './rpc.js'
