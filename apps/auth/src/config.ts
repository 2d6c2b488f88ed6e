// The config file of a deployment (`latchkey-auth --config ./auth.config.json`), read strictly: an unknown or
// malformed field stops the start with a message naming it. Secrets stay out of the file: the SMTP password and the
// key-encryption key come from a variable or a file it names.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { AUTH_DATABASE_URL_ENV, AUTH_KEK_ENV } from './defaults.js'
import { AuthConfigError } from './errors.js'
import { parseKek } from './secrets.js'
import type { AuthMode, StartAuthOptions } from './server.js'

type Json = Record<string, unknown>

const TOP = [
  'mode',
  'host',
  'port',
  'publicUrl',
  'databaseUrl',
  'dataDir',
  'frameOrigin',
  'providerApiUrl',
  'smtp',
  'kek',
  'smartAccountNetworks',
] as const
const SMTP = ['host', 'port', 'secure', 'requireTLS', 'ignoreTLS', 'user', 'passwordEnv', 'from'] as const

function object(value: unknown, name: string, allowed: readonly string[]): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthConfigError(`${name} must be an object.`)
  }
  const unknown = Object.keys(value).find((key) => !allowed.includes(key))
  if (unknown)
    throw new AuthConfigError(`${name}.${unknown} is not a setting (known: ${allowed.join(', ')}).`)
  return value as Json
}

function text(json: Json, key: string, name: string, required: true): string
function text(json: Json, key: string, name: string, required?: false): string | undefined
function text(json: Json, key: string, name: string, required = false): string | undefined {
  const value = json[key]
  if (value === undefined && !required) return undefined
  if (typeof value !== 'string' || value.trim() === '')
    throw new AuthConfigError(`${name}.${key} must be a non-empty string.`)
  return value
}

function flag(json: Json, key: string, name: string): boolean | undefined {
  const value = json[key]
  if (value !== undefined && typeof value !== 'boolean')
    throw new AuthConfigError(`${name}.${key} must be true or false.`)
  return value
}

function port(json: Json, key: string, name: string): number | undefined {
  const value = json[key]
  if (value === undefined) return undefined
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 65_535) {
    throw new AuthConfigError(`${name}.${key} must be a port number between 0 and 65535.`)
  }
  return value as number
}

/** The key-encryption key the config names: `{ file }` (relative to the config) or `{ env }`; else LATCHKEY_AUTH_KEK. */
function readKek(
  value: unknown,
  baseDir: string,
  env: Record<string, string | undefined>,
): Uint8Array | undefined {
  if (value === undefined) {
    const fromEnv = env[AUTH_KEK_ENV]
    return fromEnv ? parseKek(fromEnv, AUTH_KEK_ENV) : undefined
  }
  const source = object(value, 'config.kek', ['file', 'env'])
  const file = text(source, 'file', 'config.kek')
  const variable = text(source, 'env', 'config.kek')
  if ((file === undefined) === (variable === undefined))
    throw new AuthConfigError('config.kek needs exactly one of file and env.')
  if (file !== undefined) {
    const path = resolve(baseDir, file)
    let content: string
    try {
      content = readFileSync(path, 'utf8')
    } catch (error) {
      throw new AuthConfigError(`config.kek.file ${path} cannot be read: ${(error as Error).message}`)
    }
    return parseKek(content, `The file ${path}`)
  }
  const content = env[variable ?? '']
  if (!content) throw new AuthConfigError(`config.kek.env names ${variable}, which is not set.`)
  return parseKek(content, `The variable ${variable}`)
}

/**
 * The start options a parsed config file describes; relative paths are relative to `baseDir` (the file's folder).
 * LATCHKEY_AUTH_DATABASE_URL, when set, wins over databaseUrl and dataDir.
 * @throws AuthConfigError naming the first field at fault.
 */
export function parseConfig(
  value: unknown,
  baseDir: string,
  env: Record<string, string | undefined> = process.env,
): StartAuthOptions {
  const json = object(value, 'config', TOP)
  const mode = json.mode ?? 'production'
  if (mode !== 'production' && mode !== 'development' && mode !== 'test') {
    throw new AuthConfigError("config.mode must be 'production', 'development' or 'test'.")
  }
  const smtp = object(json.smtp, 'config.smtp', SMTP)
  const smtpPort = port(smtp, 'port', 'config.smtp')
  if (smtpPort === undefined) throw new AuthConfigError('config.smtp.port is required.')
  const passwordEnv = text(smtp, 'passwordEnv', 'config.smtp')
  const password = passwordEnv === undefined ? undefined : env[passwordEnv]
  if (passwordEnv !== undefined && !password)
    throw new AuthConfigError(`config.smtp.passwordEnv names ${passwordEnv}, which is not set.`)
  const networks = json.smartAccountNetworks ?? []
  if (!Array.isArray(networks) || !networks.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new AuthConfigError(
      'config.smartAccountNetworks must be a list of EIP-155 chain ids (positive integers).',
    )
  }
  const databaseUrl = env[AUTH_DATABASE_URL_ENV]?.trim() || text(json, 'databaseUrl', 'config')
  const dataDir = text(json, 'dataDir', 'config')
  const listen = port(json, 'port', 'config')
  const host = text(json, 'host', 'config')
  const publicUrl = text(json, 'publicUrl', 'config')
  const kek = readKek(json.kek, baseDir, env)
  const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value })
  return {
    mode: mode as AuthMode,
    env,
    frameOrigin: text(json, 'frameOrigin', 'config', true),
    providerApiUrl: text(json, 'providerApiUrl', 'config', true),
    database: databaseUrl ? { url: databaseUrl } : dataDir ? { dataDir: resolve(baseDir, dataDir) } : {},
    smtp: {
      host: text(smtp, 'host', 'config.smtp', true),
      port: smtpPort,
      from: text(smtp, 'from', 'config.smtp', true),
      ...optional('secure', flag(smtp, 'secure', 'config.smtp')),
      ...optional('requireTLS', flag(smtp, 'requireTLS', 'config.smtp')),
      ...optional('ignoreTLS', flag(smtp, 'ignoreTLS', 'config.smtp')),
      ...optional('user', text(smtp, 'user', 'config.smtp')),
      ...optional('password', password),
    },
    smartAccountNetworks: networks as number[],
    ...optional('port', listen),
    ...optional('host', host),
    ...optional('publicUrl', publicUrl),
    ...optional('kek', kek),
  }
}

/** Reads and parses a config file. @throws AuthConfigError for a file that cannot be read, is not JSON, or is malformed. */
export function loadConfig(
  path: string,
  env: Record<string, string | undefined> = process.env,
): StartAuthOptions {
  const file = resolve(path)
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch (error) {
    throw new AuthConfigError(`The config file ${file} cannot be read as JSON: ${(error as Error).message}`)
  }
  return parseConfig(value, dirname(file), env)
}
