import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { assertPortFree, assertValidPort, LOCALHOST, PortInUseError } from '@latchkey/local-ports'
import { TEST_MNEMONIC } from './accounts.js'
import { AnvilNotFoundError, AnvilStartError } from './errors.js'

/** Environment variable that points at an anvil binary to use instead of the npm platform package. */
export const ANVIL_PATH_ENV = 'LATCHKEY_ANVIL_PATH'

const PLATFORMS: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'win32',
}
const ARCHES: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' }

/** The npm package that carries anvil for a platform and CPU, e.g. `@foundry-rs/anvil-linux-amd64`. */
export function anvilPackageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch) {
  const os = PLATFORMS[platform]
  const cpu = ARCHES[arch]
  return os && cpu ? `@foundry-rs/anvil-${os}-${cpu}` : undefined
}

/**
 * Path of the anvil binary: `LATCHKEY_ANVIL_PATH` if set, else the binary inside the installed
 * `@foundry-rs/anvil-<platform>-<arch>` package (an optional dependency of this package).
 */
export function resolveAnvilBinary(env: Record<string, string | undefined> = process.env): string {
  const override = env[ANVIL_PATH_ENV]?.trim()
  if (override) {
    if (!existsSync(override))
      throw new AnvilNotFoundError(`${ANVIL_PATH_ENV} points at ${override}, which does not exist.`)
    return override
  }
  const name = anvilPackageName()
  if (!name) {
    throw new AnvilNotFoundError(
      `anvil has no npm package for ${process.platform}-${process.arch}; install anvil (Foundry) and set ${ANVIL_PATH_ENV} to its path.`,
    )
  }
  let packageJson: string
  try {
    packageJson = createRequire(import.meta.url).resolve(`${name}/package.json`)
  } catch {
    throw new AnvilNotFoundError(
      `${name} is not installed (it is an optional dependency of @latchkey/evm-chains); run npm install, or set ${ANVIL_PATH_ENV} to an anvil binary.`,
    )
  }
  const binary = join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) throw new AnvilNotFoundError(`${name} is installed but has no ${binary}.`)
  return binary
}

export interface AnvilOptions {
  chainId: number
  /** Port on 127.0.0.1; 0 lets the OS choose one (read back from anvil's output). */
  port: number
  /** Environment variable that chooses this port; named in the error when the port is taken. */
  portEnvVar?: string
  /** Mnemonic of the dev accounts. Default: TEST_MNEMONIC. */
  mnemonic?: string
  /** How many mnemonic accounts anvil funds (indices 0..accounts-1). Default 20. */
  accounts?: number
  /** ETH given to each of them. Default 10000. */
  balance?: number
  /** Anvil binary. Default: resolveAnvilBinary(). */
  binary?: string
  /** Give up if anvil is not listening after this long. Default 30 s. */
  startupTimeoutMs?: number
}

export interface AnvilExit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A running anvil process. */
export interface AnvilInstance {
  readonly chainId: number
  /** The port it really listens on (the chosen one when started with port 0). */
  readonly port: number
  /** `http://127.0.0.1:<port>` */
  readonly rpcUrl: string
  readonly pid: number
  /** Settles when the process has exited, for whatever reason. */
  readonly exited: Promise<AnvilExit>
  /** Whether stop() was called. */
  readonly stopping: boolean
  /** The last few kilobytes anvil wrote to stdout and stderr, for diagnostics. */
  recentOutput(): string
  /** Terminates anvil (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. Idempotent. */
  stop(): Promise<void>
}

const OUTPUT_LIMIT = 16 * 1024
const STOP_GRACE_MS = 5_000

/** Children still running, killed synchronously if this process exits without stopping them. */
const live = new Set<ChildProcess>()
let exitHookInstalled = false
function trackChild(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.once('exit', () => {
      for (const running of live) running.kill('SIGKILL')
    })
  }
  live.add(child)
}

