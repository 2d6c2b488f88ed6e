// Reading the config the server embeds in each page, and the lab's networks from it. Browser-only code.

import { BITCOIN_CHAINS } from '@latchkey/adapter-bitcoin'
import type { CaipNetwork } from '@latchkey/core'
import { defineNetwork } from '@latchkey/core'
import { withRpcUrl } from '@latchkey/core/networks'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { type LabConfig, toLabConfig } from '../config.js'

/** The id of the `<script type="application/json">` holding the page's {@link LabConfig}. */
const CONFIG_ELEMENT_ID = 'lab-config'

/** The config embedded in the page. @throws TypeError when it is missing or malformed. */
export function pageConfig(doc: Document): LabConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new TypeError('Invalid lab config: the page has none')
  return toLabConfig(JSON.parse(text))
}

/** The two local chains as core's networks, reading from the config's RPC URLs. */
export function labNetworks(config: LabConfig): [CaipNetwork, CaipNetwork] {
  const rpc = (id: number): string => {
    const chain = config.evm.chains.find((c) => c.chainId === id)
    if (!chain) throw new TypeError(`Invalid lab config: no chain ${id}`)
    return chain.rpcUrl
  }
  return [
    withRpcUrl(latchkeyLocal, rpc(latchkeyLocal.id as number)),
    withRpcUrl(latchkeyLocal2, rpc(latchkeyLocal2.id as number)),
  ]
}

/** The default project id: the services stand-in serves any id; this one is the lab's. */
const LAB_PROJECT_ID = 'latchkey-lab'

/**
 * The kit options a page's URL chooses: `?projectId=none` runs without a projectId (and without the services),
 * `?projectId=<id>` uses another project of the services stand-in (tests give each file its own).
 */
export function servicesOptions(
  config: LabConfig,
  search: string,
): {
  projectId?: string
  services?: {
    providerApiUrl?: string
    blockchainApiUrl?: string
    walletConnectRelayUrl?: string
    secureFrameUrl?: string
  }
} {
  // Phone wallets connect over the local WalletConnect relay, with or without a project id.
  const relay = config.relay ? { walletConnectRelayUrl: config.relay.url } : {}
  const requested = new URLSearchParams(search).get('projectId')
  if (requested === 'none') return config.relay ? { services: relay } : {}
  const projectId = requested && /^[\w-]{1,64}$/.test(requested) ? requested : LAB_PROJECT_ID
  // Email login: the stack's secure frame, which the project's allowed origins (the stand-in's list) may frame.
  const frame = config.frame ? { secureFrameUrl: config.frame.url } : {}
  return {
    projectId,
    services: {
      providerApiUrl: config.services.url,
      blockchainApiUrl: config.services.url,
      ...relay,
      ...frame,
    },
  }
}

/**
 * The two local Solana clusters as core's networks: id = the first 32 characters of the genesis hash. Like the
 * local EVM chains they are not testnets, so their balances show (SPEC §9 shows '0.00' on testnets).
 */
export function labSolanaNetworks(config: LabConfig): CaipNetwork[] {
  return config.solana.clusters.map((cluster) =>
    defineNetwork({
      id: cluster.genesisHash.slice(0, 32),
      chainNamespace: 'solana',
      name: cluster.name,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [cluster.rpcUrl], webSocket: [cluster.wsUrl] } },
    }),
  )
}

/** The BIP-122 id (genesis hash prefix) of a local network's kind, from the Bitcoin adapter's known chains. */
function bitcoinIdOf(kind: 'regtest' | 'testnet'): string {
  const id = Object.keys(BITCOIN_CHAINS).find(
    (key) => BITCOIN_CHAINS[key]?.standardChain === `bitcoin:${kind}`,
  )
  if (!id) throw new TypeError(`The Bitcoin adapter knows no ${kind} chain`)
  return id
}

/** The two local Bitcoin networks as core's networks; each one's RPC URL is its Esplora base URL. */
export function labBitcoinNetworks(config: LabConfig): CaipNetwork[] {
  return config.bitcoin.networks.map((network) =>
    defineNetwork({
      id: bitcoinIdOf(network.network),
      chainNamespace: 'bip122',
      name: network.name,
      nativeCurrency:
        network.network === 'regtest'
          ? { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
          : { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: 8 },
      rpcUrls: { default: { http: [network.esploraUrl] } },
      testnet: network.network === 'testnet',
    }),
  )
}

/** The Esplora base URL of each local Bitcoin network, by CAIP-2 id (the Bitcoin adapter's `esploraUrls`). */
export function labEsploraUrls(config: LabConfig): Record<`${string}:${string}`, string> {
  return Object.fromEntries(
    config.bitcoin.networks.map((network) => [`bip122:${bitcoinIdOf(network.network)}`, network.esploraUrl]),
  )
}
