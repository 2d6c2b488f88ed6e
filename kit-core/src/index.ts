/**
 * @latchkey/core: the ChainAdapter contract, CAIP helpers, the network catalogue, errors and the HTTP and
 * JSON-RPC clients. No rendering, no chain library; importing it touches no browser global.
 */
export * from './adapter/index.js'
export * from './caip/index.js'
export * from './errors/index.js'
export * from './networks/index.js'
export * from './transport/index.js'
export { createEmitter, type Emitter } from './utils/emitter.js'
export { formatUnits, parseUnits, Units } from './utils/units.js'
export { VERSION } from './version.js'
