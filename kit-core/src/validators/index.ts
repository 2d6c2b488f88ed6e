// Public API of this area: the validators of SPEC §5 owned by the core.
export { type IsAddressOptions, isAddress, toChecksumAddress } from './address.js'
export { isSignedMessage, isTransactionHash } from './hex.js'
export {
  isWalletAsset,
  isWalletAssetsResponse,
  isWalletCallList,
  type WalletCall,
} from './wallet-responses.js'
