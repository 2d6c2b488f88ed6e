// The `npm start` CLI, run as a real process from dist/ (build first: `npx nx run @latchkey/stack:build`).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pickFreePort } from '@latchkey/local-ports'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rpc } from './support.js'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const children: ChildProcess[] = []
const servers: Server[] = []
/**
 * The services stand-in's and the auth service's data folders of each run: fresh ones, never the repository's
 * `.data/services` and `.data/auth`.
 */
const dataDirs: string[] = []
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing; build first: npx nx run @latchkey/stack:build`)
})

function listen(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(undefined))
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/** Binds port 0 and returns the port the OS chose (still held). */
async function occupyPort(): Promise<number> {
  const server = await listen(0)
  if (!server) throw new Error('could not bind')
  servers.push(server)
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A free port for a server started a moment later (outside the ephemeral range: @latchkey/local-ports). */
function freePort(): Promise<number> {
  return pickFreePort()
}

async function isFree(port: number): Promise<boolean> {
  const server = await listen(port)
  if (!server) return false
  await new Promise((resolve) => server.close(resolve))
  return true
}

const PORT_VARIABLES = [
  'LATCHKEY_EVM1_PORT',
  'LATCHKEY_EVM2_PORT',
  'LATCHKEY_SOLANA1_PORT',
  'LATCHKEY_SOLANA2_PORT',
  'LATCHKEY_BTC1_PORT',
  'LATCHKEY_BTC2_PORT',
  'LATCHKEY_SERVICES_PORT',
  'LATCHKEY_RELAY_PORT',
  'LATCHKEY_MAIL_SMTP_PORT',
  'LATCHKEY_MAIL_PORT',
  'LATCHKEY_AUTH_PORT',
  'LATCHKEY_FRAME_PORT',
] as const
type PortVariable = (typeof PORT_VARIABLES)[number]

/**
 * A free port for every service, as the environment the CLI reads (so a run never meets `npm start`'s fixed
 * ports), with `overrides` taking their place.
 */
async function portEnv(
  overrides: Partial<Record<PortVariable, number>> = {},
): Promise<Record<PortVariable, string>> {
  const env = {} as Record<PortVariable, string>
  for (const name of PORT_VARIABLES) env[name] = String(overrides[name] ?? (await freePort()))
  return env
}

interface Run {
  child: ChildProcess
  output: { stdout: string; stderr: string }
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function runCli(env: Record<string, string>): Run {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-services-'))
  const authDir = mkdtempSync(join(tmpdir(), 'latchkey-auth-'))
  dataDirs.push(dataDir, authDir)
  const child = spawn(process.execPath, [CLI], {
    env: { ...process.env, LATCHKEY_SERVICES_DATA_DIR: dataDir, LATCHKEY_AUTH_DATA_DIR: authDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const output = { stdout: '', stderr: '' }
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk
  })
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output, exit }
}

/** Resolves with stdout once `marker` was printed; rejects if the process exits first. */
function waitForOutput(run: Run, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (run.output.stdout.includes(marker)) {
        run.child.stdout?.off('data', check)
        resolve(run.output.stdout)
      }
    }
    run.child.stdout?.on('data', check)
    void run.exit.then(({ code, signal }) =>
      reject(
        new Error(
          `CLI exited (${code ?? signal}) before printing '${marker}':\n${run.output.stdout}\n${run.output.stderr}`,
        ),
      ),
    )
    check()
  })
}

describe('latchkey-stack CLI', () => {
  it('serves every chain and the services on the ports from the environment and stops cleanly on SIGINT', {
    timeout: 60_000,
  }, async () => {
    const env = await portEnv()
    const run = runCli(env)
    const printed = await waitForOutput(run, 'Press Ctrl-C to stop.')

    const url = (name: PortVariable) => `http://127.0.0.1:${env[name]}`
    const urls = [...printed.matchAll(/(?:http|ws):\/\/127\.0\.0\.1:\d+/g)].map((match) => match[0])
    expect(urls).toEqual([
      ...PORT_VARIABLES.slice(0, PORT_VARIABLES.indexOf('LATCHKEY_RELAY_PORT')).map(url),
      `ws://127.0.0.1:${env.LATCHKEY_RELAY_PORT}`,
      url('LATCHKEY_MAIL_PORT'),
      url('LATCHKEY_AUTH_PORT'),
    ])
    expect(printed).toContain(`SMTP    127.0.0.1:${env.LATCHKEY_MAIL_SMTP_PORT}`)
    expect(printed).toContain(`answers the frame origin http://localhost:${env.LATCHKEY_FRAME_PORT} only`)
    expect(printed).toContain(`http://localhost:${env.LATCHKEY_FRAME_PORT}/frame.html`)
    expect((await fetch(`${url('LATCHKEY_FRAME_PORT')}/health`)).status).toBe(200)
    expect(await (await fetch(`${url('LATCHKEY_AUTH_PORT')}/health`)).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    })
    expect((await fetch(`${url('LATCHKEY_MAIL_PORT')}/`)).status).toBe(200)
    // The relay speaks WebSocket only: a plain HTTP request is told to upgrade.
    expect((await fetch(url('LATCHKEY_RELAY_PORT'))).status).toBe(426)
    const services = await fetch(`${url('LATCHKEY_SERVICES_PORT')}/v1/supported-chains`)
    expect(((await services.json()) as { http: string[] }).http).toContain('eip155:31337')
    expect(printed).toContain('Latchkey Local ')
    expect(printed).toContain('Latchkey Local 2')
    expect(printed).toContain('Latchkey Solana Local 2')
    expect(printed).toContain('Latchkey Bitcoin Regtest')
    expect(printed).toContain('test test test test test test test test test test test junk')
    expect(printed).toMatch(/LUSD +0x[0-9a-fA-F]{40}/)

    expect(await rpc(url('LATCHKEY_EVM1_PORT'), 'eth_chainId')).toBe('0x7a69') // 31337
    expect(await rpc(url('LATCHKEY_EVM2_PORT'), 'eth_chainId')).toBe('0x7a6a') // 31338
    for (const name of ['LATCHKEY_EVM1_PORT', 'LATCHKEY_EVM2_PORT'] as const) {
      expect(
        BigInt((await rpc(url(name), 'eth_getBalance', [ACCOUNT_0, 'latest'])) as string),
      ).toBeGreaterThan(0n)
    }
    const genesis = await Promise.all(
      (['LATCHKEY_SOLANA1_PORT', 'LATCHKEY_SOLANA2_PORT'] as const).map((name) =>
        rpc(url(name), 'getGenesisHash'),
      ),
    )
    expect(genesis[0]).not.toBe(genesis[1])
    for (const name of ['LATCHKEY_BTC1_PORT', 'LATCHKEY_BTC2_PORT'] as const) {
      expect(Number(await (await fetch(`${url(name)}/blocks/tip/height`)).text())).toBeGreaterThanOrEqual(0)
    }
    expect(await isFree(Number(env.LATCHKEY_EVM1_PORT))).toBe(false)

    run.child.kill('SIGINT')
    expect(await run.exit).toEqual({ code: 0, signal: null })
    expect(run.output.stdout).toContain('Received SIGINT, stopping the local stack')
    expect(run.output.stderr).toBe('')
    for (const name of PORT_VARIABLES) expect(await isFree(Number(env[name]))).toBe(true)
  })

  it('stops cleanly on SIGTERM too', { timeout: 60_000 }, async () => {
    const env = await portEnv()
    const run = runCli(env)
    await waitForOutput(run, 'Press Ctrl-C to stop.')
    run.child.kill('SIGTERM')
    expect(await run.exit).toEqual({ code: 0, signal: null })
    for (const name of PORT_VARIABLES) expect(await isFree(Number(env[name]))).toBe(true)
  })

  it.each(['LATCHKEY_EVM2_PORT', 'LATCHKEY_SOLANA1_PORT', 'LATCHKEY_BTC2_PORT'] as const)(
    'prints the port-in-use error for %s without a stack trace, stops the rest and exits 1',
    {
      timeout: 60_000,
    },
    async (name) => {
      const taken = await occupyPort()
      const env = await portEnv({ [name]: taken })
      const run = runCli(env)
      expect(await run.exit).toEqual({ code: 1, signal: null })
      expect(run.output.stderr.trim()).toBe(
        `latchkey-stack: Port ${taken} is already in use; set ${name} to another port.`,
      )
      expect(run.output.stderr).not.toMatch(/\n\s+at /)
      // What did start was stopped again.
      for (const other of PORT_VARIABLES.filter((variable) => variable !== name)) {
        expect(await isFree(Number(env[other]))).toBe(true)
      }
    },
  )

  it.each(['LATCHKEY_SERVICES_PORT', 'LATCHKEY_AUTH_PORT', 'LATCHKEY_FRAME_PORT'] as const)(
    'names %s when its port is taken, after stopping what started before it',
    { timeout: 60_000 },
    async (variable) => {
      const taken = await occupyPort()
      const env = await portEnv({ [variable]: taken })
      const run = runCli(env)
      expect(await run.exit).toEqual({ code: 1, signal: null })
      expect(run.output.stderr.trim()).toBe(
        `latchkey-stack: Port ${taken} is already in use; set ${variable} to another port.`,
      )
      for (const name of PORT_VARIABLES.filter((other) => other !== variable)) {
        expect(await isFree(Number(env[name]))).toBe(true)
      }
    },
  )
})
