import { createServer } from 'node:net'
import { LocalServiceError, PortInUseError } from './errors.js'

/** Host every local service binds to. */
export const LOCALHOST = '127.0.0.1'

/**
 * Reads a port from an environment variable. Returns undefined when the variable is unset or empty.
 * @throws LocalServiceError when it is not an integer in 0..65535 (0 asks for an ephemeral port).
 */
export function portFromEnv(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  const port = Number(raw)
  if (!/^\d+$/.test(raw) || port > 65_535) {
    throw new LocalServiceError(`${name} must be a port number between 0 and 65535, got '${env[name]}'.`)
  }
  return port
}

/** @throws LocalServiceError if `port` is not an integer in 0..65535. */
export function assertValidPort(port: number, label: string): void {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new LocalServiceError(`${label} must be a port number between 0 and 65535, got ${port}.`)
  }
}

/** Whether nothing listens on `port` of 127.0.0.1 (found by binding it for a moment). */
export function isPortFree(port: number, host: string = LOCALHOST): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(false)
      else reject(error)
    })
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true))
    })
  })
}

/** @throws PortInUseError (naming `envVar`) if `port` is taken. */
export async function assertPortFree(port: number, envVar?: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, envVar)
}
