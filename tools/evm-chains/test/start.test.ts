// Tests that need chains of their own rather than the shared ones from the global setup.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pickFreePort } from '@latchkey/local-ports'
import { formatEther, formatUnits } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import {
  AnvilStartError,
  type EvmChains,
  EvmChainsError,
  getTestAccounts,
  isPortFree,
  LocalServiceError,
  PortInUseError,
  resolveEvmPorts,
  startAnvil,
  startEvmChains,
  TOKENS,
} from '../src/index.js'
import { publicClientFor } from './helpers.js'

const servers: Server[] = []
const started: EvmChains[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((chains) => chains.stop()))
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** Occupies an OS-chosen port on 127.0.0.1 and returns it. */
async function occupyPort(): Promise<number> {
  const server = createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A free port for a server started a moment later (outside the ephemeral range: @latchkey/local-ports). */
function freePort(): Promise<number> {
  return pickFreePort()
}

describe('startEvmChains', () => {
  it('funds accounts 0..9 with 10000 ETH and 1,000,000 of every token on a fresh pair of chains', async () => {
    const chains = await startEvmChains({ ephemeral: true })
    started.push(chains)
    const accounts = getTestAccounts()
    for (const chain of chains.chains) {
      const client = publicClientFor(chain)
      for (const account of accounts) {
        expect(formatEther(await client.getBalance({ address: account.address }))).toBe('10000')
        for (const token of Object.values(TOKENS)) {
          const balance = await client.readContract({
            address: token.address,
            abi: token.abi,
            functionName: 'balanceOf',
            args: [account.address],
          })
          expect(formatUnits(balance, token.decimals)).toBe('1000000')
        }
      }
    }
  })

  it('throws a clear error when a fixed port is taken, naming the environment variable', async () => {
    const taken = await occupyPort()
    const error = await startEvmChains({ evm1: { port: taken }, evm2: { port: 0 } }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(PortInUseError)
    expect((error as Error).message).toBe(
      `Port ${taken} is already in use; set LATCHKEY_EVM1_PORT to another port.`,
    )

    const error2 = await startEvmChains({
      env: { LATCHKEY_EVM2_PORT: String(taken) },
      evm1: { port: 0 },
    }).catch((caught: unknown) => caught)
    expect((error2 as Error).message).toBe(
      `Port ${taken} is already in use; set LATCHKEY_EVM2_PORT to another port.`,
    )
  })

  it('starts on fixed ports chosen by the environment and frees them on stop()', async () => {
    const ports = [await freePort(), await freePort()]
    const chains = await startEvmChains({
      env: { LATCHKEY_EVM1_PORT: String(ports[0]), LATCHKEY_EVM2_PORT: String(ports[1]) },
    })
    started.push(chains)
    expect(chains.chains.map((chain) => chain.port)).toEqual(ports)
    expect(chains.chains.map((chain) => chain.rpcUrl)).toEqual(
      ports.map((port) => `http://127.0.0.1:${port}`),
    )
    expect(await publicClientFor(chains.chains[1]).getChainId()).toBe(31338)
    expect(await isPortFree(ports[0] ?? 0)).toBe(false)

    await chains.stop()
    await chains.stop() // idempotent
    expect(await isPortFree(ports[0] ?? 0)).toBe(true)
    expect(await isPortFree(ports[1] ?? 0)).toBe(true)
  })

  it('reports a chain that dies on its own, but not one that was stopped', async () => {
    const chains = await startEvmChains({ ephemeral: true })
    started.push(chains)
    const crash = new Promise<Error>((resolve) => chains.onCrash(resolve))
    // Kill chain B behind the handle's back.
    process.kill(chains.anvil[1].pid, 'SIGKILL')
    const error = await crash
    expect(error).toBeInstanceOf(EvmChainsError)
    expect(error.message).toContain('Latchkey Local 2')
    expect(error.message).toContain('exited unexpectedly with signal SIGKILL')
  })
})

describe('resolveEvmPorts', () => {
  it('prefers options, then ephemeral, then the environment, then 8545/8546', () => {
    expect(resolveEvmPorts({ env: {} })).toEqual([8545, 8546])
    expect(resolveEvmPorts({ env: { LATCHKEY_EVM1_PORT: '9001', LATCHKEY_EVM2_PORT: ' 9002 ' } })).toEqual([
      9001, 9002,
    ])
    expect(resolveEvmPorts({ env: { LATCHKEY_EVM1_PORT: '9001' }, ephemeral: true })).toEqual([0, 0])
    expect(resolveEvmPorts({ env: { LATCHKEY_EVM1_PORT: '9001' }, evm1: { port: 7000 } })).toEqual([
      7000, 8546,
    ])
    expect(resolveEvmPorts({ env: { LATCHKEY_EVM2_PORT: '' } })).toEqual([8545, 8546])
  })

  it('rejects bad and clashing ports', () => {
    expect(() => resolveEvmPorts({ env: { LATCHKEY_EVM1_PORT: 'eighty' } })).toThrow(
      "LATCHKEY_EVM1_PORT must be a port number between 0 and 65535, got 'eighty'.",
    )
    expect(() => resolveEvmPorts({ env: { LATCHKEY_EVM2_PORT: '70000' } })).toThrow(LocalServiceError)
    expect(() => resolveEvmPorts({ evm1: { port: -1 } })).toThrow(LocalServiceError)
    expect(() =>
      resolveEvmPorts({ env: { LATCHKEY_EVM1_PORT: '9000', LATCHKEY_EVM2_PORT: '9000' } }),
    ).toThrow('Both local chains would use port 9000')
  })
})

describe.skipIf(process.platform === 'win32')('startAnvil', () => {
  it('reports what anvil wrote to stderr when it fails to start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-anvil-'))
    const fake = join(dir, 'anvil')
    writeFileSync(fake, '#!/bin/sh\necho "error: the flux capacitor is missing" >&2\nexit 3\n')
    chmodSync(fake, 0o755)
    const error = await startAnvil({ chainId: 31337, port: 0, binary: fake }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(AnvilStartError)
    expect((error as AnvilStartError).message).toContain('exited with code 3 before listening')
    expect((error as AnvilStartError).stderr).toBe('error: the flux capacitor is missing')
  })

  it('reports a binary that cannot be run', async () => {
    const error = await startAnvil({ chainId: 31337, port: 0, binary: '/nonexistent/anvil' }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(AnvilStartError)
    expect((error as Error).message).toContain('Could not run anvil (/nonexistent/anvil)')
  })
})
