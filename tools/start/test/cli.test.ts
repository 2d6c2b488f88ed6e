// `npm start`'s process, run from dist/ (build first): the stack, the lab and the wallet simulator on the ports of
// the environment.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pickFreePort } from '@latchkey/local-ports'
import { afterEach, describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const VARIABLES = [
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
  'LATCHKEY_LAB_PORT',
  'LATCHKEY_WALLET_PORT',
] as const

const children: ChildProcess[] = []
/** The services stand-in's and the auth service's data folders of each run: never the repository's `.data`. */
const dataDirs: string[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A free port for a server started a moment later (outside the ephemeral range: @latchkey/local-ports). */
function freePort(): Promise<number> {
  return pickFreePort()
}

function run(env: Record<string, string>) {
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
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output, exit }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 45_000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('npm start', () => {
  it('serves the stack (the mail sink and the auth service too), the lab and the wallet simulator, prints their pages, and stops on SIGINT', {
    timeout: 60_000,
  }, async () => {
    const env = Object.fromEntries(
      await Promise.all(VARIABLES.map(async (name) => [name, String(await freePort())])),
    )
    const started = run(env)
    await until(
      () => started.output.stdout.includes('Press Ctrl-C to stop.') || started.child.exitCode !== null,
      'the start',
    )
    expect(started.output.stderr).toBe('')
    const lab = `http://127.0.0.1:${env.LATCHKEY_LAB_PORT}`
    for (const page of ['wagmi', 'ethers', 'ethers5', 'vanilla'])
      expect(started.output.stdout).toContain(`${lab}/${page}`)
    expect(started.output.stdout).toContain(`ws://127.0.0.1:${env.LATCHKEY_RELAY_PORT}`)
    expect(started.output.stdout).toContain(`mailbox http://127.0.0.1:${env.LATCHKEY_MAIL_PORT}/`)
    expect(started.output.stdout).toMatch(
      new RegExp(`Auth service .*\\n +http://127\\.0\\.0\\.1:${env.LATCHKEY_AUTH_PORT}\\n`),
    )
    const html = await (await fetch(`${lab}/ethers`)).text()
    expect(html).toContain('<script')
    const config = (await (await fetch(`${lab}/lab-config.json`)).json()) as {
      evm: { chains: { rpcUrl: string }[] }
    }
    expect(config.evm.chains.map((chain) => chain.rpcUrl)).toEqual([
      `http://127.0.0.1:${env.LATCHKEY_EVM1_PORT}`,
      `http://127.0.0.1:${env.LATCHKEY_EVM2_PORT}`,
    ])
    const wallet = `http://127.0.0.1:${env.LATCHKEY_WALLET_PORT}`
    expect(started.output.stdout).toContain(`${wallet}/`)
    const walletPage = await fetch(`${wallet}/`)
    expect(walletPage.headers.get('content-security-policy')).toContain(
      `ws://127.0.0.1:${env.LATCHKEY_RELAY_PORT}`,
    )
    expect(await walletPage.text()).toContain('id="wallet-sim-config"')
    started.child.kill('SIGINT')
    expect(await started.exit).toBe(0)
  })

  it.each(['LATCHKEY_LAB_PORT', 'LATCHKEY_WALLET_PORT'])(
    'names %s when its port is taken, after stopping the stack',
    {
      timeout: 60_000,
    },
    async (variable) => {
      const taken = createServer()
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
      const { port } = taken.address() as { port: number }
      try {
        const env = Object.fromEntries(
          await Promise.all(VARIABLES.map(async (name) => [name, String(await freePort())])),
        )
        const started = run({ ...env, [variable]: String(port) })
        expect(await started.exit).toBe(1)
        expect(started.output.stderr.trim()).toBe(
          `latchkey-start: Port ${port} is already in use; set ${variable} to another port.`,
        )
      } finally {
        await new Promise((resolve) => taken.close(resolve))
      }
    },
  )
})
