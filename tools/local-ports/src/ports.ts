import { readFileSync } from 'node:fs'
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

/** The lowest port a picked port may have: above the well-known and most registered services' ports. */
const PICK_FLOOR = 10_000
/** Ports this process has picked, never handed out twice. */
const picked = new Set<number>()

/** The first port of the kernel's ephemeral range (Linux's setting; the IANA range elsewhere). */
function ephemeralFloor(): number {
  try {
    const text = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    const low = Number(text.trim().split(/\s+/)[0])
    if (Number.isInteger(low) && low > PICK_FLOOR + 1_000) return low
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return 49_152
}

/**
 * A port of 127.0.0.1 that is free now, for a server a moment later: picked below the kernel's ephemeral range, so no
 * outgoing connection (whose local port comes from that range) can take it in between, and never the same twice in one
 * process. Binding port 0 and closing it, the usual trick, hands out a port the very next outgoing connection may get.
 */
export async function pickFreePort(host: string = LOCALHOST): Promise<number> {
  const ceiling = ephemeralFloor()
  for (let tries = 0; tries < 1_000; tries++) {
    const port = PICK_FLOOR + Math.floor(Math.random() * (ceiling - PICK_FLOOR))
    if (picked.has(port)) continue
    // Held while it is checked, so that two picks at once never agree on one port.
    picked.add(port)
    if (await isPortFree(port, host)) return port
    picked.delete(port)
  }
  throw new LocalServiceError(`No free port of ${host} between ${PICK_FLOOR} and ${ceiling}.`)
}

/**
 * The embedded wallet's secure frame port for `npm start`: the frame listens there and the auth service answers the
 * origin `http://localhost:<this port>` only. LATCHKEY_FRAME_PORT overrides it (both read the same variable).
 */
export const DEFAULT_FRAME_PORT = 5175
/** Environment variable that chooses the secure frame's port. */
export const FRAME_PORT_ENV = 'LATCHKEY_FRAME_PORT'
