// Messages of SPEC §5 and §8 that only the kit's later chunks use; `Messages` (messages.ts) re-exports them.

export const actionNotAllowed = 'Action not allowed'
export const authInitFailed = 'A problem occurred while trying initialize authentication'
export const httpRequestFailed = 'HTTP request failed.'
export const httpStatus = (status: number) => `HTTP status code: ${status}`
export const httpTimeout = 'The request took too long to respond.'
export const invalidSiwxSession = 'Invalid sign-in session'
export const localConfigurationIgnored = 'Local configuration ignored'
export const noConnectionControllerClient = 'No ConnectionController client found'
export const requestAborted = 'Request was aborted'
export const rpcCallNotAllowed = 'Requested RPC call is not allowed'
export const signatureDeclined = 'Signature declined'
export const smartAccountsUnsupported = 'This application might not support Smart Accounts'
export const somethingWentWrong = 'Something went wrong'

// Reliability (issue 20): messages of the kit's own, where the spec gives none.
/** An answer larger than the client's cap (2 MB for the services, 32 MB for RPC by default); it is not read further. */
export const responseTooLarge = (limit: number) => `The response is larger than the ${limit} bytes allowed`
/** An answer that ended before the length it announced. */
export const responseTruncated = 'The response ended before its announced length'
/** A WalletConnect request whose session ended before the wallet answered (code 4900). */
export const walletConnectSessionEnded = 'The WalletConnect session ended before the wallet answered'
/** A WalletConnect request the wallet did not answer within the request timeout. */
export const walletConnectRequestTimedOut = (seconds: number) =>
  `The wallet did not answer over WalletConnect within ${seconds} seconds`
