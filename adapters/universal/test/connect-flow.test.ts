/**
 * Core's connect flow on a phone, headless (no UI), through the real path: the local relay, the WalletConnect SDK on
 * both sides, a listed wallet of the services stand-in's listing. The kit opens the wallet's app by its deep link with
 * the pairing URI; the phone wallet pairs with the URI it was handed in that link, as a wallet app would.
 */
import {
  createKitCore,
  createMemoryStorage,
  type KitCore,
  nodeEnvironment,
  type WalletListing,
} from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { UniversalAdapter } from '../src/index.js'
import { closeProvider, evmNetworks, fundedWcWallet, newProvider, until } from './support.js'

const services = (inject('stack') as LocalStackInfo).services.url
const PAGE = 'https://dapp.example/mint'

let relay: LocalRelay
beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterAll(async () => {
  await relay?.close()
})

describe('[§2.19] the connect flow on a phone, headless', () => {
  test('a listed wallet opens its app with the pairing URI; the app pairs with it and the kit connects', async () => {
    const opened: string[] = []
    const window = {
      location: { href: PAGE },
      open: (href: string) => {
        opened.push(href)
        return null
      },
    } as unknown as Window
    const provider = await newProvider(relay.url, evmNetworks)
    const wallet = await fundedWcWallet(relay.url, ['eip155'])
    let kit: KitCore | undefined
    try {
      kit = createKitCore(
        {
          projectId: 'latchkey-connect-flow',
          services: { providerApiUrl: services, blockchainApiUrl: services },
          networks: [...evmNetworks],
          adapters: [new UniversalAdapter({ namespace: 'eip155' })],
          metadata: { name: 'Connect flow', description: 'headless', url: PAGE, icons: [] },
          enableWalletConnect: true,
          storage: createMemoryStorage(),
          environment: nodeEnvironment({ isMobile: true, window }),
        },
        { getWalletConnectProvider: async () => provider },
      )
      await kit.ready
      // A wallet of the stand-in's listing, found as a visitor would: by a search.
      await kit.controllers.listing.search('MetaMask')
      const listed = kit.controllers.listing.state
        .get()
        .search.find((entry): entry is WalletListing => entry.name === 'MetaMask')
      expect(listed?.mobile_link).toBe('metamask://')
      if (!listed) return
      expect(await kit.controllers.connectFlow.walletBrowserUrl(listed)).toBeUndefined()

      const done = kit.controllers.connectFlow.connectListedWallet(listed)
      await until(() => opened.length > 0, 'the deep link')
      const link = new URL(opened[0] ?? '')
      expect(link.protocol).toBe('metamask:')
      const uri = link.searchParams.get('uri') ?? ''
      expect(uri).toBe(kit.controllers.connection.state.get().wcUri)
      expect(kit.controllers.connection.state.get().wcLinking).toEqual({ name: 'MetaMask', href: opened[0] })

      await wallet.pair(uri)
      expect(await done).toBe('connected')
      expect(kit.getAccount('eip155')).toMatchObject({ isConnected: true })
      expect(wallet.accounts(kit.getCaipNetwork('eip155')?.caipNetworkId ?? '')).toContain(
        kit.getAccount('eip155').caipAddress,
      )
      // Opened once for its pairing; recorded as a recent wallet, the deep link as the one the visitor used.
      expect(opened).toHaveLength(1)
      expect(kit.controllers.connection.state.get().recentWallets[0]).toMatchObject({
        id: listed.id,
        name: 'MetaMask',
      })
    } finally {
      kit?.destroy()
      await wallet.close()
      await closeProvider(provider)
    }
  })
})
