import type { Logger } from '../../../kit/context.js'

/** Log levels, quietest last; 'silent' logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

/** The default level (SPEC §9): only errors, unless the host sets `debug`. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'error'
/** The recent-log buffer holds at most this many bytes of UTF-8 text (SPEC §9); the oldest lines go first. */
export const LOG_BUFFER_BYTES = 1_024_000

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }
const REDACTED = '[redacted]'

/** Where log lines go besides the buffer; the console by default (read when a line is written). */
export type LogSink = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>

export interface LoggerOptions {
  /** Default {@link DEFAULT_LOG_LEVEL}; `debug: true` lowers it to 'debug'. */
  level?: LogLevel
  debug?: boolean
  /** Values never written anywhere (the project id); matched literally. */
  secrets?: readonly string[]
  sink?: LogSink
  /** Default {@link LOG_BUFFER_BYTES}. */
  bufferBytes?: number
  /** Time stamp of a line; default Date.now. */
  now?: () => number
}

/** The kit's logger: the {@link Logger} interface plus its level and the buffer of recent lines. */
export interface KitLogger extends Logger {
  readonly level: LogLevel
  setLevel(level: LogLevel): void
  /** Adds a value to redact from now on (a project id learnt later). */
  addSecret(secret: string): void
  /** The buffered lines, oldest first (what a bug report attaches). */
  getLogs(): string[]
  /** The buffer's size in bytes of UTF-8. */
  getBufferSize(): number
  clearLogs(): void
}

/** Keys whose values are secret whatever they hold. */
const SECRET_KEY = /private_?key|mnemonic|seed_?phrase|secret|password|projectid/i
const PATTERNS: readonly RegExp[] = [
  // A private key: 32 bytes of hex (a transaction hash looks the same; dropping one from a log is harmless).
  /\b(?:0x)?[0-9a-fA-F]{64}\b/g,
  // Something shaped like a project id: 16 bytes of hex.
  /\b[0-9a-fA-F]{32}\b/g,
  // A mnemonic: 12 to 24 lowercase words of 3 to 8 letters (the BIP-39 word shape).
  /\b(?:[a-z]{3,8} ){11,23}[a-z]{3,8}\b/g,
  // Secrets in query strings and JSON-ish text.
  /((?:projectId|private_?key|mnemonic|secret)["']?\s*[=:]\s*["']?)[^\s&"',}]+/gi,
]

/**
 * Replaces anything that looks like a secret in `text` with '[redacted]': the listed values, private keys
 * (64 hex digits), project-id-shaped values (32 hex digits), mnemonics, and `projectId=`/`privateKey:` values.
 */
export function redactSecrets(text: string, secrets: Iterable<string> = []): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, (match, prefix?: unknown) =>
      typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    )
  }
  return out
}

function formatArg(arg: unknown): string {
  if (typeof arg === 'string') return arg
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`
  if (typeof arg === 'bigint') return `${arg}n`
  if (typeof arg !== 'object' || arg === null) return String(arg)
  try {
    return JSON.stringify(arg, (key, value: unknown) => {
      if (key && SECRET_KEY.test(key)) return REDACTED
      return typeof value === 'bigint' ? `${value}n` : value
    })
  } catch {
    return Object.prototype.toString.call(arg)
  }
}

/** UTF-8 byte length without allocating an encoder. */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/**
 * Creates a kit's logger. Lines at or above the level go to the sink and to a buffer of recent lines capped
 * at {@link LOG_BUFFER_BYTES} (oldest dropped). Every line is redacted with {@link redactSecrets} first, and
 * object arguments lose the values of secret-named keys. Never throws.
 */
export function createLogger(options: LoggerOptions = {}): KitLogger {
  let level: LogLevel = options.level ?? (options.debug ? 'debug' : DEFAULT_LOG_LEVEL)
  const secrets = new Set((options.secrets ?? []).filter((s) => s.length > 0))
  const limit = options.bufferBytes ?? LOG_BUFFER_BYTES
  const now = options.now ?? Date.now
  const lines: { text: string; bytes: number }[] = []
  let size = 0

  function write(lineLevel: Exclude<LogLevel, 'silent'>, args: unknown[]): void {
    if (RANK[lineLevel] < RANK[level]) return
    try {
      const message = redactSecrets(args.map(formatArg).join(' '), secrets)
      const text = `${new Date(now()).toISOString()} ${lineLevel.toUpperCase()} ${message}`
      const bytes = utf8Length(text)
      lines.push({ text, bytes })
      size += bytes
      while (size > limit && lines.length > 0) size -= lines.shift()?.bytes ?? 0
      const sink = options.sink ?? globalThis.console
      sink[lineLevel](`[latchkey] ${message}`)
    } catch {
      // A logger never breaks the code that logs.
    }
  }

  return {
    get level() {
      return level
    },
    setLevel(next) {
      level = next
    },
    addSecret(secret) {
      if (secret.length > 0) secrets.add(secret)
    },
    debug: (...args) => write('debug', args),
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
    getLogs: () => lines.map((line) => line.text),
    getBufferSize: () => size,
    clearLogs() {
      lines.length = 0
      size = 0
    },
  }
}
