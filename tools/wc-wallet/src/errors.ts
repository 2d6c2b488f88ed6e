// The JSON-RPC errors the wallet answers WalletConnect requests with.
import { getSdkError } from '@walletconnect/utils'

/** A JSON-RPC error object as it travels in a WalletConnect response. */
export interface WcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** An error the wallet answers a request with: its `code`, `message` and `data` go to the dApp as they are. */
export class WcRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'WcRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  toJSON(): WcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** EIP-1193's "User rejected the request." (4001): what the wallet answers a rejected request with by default. */
export const USER_REJECTED_REQUEST: Readonly<WcErrorObject> = Object.freeze({
  code: 4001,
  message: 'User rejected the request.',
})

/** -32602 with a reason. */
export function invalidParams(reason: string): WcRpcError {
  return new WcRpcError(-32602, `Invalid params: ${reason}`)
}

/** The SDK's error of `key` (e.g. UNSUPPORTED_METHODS 5101), with a detail after its message. */
export function sdkError(
  key: 'UNSUPPORTED_METHODS' | 'UNSUPPORTED_CHAINS' | 'UNSUPPORTED_ACCOUNTS' | 'UNSUPPORTED_NAMESPACE_KEY',
  detail: string,
): WcRpcError {
  const { code, message } = getSdkError(key)
  return new WcRpcError(code, `${message} ${detail}`)
}

/** The error object of anything thrown while answering: its own code and message, else -32603. */
export function toErrorObject(error: unknown): WcErrorObject {
  if (error instanceof WcRpcError) return error.toJSON()
  if (typeof error === 'object' && error !== null) {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof code === 'number' && Number.isInteger(code) && typeof message === 'string') {
      return data === undefined ? { code, message } : { code, message, data }
    }
    if (typeof message === 'string') return { code: -32603, message }
  }
  return { code: -32603, message: String(error) }
}
