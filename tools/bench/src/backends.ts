// The local backends one bench run shares across all app runs: the two EVM chains, the services stand-in (the
// Provider API and the Blockchain API every app's https service hosts are routed to) and the static server of
// the built apps with its /bench-config.js.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type StaticServer, serveStatic } from '@latchkey/browser'
import { type EvmChains, getTestAccount, startEvmChains, TOKENS } from '@latchkey/evm-chains'
import { generateWallets, type ServicesServer, startServicesServer } from '@latchkey/services'
import { APPS_DIR } from './paths.js'

/** The services stand-in's project of the main runs: its default listing (the 61-wallet fixture). */
export const MAIN_PROJECT_ID = 'latchkey-bench'
/** The project of the scale runs: 1,000 generated wallets. */
export const SCALE_PROJECT_ID = 'latchkey-bench-scale'
export const SCALE_WALLETS = 1000

export interface BenchChainInfo {
  chainId: number
  name: string
  rpcUrl: string
}

export interface Backends {
  chains: [BenchChainInfo, BenchChainInfo]
  servicesUrl: string
  siteUrl: string
  /** The private key of mnemonic account 0, funded on both chains. */
  walletKey: `0x${string}`
  /** Resolves once the stand-in's indexer has read every block mined so far (its history is up to date). */
  indexed(): Promise<void>
  stop(): Promise<void>
}

/** The classic script the apps read their run-time config from (`?listing=scale` picks the scale project). */
function benchConfigScript(chains: BenchChainInfo[]): string {
  const config = { main: MAIN_PROJECT_ID, scale: SCALE_PROJECT_ID, chains }
  return `// Written by the bench harness at run time; read by every app as window.BENCH.
(function () {
  var c = ${JSON.stringify(config)};
  var scale = new URLSearchParams(location.search).get('listing') === 'scale';
  window.BENCH = { projectId: scale ? c.scale : c.main, chains: c.chains };
})();
`
}

function hex(bytes: Uint8Array): `0x${string}` {
  return `0x${Buffer.from(bytes).toString('hex')}`
}

export async function startBackends(): Promise<Backends> {
  let evm: EvmChains | undefined
  let services: ServicesServer | undefined
  let site: StaticServer | undefined
  const stop = async () => {
    await Promise.allSettled([evm?.stop(), services?.stop(), site?.close()])
  }
  try {
    const started = await startEvmChains({ ephemeral: true })
    evm = started
    services = await startServicesServer({
      port: 0,
      evm: {
        chains: started.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        tokens: Object.values(TOKENS).map(({ symbol, name, decimals }) => ({
          symbol,
          name,
          decimals,
          address: started.tokens[symbol],
        })),
      },
    })
    const chains = started.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })) as [
      BenchChainInfo,
      BenchChainInfo,
    ]
    await writeFile(join(APPS_DIR, 'bench-config.js'), benchConfigScript(chains))
    site = await serveStatic(APPS_DIR)
    const allowedOrigins = [site.url, site.url.replace('127.0.0.1', 'localhost')]
    services.control.setProject(MAIN_PROJECT_ID, { allowedOrigins })
    // The generated wallets serve a mix of chains; each is made to serve the local chains too, so that every
    // app's chain filter (the two local chains) lets all 1,000 through.
    const localChains = chains.map((chain) => `eip155:${chain.chainId}`)
    services.control.setProject(SCALE_PROJECT_ID, {
      allowedOrigins,
      wallets: generateWallets(SCALE_WALLETS).map((wallet) => ({
        ...wallet,
        chains: [...new Set([...wallet.chains, ...localChains])],
      })),
    })
    const key = getTestAccount(0).getHdKey().privateKey
    if (!key) throw new Error('Test account 0 has no private key')
    const server = services
    return {
      chains,
      servicesUrl: services.url,
      siteUrl: site.url,
      walletKey: hex(key),
      indexed: () => server.indexed(),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
