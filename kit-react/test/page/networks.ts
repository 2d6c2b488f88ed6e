// The local chains as kit networks, and the kit options both test pages (and the server render) share.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { type CaipNetwork, defineNetwork } from '@latchkey/core'
import type { CreateKitOptions } from '../../src/index.js'

export interface PageConfig {
  chains: { chainId: number; name: string; rpcUrl: string }[]
}

/** The stack's EVM chains as kit networks. */
export function localNetworks(config: PageConfig): [CaipNetwork, ...CaipNetwork[]] {
  const networks = config.chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
  const [first, ...rest] = networks
  if (!first) throw new Error('the stack serves EVM chains')
  return [first, ...rest]
}

export function kitOptions(config: PageConfig): CreateKitOptions {
  return {
    networks: localNetworks(config),
    adapters: [new EthersAdapter()],
    metadata: { name: 'Latchkey React test', description: 'test', url: 'http://127.0.0.1', icons: [] },
  }
}
