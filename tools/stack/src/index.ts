import { type EvmChains, startEvmChains, TOKENS } from '@latchkey/evm-chains'
import { type ServicesServer, startServicesServer } from '@latchkey/services'
import type { LocalStackInfo } from './types.js'

export { formatStackInfo } from './format.js'
export type { LocalEvmChain, LocalEvmStack, LocalEvmTokens, LocalServices, LocalStackInfo } from './types.js'

export interface StartStackOptions {
  /**
   * Every service on an ephemeral port (tests). Otherwise the fixed default ports, each overridable by its
   * environment variable (LATCHKEY_EVM1_PORT, LATCHKEY_EVM2_PORT, LATCHKEY_SERVICES_PORT).
   */
  ephemeral?: boolean
  /** Where the port variables are read from. Default: process.env. */
  env?: Record<string, string | undefined>
}

/** The running local stack. */
export interface LocalStack {
  /** The endpoints, as tests receive them through `inject('stack')`. */
  info: LocalStackInfo
  /** Runs `listener` if a service dies on its own (not through stop()). */
  onCrash(listener: (error: Error) => void): () => void
  /** Stops every service and waits until all have exited. Idempotent. */
  stop(): Promise<void>
}

/** Starts everything local: the two EVM chains with their tokens, then the services stand-in reading them. */
export async function startStack(options: StartStackOptions = {}): Promise<LocalStack> {
  const evm: EvmChains = await startEvmChains({
    ...(options.ephemeral ? { ephemeral: true } : {}),
    ...(options.env ? { env: options.env } : {}),
  })
  let services: ServicesServer
  try {
    services = await startServicesServer({
      ...(options.ephemeral ? { port: 0 } : {}),
      ...(options.env ? { env: options.env } : {}),
      evm: {
        chains: evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        tokens: Object.values(TOKENS).map(({ symbol, name, decimals }) => ({
          symbol,
          name,
          decimals,
          address: evm.tokens[symbol],
        })),
      },
    })
  } catch (error) {
    await evm.stop()
    throw error
  }
  const info: LocalStackInfo = {
    evm: {
      chains: evm.chains.map((chain) => ({ ...chain })),
      mnemonic: evm.mnemonic,
      tokens: { ...evm.tokens },
    },
    services: { url: services.url },
  }
  let stopped: Promise<void> | undefined
  return {
    info,
    onCrash: (listener) => evm.onCrash(listener),
    stop() {
      stopped ??= Promise.all([evm.stop(), services.stop()]).then(() => undefined)
      return stopped
    },
  }
}
