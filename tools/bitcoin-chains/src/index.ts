export { isPortFree, LOCALHOST, LocalServiceError, PortInUseError } from '@latchkey/local-ports'
export {
  type BitcoinNetworkKind,
  type BitcoinTestAccount,
  type BitcoinTestKeys,
  FUNDED_ACCOUNT_COUNT,
  FUNDED_UTXO_COUNT,
  FUNDED_UTXO_SATS,
  getTestAccounts,
  getTestKeys,
  networkParams,
  paymentAddress,
  paymentPath,
  TEST_MNEMONIC,
  taprootAddress,
  taprootPath,
} from './accounts.js'
export { BitcoinChainsError, TxRejectedError } from './errors.js'
export { FEE_ESTIMATES } from './esplora.js'
export type { LedgerBlock } from './ledger.js'
export {
  BITCOIN_NETWORK_DEFAULTS,
  type BitcoinNetwork,
  type BitcoinNetworkInfo,
  type BitcoinNetworks,
  type BitcoinNetworksInfo,
  type StartBitcoinNetworksOptions,
  startBitcoinNetworks,
} from './networks.js'
