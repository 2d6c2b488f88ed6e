// The two local chains as viem chains (for wagmi's createConfig, RainbowKit's getDefaultConfig and AppKit).
import { defineChain } from 'viem'
import type { BenchChain } from './bench-config.js'

export function viemChain(chain: BenchChain) {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}
