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
