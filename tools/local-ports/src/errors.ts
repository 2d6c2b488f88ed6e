/**
 * Base class of the errors a local service throws on purpose (a port taken, a bad port variable, a backend that
 * failed to start): a CLI prints their message without a stack trace. Each service's own base class extends it.
 */
export class LocalServiceError extends Error {
  override name = 'LocalServiceError'
}

/** A fixed port a service should listen on is taken. */
export class PortInUseError extends LocalServiceError {
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
