export { EthersAdapter, type EthersAdapterOptions } from './adapter.js'
export { readError, walletError } from './errors.js'
