// A deployment: one command and a config file. The file is read strictly, secrets come from a file or a variable it
// names, production refuses to start without a key-encryption key, and the built CLI serves until SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { AuthConfigError, generateKek, parseConfig, startAuthServer } from '../src/index.js'

const CLI = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'latchkey-auth-config-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(folder, { recursive: true, force: true })
})

const example = () => ({
  mode: 'production',
  port: 0,
  publicUrl: 'https://auth.example.com',
  dataDir: './data',
  frameOrigin: 'https://frame.example.com',
  providerApiUrl: 'https://provider.example.com',
  smtp: {
    host: 'smtp.example.com',
    port: 587,
    requireTLS: true,
    user: 'latchkey',
    passwordEnv: 'SMTP_PASSWORD',
    from: 'Latchkey <login@example.com>',
  },
  kek: { file: './kek' },
  smartAccountNetworks: [8453],
})

describe('the config file', () => {
  const kek = generateKek()
  writeFileSync(join(folder, 'kek'), `${kek}\n`)

  it('gives the start options, paths relative to the file, secrets from the file and the variable it names', () => {
    const options = parseConfig(example(), folder, { SMTP_PASSWORD: 'secret' })
    expect(options).toMatchObject({
      mode: 'production',
      port: 0,
      publicUrl: 'https://auth.example.com',
      database: { dataDir: join(folder, 'data') },
      frameOrigin: 'https://frame.example.com',
      smtp: { host: 'smtp.example.com', port: 587, requireTLS: true, user: 'latchkey', password: 'secret' },
      smartAccountNetworks: [8453],
    })
    expect(Buffer.from(options.kek ?? []).toString('base64')).toBe(kek)
    const url = 'postgres://auth@db.example.com/auth'
    const fromEnv = parseConfig({ ...example(), databaseUrl: url }, folder, {
      SMTP_PASSWORD: 'x',
      LATCHKEY_AUTH_DATABASE_URL: 'postgres://other@db/auth',
    })
    expect(fromEnv.database).toEqual({ url: 'postgres://other@db/auth' })
    expect(parseConfig({ ...example(), databaseUrl: url }, folder, { SMTP_PASSWORD: 'x' }).database).toEqual({
      url,
    })
  })

  it.each([
    ['an unknown setting', { listen: 1 }, 'config.listen is not a setting'],
    [
      'an unknown SMTP setting',
      { smtp: { ...example().smtp, pass: 'x' } },
      'config.smtp.pass is not a setting',
    ],
    [
      'a KEK variable that is not set',
      { kek: { env: 'NOT_SET' } },
      'config.kek.env names NOT_SET, which is not set.',
    ],
    ['a KEK file that is missing', { kek: { file: './missing' } }, 'config.kek.file'],
    [
      'a KEK that is not 32 bytes',
      { kek: { env: 'SHORT_KEK' } },
      'must hold a key-encryption key of 32 bytes in base64',
    ],
    ['an unknown mode', { mode: 'staging' }, "config.mode must be 'production', 'development' or 'test'."],
    ['chain ids as strings', { smartAccountNetworks: ['8453'] }, 'config.smartAccountNetworks'],
  ])('refuses %s, naming it', (_what, change, message) => {
    const env = { SMTP_PASSWORD: 'x', SHORT_KEK: 'c2hvcnQ=' }
    expect(() => parseConfig({ ...example(), ...change }, folder, env)).toThrow(AuthConfigError)
    expect(() => parseConfig({ ...example(), ...change }, folder, env)).toThrow(message)
  })

  it('refuses to start in production without a key-encryption key; development makes one up', async () => {
    const { kek: _kek, ...withoutKek } = example()
    const options = parseConfig({ ...withoutKek, dataDir: undefined }, folder, { SMTP_PASSWORD: 'x' })
    await expect(
      startAuthServer({ ...options, database: { dataDir: join(folder, 'never') } }),
    ).rejects.toThrow('No key-encryption key: production needs one')
    expect(existsSync(join(folder, 'never'))).toBe(false)
    const logged: string[] = []
    const dev = await startAuthServer({ ...options, mode: 'development', log: (line) => logged.push(line) })
    await dev.stop()
    expect(logged).toEqual([expect.stringContaining('no key-encryption key given, one made up for this run')])
  })
})

describe('latchkey-auth --config', () => {
  it('serves from a config file until SIGTERM, and --generate-kek prints a key', {
    timeout: 30_000,
  }, async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing; build first: npx nx run @latchkey/auth:build`)
    const { mail, services } = inject('stack')
    const config = {
      ...example(),
      host: '127.0.0.1',
      dataDir: './cli-data',
      providerApiUrl: services.url,
      smtp: {
        host: mail.smtpHost,
        port: mail.smtpPort,
        ignoreTLS: true,
        from: 'Latchkey <login@example.com>',
      },
    }
    writeFileSync(join(folder, 'auth.config.json'), JSON.stringify(config))
    const child = spawn(process.execPath, [CLI, '--config', join(folder, 'auth.config.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const url = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+) \(database: pglite/.exec(output)
        if (match?.[1]) resolve(match[1])
      }
      child.stdout?.on('data', check)
      void exit.then(() => reject(new Error(`latchkey-auth exited: ${output}`)))
    })
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok', database: 'pglite' })
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(existsSync(join(folder, 'cli-data', 'pglite'))).toBe(true)

    const generated = spawn(process.execPath, [CLI, '--generate-kek'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let key = ''
    generated.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      key += chunk
    })
    await new Promise((resolve) => generated.once('exit', resolve))
    expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32)
  })
})
