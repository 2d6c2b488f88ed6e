/** Base class of the errors this package throws on purpose; a CLI can print their message without a stack. */
export class EvmChainsError extends Error {
  override name = 'EvmChainsError'
}

/** A fixed port the chains should listen on is taken. */
export class PortInUseError extends EvmChainsError {
  override name = 'PortInUseError'
  constructor(
    readonly port: number,
    /** The environment variable that chooses this port, named in the message. */
    readonly envVar?: string,
  ) {
    super(
      envVar
        ? `Port ${port} is already in use; set ${envVar} to another port.`
        : `Port ${port} is already in use; choose another port.`,
    )
  }
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
