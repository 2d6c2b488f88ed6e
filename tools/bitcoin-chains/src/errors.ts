import { LocalServiceError } from '@latchkey/local-ports'

/** Base class of the errors this package throws on purpose; a CLI can print their message without a stack. */
export class BitcoinChainsError extends LocalServiceError {
  override name = 'BitcoinChainsError'
}

/**
 * A transaction the network refuses. `code` and `reason` follow Bitcoin Core's sendrawtransaction answers (what
 * Esplora relays), `detail` says which input or output and why.
 */
export class TxRejectedError extends BitcoinChainsError {
  override name = 'TxRejectedError'
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(detail ? `${reason} (${detail})` : reason)
  }
}
