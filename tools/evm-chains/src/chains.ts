import { assertValidPort, portFromEnv } from '@latchkey/local-ports'
import { FUNDED_ETH_BALANCE, TEST_MNEMONIC } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { EvmChainsError } from './errors.js'
import { deployTokens, type EvmTokenAddresses, TOKEN_ADDRESSES } from './tokens.js'

/** One local EVM chain (same shape as LocalEvmChain in @latchkey/stack). */
export interface EvmChainInfo {
  /** EIP-155 chain id. */
  chainId: number
  /** Human name, e.g. 'Latchkey Local'. */
  name: string
  /** HTTP JSON-RPC endpoint on 127.0.0.1. */
  rpcUrl: string
  port: number
}

export interface EvmChainDefaults {
  chainId: number
  name: string
  /** Port used when neither an option nor the environment variable chooses one. */
  port: number
  /** Environment variable that overrides the port. */
  portEnvVar: string
}

/** Chain A and chain B. */
export const EVM_CHAIN_DEFAULTS = [
  { chainId: 31337, name: 'Latchkey Local', port: 8545, portEnvVar: 'LATCHKEY_EVM1_PORT' },
  { chainId: 31338, name: 'Latchkey Local 2', port: 8546, portEnvVar: 'LATCHKEY_EVM2_PORT' },
] as const satisfies readonly [EvmChainDefaults, EvmChainDefaults]

export interface EvmChainOptions {
  /** Port on 127.0.0.1; 0 for an ephemeral one. Wins over `ephemeral` and the environment. */
  port?: number
}

export interface StartEvmChainsOptions {
  /** Start both chains on ephemeral ports (unless a chain's `port` says otherwise). For tests. */
  ephemeral?: boolean
  /** Chain A (31337). */
  evm1?: EvmChainOptions
  /** Chain B (31338). */
  evm2?: EvmChainOptions
  /** Where LATCHKEY_EVM1_PORT / LATCHKEY_EVM2_PORT are read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /** Anvil binary to run. Default: resolveAnvilBinary(). */
  anvilBinary?: string
}

/** Two running local chains with the tokens deployed. */
export interface EvmChains {
  /** Chain A (31337) then chain B (31338). */
  chains: [EvmChainInfo, EvmChainInfo]
  /** The token addresses (the same on both chains; equal to TOKEN_ADDRESSES). */
  tokens: EvmTokenAddresses
  /** The test mnemonic; accounts 0..9 are funded with ETH and every token. */
  mnemonic: string
  /** The anvil processes, chain A then chain B (pid, recent output). */
  anvil: readonly [AnvilInstance, AnvilInstance]
  /** Runs `listener` if a chain's process exits without stop() having been called. */
  onCrash(listener: (error: Error) => void): () => void
  /** Stops both chains and waits until their processes have exited. Idempotent. */
  stop(): Promise<void>
}

/** The port each chain will use: option, else 0 if ephemeral, else the environment variable, else the default. */
export function resolveEvmPorts(options: StartEvmChainsOptions = {}): [number, number] {
  const env = options.env ?? process.env
  const perChain = [options.evm1, options.evm2] as const
  const ports = EVM_CHAIN_DEFAULTS.map((defaults, index) => {
    const explicit = perChain[index]?.port
    if (explicit !== undefined) {
      assertValidPort(explicit, `The port of ${defaults.name}`)
      return explicit
    }
    if (options.ephemeral) return 0
    return portFromEnv(env, defaults.portEnvVar) ?? defaults.port
  }) as [number, number]
  if (ports[0] !== 0 && ports[0] === ports[1]) {
    throw new EvmChainsError(
      `Both local chains would use port ${ports[0]}; set ${EVM_CHAIN_DEFAULTS[0].portEnvVar} and ${EVM_CHAIN_DEFAULTS[1].portEnvVar} to different ports.`,
    )
  }
  return ports
}

/**
 * Starts the two local EVM chains (anvil) on 127.0.0.1, funds accounts 0..9 of TEST_MNEMONIC with
 * 10000 ETH each, and deploys LUSD, LKT and LUSDT at TOKEN_ADDRESSES on both.
 * Throws PortInUseError when a fixed port is taken, AnvilStartError when anvil fails.
 */
export async function startEvmChains(options: StartEvmChainsOptions = {}): Promise<EvmChains> {
  const ports = resolveEvmPorts(options)
  const started = await Promise.allSettled(
    EVM_CHAIN_DEFAULTS.map((defaults, index) =>
      startAnvil({
        chainId: defaults.chainId,
        port: ports[index] ?? 0,
        portEnvVar: defaults.portEnvVar,
        mnemonic: TEST_MNEMONIC,
        // Accounts 0..19: 0..9 for users, 19 is the token deployer.
        accounts: 20,
        balance: FUNDED_ETH_BALANCE,
        ...(options.anvilBinary ? { binary: options.anvilBinary } : {}),
      }),
    ),
  )
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
  }
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }

  const chains = instances.map(
    (instance, index): EvmChainInfo => ({
      chainId: instance.chainId,
      name: EVM_CHAIN_DEFAULTS[index]?.name ?? `Chain ${instance.chainId}`,
      rpcUrl: instance.rpcUrl,
      port: instance.port,
    }),
  ) as [EvmChainInfo, EvmChainInfo]

  try {
    await Promise.all(chains.map((chain) => deployTokens(chain)))
  } catch (error) {
    await stopAll()
    throw error
  }

  const crashListeners = new Set<(error: Error) => void>()
  for (const [index, instance] of instances.entries()) {
    void instance.exited.then(({ code, signal }) => {
      if (instance.stopping) return
      const how = signal ? `signal ${signal}` : `code ${code}`
      const output = instance.recentOutput().trim().split('\n').slice(-20).join('\n')
      const error = new EvmChainsError(
        `${chains[index]?.name} (anvil, ${instance.rpcUrl}) exited unexpectedly with ${how}.${output ? `\n${output}` : ''}`,
      )
      for (const listener of crashListeners) listener(error)
    })
  }

  return {
    chains,
    tokens: { ...TOKEN_ADDRESSES },
    mnemonic: TEST_MNEMONIC,
    anvil: instances as [AnvilInstance, AnvilInstance],
    onCrash(listener) {
      crashListeners.add(listener)
      return () => crashListeners.delete(listener)
    },
    stop: stopAll,
  }
}
