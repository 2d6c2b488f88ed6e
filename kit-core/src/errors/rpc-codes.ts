/**
 * The JSON-RPC and provider error codes of SPEC §8 (EIP-1474, EIP-1193, EIP-5792), with the message a
 * wallet-facing error carries when the wallet gave none.
 */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  InvalidInput: -32000,
  ResourceNotFound: -32001,
  ResourceUnavailable: -32002,
  TransactionRejected: -32003,
  MethodNotSupported: -32004,
  LimitExceeded: -32005,
  JsonRpcVersionUnsupported: -32006,
  UserRejectedRequest: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  Disconnected: 4900,
  ChainDisconnected: 4901,
  SwitchChainError: 4902,
  UnsupportedNonOptionalCapability: 5700,
  UnsupportedChainId: 5710,
  DuplicateId: 5720,
  UnknownBundleId: 5730,
  BundleTooLarge: 5740,
  AtomicReadyWalletRejectedUpgrade: 5750,
  AtomicityNotSupported: 5760,
} as const

export type RpcErrorCode = (typeof RpcErrorCode)[keyof typeof RpcErrorCode]

/** WalletConnect's (CAIP-25) "user rejected" code; it means the same as 4001. */
export const WALLETCONNECT_USER_REJECTED = 5000

export const RpcErrorMessages: Record<RpcErrorCode, string> = {
  [-32700]: 'Invalid JSON was received by the server.',
  [-32600]: 'The JSON sent is not a valid request object.',
  [-32601]: 'The method does not exist or is not available.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'An internal error was received.',
  [-32000]: 'Missing or invalid parameters.',
  [-32001]: 'Requested resource not found.',
  [-32002]: 'Requested resource not available.',
  [-32003]: 'Transaction creation failed.',
  [-32004]: 'Method is not implemented.',
  [-32005]: 'Request exceeds defined limit.',
  [-32006]: 'Version of JSON-RPC protocol is not supported.',
  4001: 'User rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The provider does not support the requested method.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is not connected to the requested chain.',
  4902: 'Unrecognized chain ID. Try adding the chain first.',
  5700: 'This wallet does not support a capability that was not marked as optional.',
  5710: 'This wallet does not support the requested chain ID.',
  5720: 'There is already a bundle submitted with this ID.',
  5730: 'This bundle ID is unknown or has not been submitted.',
  5740: 'The call bundle is too large for the wallet to process.',
  5750: 'The user rejected the upgrade of their account for atomic execution.',
  5760: 'The wallet does not support atomic execution but the request requires it.',
}

/** True when `code` is one of the table's codes. */
export function isKnownRpcErrorCode(code: number): code is RpcErrorCode {
  return Object.hasOwn(RpcErrorMessages, code)
}
