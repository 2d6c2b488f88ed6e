import { LocalServiceError } from '@latchkey/local-ports'

/** Base class of the errors this package throws on purpose; a CLI can print their message without a stack. */
export class EvmChainsError extends LocalServiceError {
  override name = 'EvmChainsError'
}

/** No anvil binary for this platform. */
export class AnvilNotFoundError extends EvmChainsError {
  override name = 'AnvilNotFoundError'
}

/** Anvil exited, failed to spawn or did not start listening. */
export class AnvilStartError extends EvmChainsError {
  override name = 'AnvilStartError'
  constructor(
    message: string,
    /** What anvil wrote to stderr (trimmed), if anything. */
    readonly stderr: string,
  ) {
    super(stderr ? `${message}\n${stderr}` : message)
  }
}
