import { type CaipNetwork, defineNetwork } from '@latchkey/core'

/** A local EVM chain the example serves: the stack's chains, handed to the server in LATCHKEY_NEXT_CHAINS. */
export interface ExampleChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** The kit's networks for the chains (the same on the server and in the browser: they come as props). */
export function networksOf(chains: readonly ExampleChain[]): [CaipNetwork, ...CaipNetwork[]] {
  const networks = chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
  const [first, ...rest] = networks
  if (!first) throw new Error('LATCHKEY_NEXT_CHAINS names no chain')
  return [first, ...rest]
}

/** The chains from the server's environment (JSON `[{ chainId, name, rpcUrl }]`). */
export function chainsFromEnv(raw: string | undefined): ExampleChain[] {
  const parsed: unknown = JSON.parse(raw ?? '[]')
  if (!Array.isArray(parsed)) throw new Error('LATCHKEY_NEXT_CHAINS must be a JSON array')
  return parsed.map((entry: unknown) => {
    const { chainId, name, rpcUrl } = (entry ?? {}) as Partial<ExampleChain>
    if (typeof chainId !== 'number' || typeof name !== 'string' || typeof rpcUrl !== 'string')
      throw new Error('LATCHKEY_NEXT_CHAINS entries are { chainId, name, rpcUrl }')
    return { chainId, name, rpcUrl }
  })
}
