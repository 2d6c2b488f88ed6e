// What every page does first: read the embedded config, build the kit options for the local chains, mount the
// wallet settings panel. Kept free of React so /vanilla can use it. Browser-only code.
import type { CaipNetwork, ChainAdapter } from '@latchkey/core'
import type { CreateKitOptions } from '@latchkey/ui'
import type { LabConfig } from '../config.js'
import { createLabActions, type EvmLabActions } from './actions.js'
import { labNetworks, pageConfig, servicesOptions } from './page-config.js'
import { featuresOf, labSiwx, type SiwxMode, siwxModeOf } from './page-options.js'
import { bitcoinPanelWallet, multichainPanelWallet, solanaPanelWallet } from './panel-wallets.js'
import { mountSettingsPanel } from './settings-panel.js'

export interface LabSetup {
  config: LabConfig
  /** The page's networks: the two local EVM chains unless the page names others. */
  networks: CaipNetwork[]
  /** The sign-in mode the URL chose (`?siwx=`). */
  siwxMode: SiwxMode
  /** The kit options every page shares (add `adapters`). */
  options: Omit<CreateKitOptions, 'adapters'>
  /** The page's actions once the kit exists. */
  actionsFor(adapter: ChainAdapter, activeNetwork: () => CaipNetwork | undefined): EvmLabActions
}

/**
 * Reads the page's config, mounts the settings panel (when the test wallet is injected) and returns the rest:
 * the kit options include the sign-in and feature switches the URL asks for (`?siwx=`, `?receive=off`).
 */
export function setUpLabPage(
  title: string,
  adapters: ChainAdapter | readonly ChainAdapter[],
  pageNetworks?: (config: LabConfig) => CaipNetwork[],
): LabSetup {
  const config = pageConfig(document)
  const networks = pageNetworks ? pageNetworks(config) : labNetworks(config)
  const settings = document.getElementById('lab-settings')
  const adapterList: readonly ChainAdapter[] = Array.isArray(adapters) ? adapters : [adapters as ChainAdapter]
  if (settings && window.labWallets) {
    const chain = window.labChainWallets ?? {}
    const clusters = config.solana.clusters.map((cluster) => cluster.name)
    mountSettingsPanel({
      host: settings,
      wallets: window.labWallets,
      chainIds: labNetworks(config).map((network) => Number(network.id)),
      storage: localStorage,
      reload: () => location.reload(),
      evm: adapterList.some((adapter) => adapter.namespace === 'eip155'),
      chainWallets: [
        ...(chain.multichain ? [multichainPanelWallet(chain.multichain)] : []),
        ...(chain.solana ? [solanaPanelWallet('Latchkey Solana Test', chain.solana, clusters)] : []),
        ...(chain.bitcoin ? [bitcoinPanelWallet(chain.bitcoin)] : []),
      ],
    })
  } else if (settings && !window.labChainWallets) {
    settings.hidden = true
  }
  const siwxMode = siwxModeOf(location.search)
  const siwx = labSiwx({
    mode: siwxMode,
    adapters: adapterList,
    networks,
    storage: localStorage,
    location,
  })
  const features = featuresOf(location.search)
  return {
    config,
    networks,
    siwxMode,
    options: {
      networks,
      ...servicesOptions(config, location.search),
      ...(siwx ? { siwx } : {}),
      ...(features ? { features } : {}),
      metadata: {
        name: `Latchkey lab · ${title}`,
        description: 'The Latchkey laboratory',
        url: location.origin,
        icons: [],
      },
      themeMode: 'dark',
      // The lab's services and wallets live on 127.0.0.1: their images are local on purpose.
      allowLocalImages: true,
    },
    actionsFor: (adapter, activeNetwork) =>
      createLabActions({ adapter, activeNetwork, lusd: config.evm.tokens.LUSD }),
  }
}

/** The default recipient of the EVM pages' sends (nobody's key; change it in the page). */
export { DEFAULT_EVM_RECIPIENT as DEFAULT_RECIPIENT } from './actions.js'
/** The default amount of the lab's sends. */
export const DEFAULT_AMOUNT = '0.01'
