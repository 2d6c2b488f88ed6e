import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PortInUseError } from './errors.js'
import { LOCALHOST } from './ports.js'

/** A local HTTP server that listens: its URL on 127.0.0.1, its port, and how to stop it. */
export interface ListeningServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** Closes the server and every open connection; the same promise on each call. */
  stop(): Promise<void>
}

/**
 * Starts `server` on `port` (0 = ephemeral) of 127.0.0.1, or of `host`.
 * @throws PortInUseError (naming `envVar`, the variable that chose the port) when the port is taken.
 */
export async function listenLocal(
  server: Server,
  port: number,
  options: { host?: string; envVar?: string } = {},
): Promise<ListeningServer> {
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EADDRINUSE' ? new PortInUseError(port, options.envVar) : error),
    )
    server.listen(port, options.host ?? LOCALHOST, () => {
      server.removeAllListeners('error')
      done()
    })
  })
  const bound = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    url: `http://${LOCALHOST}:${bound}`,
    port: bound,
    stop() {
      stopped ??= new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      return stopped
    },
  }
}
