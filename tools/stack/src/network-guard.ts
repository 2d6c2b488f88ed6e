// The Node test setup's network guard (the WalletConnect issue's acceptance): any socket opened or name looked up
// outside loopback is refused at once and recorded, and the test that caused it fails, even when the code under
// test swallows the error (as SDK telemetry calls do). Sockets to 127.0.0.0/8, ::1 and localhost, and local IPC
// paths, pass.
import dns from 'node:dns'
import net from 'node:net'

/** Whether `host` names this machine's loopback interface. An absent host is Node's default, localhost. */
export function isLoopbackHost(host: string | undefined | null): boolean {
  if (host === undefined || host === null || host === '') return true
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost' || name === '::1') return true
  if (net.isIPv4(name)) return name.startsWith('127.')
  return name.startsWith('::ffff:127.') && net.isIPv6(name)
}

/** The error a refused socket or lookup fails with. */
export class OutsideNetworkError extends Error {
  readonly code = 'ENETUNREACH'
  constructor(readonly target: string) {
    super(`The test network guard refused ${target}: tests may only reach 127.0.0.1.`)
    this.name = 'OutsideNetworkError'
  }
}

const recorded: string[] = []
let installed = false

/** Where a `Socket#connect` call goes: the host and port, or undefined for a local IPC path. */
function targetOf(args: unknown[]): { host?: string; port?: unknown } | undefined {
  // net.connect() hands the socket its normalized arguments as one array.
  const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  const [first, second] = list
  if (first !== null && typeof first === 'object') {
    const options = first as { path?: unknown; host?: string; port?: unknown }
    if (typeof options.path === 'string') return undefined
    return { host: options.host, port: options.port }
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined // an IPC path
  return { host: typeof second === 'string' ? second : undefined, port: first }
}

/**
 * Patches `net.Socket#connect` and the `dns` lookups of this process (once; later calls do nothing) so every
 * target outside loopback is refused with {@link OutsideNetworkError} and recorded for {@link takeViolations}.
 */
export function installNetworkGuard(): void {
  if (installed) return
  installed = true
  const connect = net.Socket.prototype.connect
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args)
    if (target && !isLoopbackHost(target.host)) {
      const error = new OutsideNetworkError(`a connection to ${target.host}:${String(target.port)}`)
      recorded.push(error.target)
      process.nextTick(() => this.destroy(error))
      return this
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof connect

  const refuse = (hostname: string) => {
    const error = new OutsideNetworkError(`a lookup of ${hostname}`)
    recorded.push(error.target)
    return error
  }
  const lookup = dns.lookup
  dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
    if (!isLoopbackHost(hostname)) {
      const callback = rest.at(-1) as (error: Error) => void
      const error = refuse(hostname)
      process.nextTick(() => callback(error))
      return
    }
    return (lookup as (...a: unknown[]) => void).call(dns, hostname, ...rest)
  } as typeof dns.lookup
  const promisedLookup = dns.promises.lookup
  dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
    if (!isLoopbackHost(hostname)) throw refuse(hostname)
    return (promisedLookup as (...a: unknown[]) => Promise<unknown>).call(dns.promises, hostname, ...rest)
  }) as typeof dns.promises.lookup
}

/** The refused targets since the last call, oldest first; the list is emptied. */
export function takeViolations(): string[] {
  return recorded.splice(0)
}