const LISTENING = /Listening on (?:\d{1,3}(?:\.\d{1,3}){3}|\[[^\]]*\]|[^\s:]+):(\d+)/
const ADDRESS_IN_USE = /address already in use|os error 98|os error 48|AddrInUse/i

/** Starts anvil on 127.0.0.1 and resolves once it is listening. */
export async function startAnvil(options: AnvilOptions): Promise<AnvilInstance> {
  const {
    chainId,
    port,
    portEnvVar,
    mnemonic = TEST_MNEMONIC,
    accounts = 20,
    balance = 10_000,
    startupTimeoutMs = 30_000,
  } = options
  assertValidPort(port, portEnvVar ?? 'port')
  if (port !== 0) await assertPortFree(port, portEnvVar)
  const binary = options.binary ?? resolveAnvilBinary()

  const args = [
    '--host',
    LOCALHOST,
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    mnemonic,
    '--accounts',
    String(accounts),
    '--balance',
    String(balance),
  ]
  // Own process group: a Ctrl-C in the terminal reaches only our process, which then stops anvil
  // itself, so a chain never disappears under a still-running stack.
  const child = spawn(binary, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  })
  trackChild(child)

  let stdout = ''
  let stderr = ''
  const append = (buffer: string, chunk: string) => {
    const next = buffer + chunk
    return next.length > OUTPUT_LIMIT ? next.slice(-OUTPUT_LIMIT) : next
  }
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  // Keep draining both pipes for the whole life of the process (anvil logs every request).
  child.stdout.on('data', (chunk: string) => {
    stdout = append(stdout, chunk)
  })
  child.stderr.on('data', (chunk: string) => {
    stderr = append(stderr, chunk)
  })

  const exited = new Promise<AnvilExit>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child)
      resolve({ code, signal })
    })
    child.once('error', () => {
      live.delete(child)
      resolve({ code: null, signal: null })
    })
  })

  const listeningPort = await new Promise<number>((resolve, reject) => {
    let pending = ''
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout.off('data', onData)
      child.off('error', onError)
      child.off('exit', onExit)
    }
    const onData = (chunk: string) => {
      pending += chunk
      const match = LISTENING.exec(pending)
      if (match?.[1]) {
        cleanup()
        resolve(Number(match[1]))
      } else if (pending.length > OUTPUT_LIMIT) {
        pending = pending.slice(-1024)
      }
    }
    const onError = (error: Error) => {
      cleanup()
      reject(new AnvilStartError(`Could not run anvil (${binary}): ${error.message}`, ''))
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanup()
      // stderr may still be arriving; give the pipe a tick to flush.
      setImmediate(() => {
        const text = stderr.trim()
        if (port !== 0 && ADDRESS_IN_USE.test(text)) reject(new PortInUseError(port, portEnvVar))
        else {
          const how = signal ? `signal ${signal}` : `code ${code}`
          reject(new AnvilStartError(`anvil (chain ${chainId}) exited with ${how} before listening.`, text))
        }
      })
    }
    const timer = setTimeout(() => {
      cleanup()
      child.kill('SIGKILL')
      reject(
        new AnvilStartError(
          `anvil (chain ${chainId}) was not listening after ${startupTimeoutMs} ms.`,
          stderr.trim() || stdout.trim().slice(-2000),
        ),
      )
    }, startupTimeoutMs)
    child.stdout.on('data', onData)
    child.once('error', onError)
    child.once('exit', onExit)
  })

  let stopping = false
  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping = true
    stopped ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      let timer: NodeJS.Timeout | undefined
      const forced = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), STOP_GRACE_MS)
        }),
      ])
      clearTimeout(timer)
      if (forced) {
        child.kill('SIGKILL')
        await exited
      }
    })()
    return stopped
  }

  return {
    chainId,
    port: listeningPort,
    rpcUrl: `http://${LOCALHOST}:${listeningPort}`,
    pid: child.pid ?? -1,
    exited,
    get stopping() {
      return stopping
    },
    recentOutput: () => `${stdout}${stderr ? `\n[stderr]\n${stderr}` : ''}`,
    stop,
  }
}
