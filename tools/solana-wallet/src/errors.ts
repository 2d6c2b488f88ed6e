/** Error codes the Solana test wallet answers with (the EIP-1193 numbers Solana wallets reuse). */
export const WalletErrorCode = {
  /** The user rejected the request. */
  userRejected: 4001,
  /** The site is not connected, or the account is not one the user authorized. */
  unauthorized: 4100,
  /** The request names a chain the wallet is not on. */
  wrongChain: 4901,
  /** Bad input (undecodable transaction, unknown account). */
  invalidParams: -32602,
} as const

/** An error of the test wallet: a message plus a numeric `code` and, for cluster errors, the RPC's `data`. */
export class SolanaWalletError extends Error {
  override name = 'SolanaWalletError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** The error of a request the simulated user rejected. */
export function userRejected(): SolanaWalletError {
  return new SolanaWalletError(WalletErrorCode.userRejected, 'User rejected the request.')
}
