export { BitcoinAdapter, type BitcoinAdapterOptions } from './adapter.js'
export { BITCOIN_CHAINS, type BitcoinChainInfo, DEFAULT_ESPLORA_URLS } from './chains.js'
