import {
  type AdapterOptions,
  type CaipNetwork,
  type CaipNetworkId,
  LatchkeyError,
  Messages,
  rpcUrlsFor,
  unsupportedNetwork,
} from '@latchkey/core'
import type { Config, Transport as WagmiTransport } from '@wagmi/core'
import type { Chain, Client } from 'viem'
import { chainOf, transportFor } from './transports.js'

type CustomRpcUrls = AdapterOptions['customRpcUrls']

/**
 * The adapter's networks and their side in wagmi: a viem chain and a transport each, the RPC URLs in the order
 * they are tried (the adapter's custom ones, the kit's, the network's default), and the viem client per chain.
 */
export class AdapterChains {
  /** The transports the wagmi config reads per chain id (wagmi keeps this object: chains added later count). */
  readonly transports: Record<number, WagmiTransport> = {}
  private current: readonly CaipNetwork[]
  private kitRpcUrls: CustomRpcUrls
  private config: Config | undefined

  /** @throws LatchkeyError INVALID_OPTIONS without networks or for a network that is not eip155. */
  constructor(
    networks: readonly CaipNetwork[] | undefined,
    private readonly customRpcUrls: CustomRpcUrls,
    private readonly stopped: () => boolean,
  ) {
    if (!networks?.length) {
      throw new LatchkeyError('WagmiAdapter needs at least one eip155 network', { code: 'INVALID_OPTIONS' })
    }
    const foreign = networks.find((network) => network.chainNamespace !== 'eip155')
    if (foreign) {
      throw new LatchkeyError(`WagmiAdapter serves eip155 networks only, not ${foreign.caipNetworkId}`, {
        code: 'INVALID_OPTIONS',
      })
    }
    this.current = [...networks]
    for (const network of networks) this.addTransport(network)
  }

  get networks(): readonly CaipNetwork[] {
    return this.current
  }

  /** The viem chains of the networks, for `createConfig`. */
  viemChains(): [Chain, ...Chain[]] {
    return this.current.map((network) => chainOf(network, this.rpcUrls(network))) as [Chain, ...Chain[]]
  }

  /** The config these chains belong to. */
  attach(config: Config): void {
    this.config = config
  }

  /** Takes the kit's eip155 networks and custom RPC URLs, adding to wagmi the chains it did not have. */
  serve(networks: readonly CaipNetwork[], kitRpcUrls: CustomRpcUrls): void {
    this.kitRpcUrls = kitRpcUrls
    const served = networks.filter((network) => network.chainNamespace === 'eip155')
    if (served.length === 0) return
    this.current = [...served]
    for (const network of served) this.addTransport(network)
    const config = this.requireConfig()
    const known = new Set(config.chains.map((chain) => chain.id))
    const added = served.filter((network) => !known.has(Number(network.id)))
    if (added.length === 0) return
    config._internal.chains.setState((chains) => [
      ...chains,
      ...added.map((network) => chainOf(network, this.rpcUrls(network))),
    ])
  }

  /** @throws LatchkeyError UNSUPPORTED_CHAIN ('Unsupported chain') for a network the adapter does not serve. */
  checkServed(network: CaipNetwork): void {
    if (!this.current.some((item) => item.caipNetworkId === network.caipNetworkId)) {
      throw new LatchkeyError(Messages.unsupportedChain, {
        code: 'UNSUPPORTED_CHAIN',
        details: `${network.caipNetworkId} is not among the adapter's networks`,
      })
    }
  }

  /** The configured network of a chain id, or the `unsupportedNetwork` stand-in (`Unknown Network`). */
  networkFor(chainId: number): CaipNetwork {
    return (
      this.current.find((network) => Number(network.id) === chainId) ??
      unsupportedNetwork(`eip155:${chainId}` as CaipNetworkId)
    )
  }

  /** The RPC endpoints of a network: the adapter's custom ones, then the kit's, then the network's default. */
  rpcUrls(network: CaipNetwork): string[] {
    return [...new Set([...rpcUrlsFor(network, this.customRpcUrls), ...rpcUrlsFor(network, this.kitRpcUrls)])]
  }

  /** What wagmi's connector sends with `wallet_addEthereumChain` when the wallet does not know the chain. */
  addChainParameter(network: CaipNetwork) {
    return {
      chainName: network.name,
      nativeCurrency: { ...network.nativeCurrency },
      rpcUrls: this.rpcUrls(network),
      ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
    }
  }

  /** The config's viem client of a network. @throws LatchkeyError UNSUPPORTED_CHAIN for one it does not have. */
  clientOf(network: CaipNetwork): Client {
    const config = this.requireConfig()
    const chainId = Number(network.id)
    if (!config.chains.some((chain) => chain.id === chainId)) {
      throw new LatchkeyError(Messages.unsupportedChain, {
        code: 'UNSUPPORTED_CHAIN',
        details: `${network.caipNetworkId} is not among the adapter's networks`,
      })
    }
    return config.getClient({ chainId })
  }

  /** Transports are built when wagmi first makes a chain's client, so the kit's custom RPC URLs count. */
  private addTransport(network: CaipNetwork): void {
    const chainId = Number(network.id)
    if (this.transports[chainId]) return
    this.transports[chainId] = ((params: Parameters<WagmiTransport>[0]) =>
      transportFor(this.rpcUrls(network), this.stopped)(params)) as WagmiTransport
  }

  private requireConfig(): Config {
    if (!this.config)
      throw new LatchkeyError('The wagmi config is not created yet', { code: 'INTERNAL_SDK_ERROR' })
    return this.config
  }
}
