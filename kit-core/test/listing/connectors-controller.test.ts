import { describe, expect, test, vi } from 'vitest'
import type { Connector } from '../../src/adapter/connectors.js'
import { connectorListing } from '../../src/controllers/listing/connector-listing.js'
import {
  type ConnectorsControllerDeps,
  connectSections,
  createConnectorsController,
} from '../../src/controllers/listing/index.js'
import { connector, wallet } from './fakes.js'

function setup(overrides: Partial<ConnectorsControllerDeps> = {}) {
  return createConnectorsController({
    env: { isMobile: false },
    options: {},
    getRecentWallets: () => [],
    listing: connectorListing(overrides.options ?? {}),
    ...overrides,
  })
}

const phantomEvm = connector({
  id: 'app.phantom',
  name: 'Phantom',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'app.phantom' },
})
const phantomSol = connector({
  id: 'Phantom',
  name: 'Phantom',
  type: 'ANNOUNCED',
  chain: 'solana',
  explorerId: 'phantom-id',
})
const solflare = connector({ id: 'Solflare', name: 'Solflare', type: 'ANNOUNCED', chain: 'solana' })
const rabby = connector({
  id: 'io.rabby',
  name: 'Rabby',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.rabby' },
})

describe('connectors controller', () => {
  test('merges the connectors each adapter reports, and replaces a namespace list on each report', () => {
    const connectors = setup()
    connectors.setAdapterConnectors('eip155', [phantomEvm, rabby])
    connectors.setAdapterConnectors('solana', [phantomSol, solflare])
    expect(connectors.state.get().connectors.map((c) => [c.name, c.type])).toEqual([
      ['Phantom', 'MULTI_CHAIN'],
      ['Rabby', 'ANNOUNCED'],
      ['Solflare', 'ANNOUNCED'],
    ])
    connectors.setAdapterConnectors('solana', [solflare])
    expect(connectors.state.get().connectors.map((c) => [c.name, c.type])).toEqual([
      ['Phantom', 'ANNOUNCED'],
      ['Rabby', 'ANNOUNCED'],
      ['Solflare', 'ANNOUNCED'],
    ])
    connectors.removeAdapter('eip155')
    expect(connectors.state.get().connectors.map((c) => c.name)).toEqual(['Solflare'])
  })

  test('every adapter connector name is cleaned as a listing name is (Wallet Standard, sats-connect, WalletConnect)', () => {
    const connectors = setup()
    connectors.setAdapterConnectors('solana', [
      connector({ id: 'ws', name: 'Phan\u202etom\u200b   Wallet', type: 'ANNOUNCED', chain: 'solana' }),
    ])
    connectors.setAdapterConnectors('bip122', [
      connector({ id: 'sats', name: `Xverse${'!'.repeat(300)}`, type: 'ANNOUNCED', chain: 'bip122' }),
    ])
    const names = connectors.state.get().connectors.map((c) => c.name)
    expect(names[0]).toBe('Phantom Wallet')
    expect(Array.from(names[1] ?? '').length).toBeLessThan(300)
  })

  test('subscribers see each new list', () => {
    const connectors = setup()
    const listener = vi.fn()
    connectors.state.subscribe(listener)
    connectors.setAdapterConnectors('eip155', [rabby])
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]?.[0].connectors).toEqual([rabby])
  })

  test('[§4.19] removing the last network of a namespace hides its connectors; a network back shows them', () => {
    const connectors = setup()
    connectors.setAdapterConnectors('eip155', [phantomEvm, rabby])
    connectors.setAdapterConnectors('solana', [phantomSol, solflare])
    connectors.setNamespaceVisible('solana', false)
    const state = connectors.state.get()
    expect(state.hiddenNamespaces).toEqual(['solana'])
    expect(state.connectors.map((c) => [c.name, c.type, c.chain])).toEqual([
      ['Phantom', 'ANNOUNCED', 'eip155'],
      ['Rabby', 'ANNOUNCED', 'eip155'],
    ])
    expect(connectors.getConnectors('solana')).toEqual([])
    // The adapter keeps reporting while hidden; its list is kept, not shown.
    connectors.setAdapterConnectors('solana', [solflare])
    expect(connectors.state.get().connectors.some((c) => c.chain === 'solana')).toBe(false)
    // A connected wallet on the hidden namespace is still found by id.
    expect(connectors.getConnector('solana', 'Solflare')).toEqual(solflare)
    connectors.setNamespaceVisible('solana', true)
    expect(connectors.state.get().hiddenNamespaces).toEqual([])
    expect(connectors.state.get().connectors.map((c) => c.name)).toEqual(['Phantom', 'Rabby', 'Solflare'])
    // Hiding twice is hiding once.
    connectors.setNamespaceVisible('eip155', false)
    connectors.setNamespaceVisible('eip155', false)
    expect(connectors.state.get().hiddenNamespaces).toEqual(['eip155'])
  })

  test('[§4.19] a namespace without networks when its adapter first reports starts hidden', () => {
    const connectors = setup({ hasNetworks: (namespace) => namespace === 'eip155' })
    connectors.setAdapterConnectors('eip155', [rabby])
    connectors.setAdapterConnectors('solana', [solflare])
    expect(connectors.state.get().hiddenNamespaces).toEqual(['solana'])
    expect(connectors.state.get().connectors.map((c) => c.name)).toEqual(['Rabby'])
    connectors.setNamespaceVisible('solana', true)
    // Asked only on the first report: the chain controller's word holds after that.
    connectors.setAdapterConnectors('solana', [solflare])
    expect(connectors.state.get().connectors.map((c) => c.name)).toEqual(['Rabby', 'Solflare'])
  })

  test('a namespace filter lists only that namespace connectors', () => {
    const connectors = setup()
    connectors.setAdapterConnectors('eip155', [phantomEvm, rabby])
    connectors.setAdapterConnectors('solana', [phantomSol, solflare])
    connectors.setFilterNamespace('solana')
    expect(connectors.state.get().connectors.map((c) => [c.name, c.chain])).toEqual([
      ['Phantom', 'solana'],
      ['Solflare', 'solana'],
    ])
    connectors.setFilterNamespace(undefined)
    expect(connectors.state.get().connectors).toHaveLength(3)
    expect(connectors.getConnectors('eip155').map((c) => c.name)).toEqual(['Phantom', 'Rabby'])
  })

  test('announced wallets are dropped when the host turns EIP-6963 off', () => {
    const connectors = setup({ options: { enableEIP6963: false } })
    const injected = connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', provider: {} })
    connectors.setAdapterConnectors('eip155', [rabby, injected])
    expect(connectors.state.get().connectors).toEqual([injected])
  })

  test('hostile connector names stay plain strings and unsafe image URLs are dropped', () => {
    const connectors = setup()
    const evil = connector({
      id: 'evil',
      name: '<img src=x onerror=alert(1)>',
      imageUrl: 'javascript:alert(1)',
    })
    const plainHttp = connector({ id: 'http', name: 'Http', imageUrl: 'http://cdn.example/icon.png' })
    const good = connector({ id: 'good', name: 'Good', imageUrl: 'data:image/svg+xml;base64,PHN2Zz4=' })
    connectors.setAdapterConnectors('eip155', [
      evil,
      plainHttp,
      good,
      { ...good, id: 'nameless', name: 42 as unknown as string },
    ])
    const [first, second, third, fourth] = connectors.state.get().connectors
    expect(first?.name).toBe('<img src=x onerror=alert(1)>')
    expect(first?.imageUrl).toBeUndefined()
    expect(second?.imageUrl).toBeUndefined()
    expect(third?.imageUrl).toBe('data:image/svg+xml;base64,PHN2Zz4=')
    expect(fourth?.name).toBe('')
  })

  test('an icon or custom wallet image on this machine or a private network shows only when the host allows it', () => {
    const local = connector({ id: 'probe', name: 'Probe', imageUrl: 'http://127.0.0.1:8545/icon.png' })
    const lan = connector({ id: 'router', name: 'Router', imageUrl: 'https://192.168.1.1/logo.png' })
    const customWallets = [{ id: 'c', name: 'C', image_url: 'http://localhost:3000/c.png' }]
    const strict = setup({ options: { customWallets } })
    strict.setAdapterConnectors('eip155', [local, lan])
    expect(strict.state.get().connectors.map((c) => c.imageUrl)).toEqual([undefined, undefined])
    expect(strict.state.get().customWallets[0]?.image_url).toBeUndefined()
    const lab = setup({ options: { customWallets, allowLocalImages: true } })
    lab.setAdapterConnectors('eip155', [local, lan])
    expect(lab.state.get().connectors.map((c) => c.imageUrl)).toEqual([local.imageUrl, lan.imageUrl])
    expect(lab.state.get().customWallets[0]?.image_url).toBe('http://localhost:3000/c.png')
  })

  test('a connector reported under another namespace is ignored', () => {
    const connectors = setup()
    connectors.setAdapterConnectors('solana', [rabby])
    expect(connectors.state.get().connectors).toEqual([])
  })

  test('finds the connector behind a listed wallet by listing id or rdns, and the embedded wallet per namespace', () => {
    const connectors = setup()
    const authEvm = connector({ id: 'ID_AUTH', name: 'Auth', type: 'ID_AUTH', chain: 'eip155' })
    const authSol: Connector = { ...authEvm, chain: 'solana' }
    connectors.setAdapterConnectors('eip155', [phantomEvm, authEvm])
    connectors.setAdapterConnectors('solana', [phantomSol, authSol])
    expect(connectors.getConnectorForWallet({ id: 'phantom-id' })).toEqual(phantomSol)
    expect(connectors.getConnectorForWallet({ id: 'x', rdns: 'app.phantom' }, 'eip155')).toEqual(phantomEvm)
    expect(connectors.getConnectorForWallet({ id: 'x', rdns: 'app.phantom' }, 'solana')).toBeUndefined()
    expect(connectors.getConnectorForWallet({ id: 'unknown' })).toBeUndefined()
    expect(connectors.getAuthConnector('solana')).toEqual(authSol)
    expect(connectors.state.get().connectors.find((c) => c.id === 'ID_AUTH')).toMatchObject({ type: 'AUTH' })
  })

  test('a listing id claimed by name binds a wallet to the listing only when its rdns vouches for it', () => {
    const phantomListing = { id: 'phantom-id', rdns: 'app.phantom' }
    // A Wallet Standard wallet that names itself Phantom (the adapter gives it Phantom's listing id by that name),
    // with no Phantom announced on EVM: not Phantom, so the listed Phantom (image, links, Installed) is not it.
    const impostor = setup()
    impostor.setAdapterConnectors('solana', [phantomSol])
    expect(impostor.getConnectorForWallet(phantomListing)).toBeUndefined()
    expect(impostor.getConnectorForWallet(phantomListing, 'solana')).toBeUndefined()
    // Announced with another rdns under Phantom's name: not Phantom either.
    impostor.setAdapterConnectors('eip155', [
      { ...phantomEvm, id: 'evil.wallet', info: { rdns: 'evil.wallet' } },
    ])
    expect(impostor.getConnectorForWallet(phantomListing, 'solana')).toBeUndefined()
    expect(impostor.getConnectorForWallet(phantomListing, 'eip155')).toBeUndefined()
    // Phantom announced on EVM with its rdns vouches for the Solana wallet of the same name.
    impostor.setAdapterConnectors('eip155', [phantomEvm])
    expect(impostor.getConnectorForWallet(phantomListing, 'solana')).toEqual(phantomSol)
    // A connector with an rdns of its own is the listed wallet of that rdns only, whatever id it claims.
    const claims = setup()
    claims.setAdapterConnectors('eip155', [{ ...rabby, explorerId: 'phantom-id' }])
    expect(claims.getConnectorForWallet(phantomListing)).toBeUndefined()
    // A listing without an rdns has nothing to check a claimed id against: the id decides.
    expect(impostor.getConnectorForWallet({ id: 'phantom-id' }, 'solana')).toEqual(phantomSol)
  })

  test('[§9.14] sections come from the merged connectors, the recent wallets and the listing, in order', () => {
    const wc = connector({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' })
    const connectors = setup({
      options: { customWallets: [{ id: 'custom', name: 'Custom', image_url: 'javascript:alert(1)' }] },
      getRecentWallets: () => [{ id: 'recent-wallet', name: 'Recent' }],
    })
    connectors.setAdapterConnectors('eip155', [rabby, wc])
    const sections = connectSections(connectors, {
      featured: [wallet(1)],
      recommended: [wallet(2)],
      excluded: [],
    })
    // featured, custom and Rabby take 3 of the 4 wallet rows: one recommended wallet follows.
    expect(sections.map((s) => s.type)).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'recommended',
    ])
    const custom = sections.find((s) => s.type === 'custom')?.items[0]
    expect(custom).toEqual({ kind: 'wallet', subtype: 'custom', wallet: { id: 'custom', name: 'Custom' } })
    const excluded = connectSections(connectors, {
      featured: [],
      recommended: [],
      excluded: [{ name: 'RABBY' }],
    })
    expect(excluded.map((s) => s.type)).toEqual(['walletConnect', 'recent', 'custom'])
  })

  test('no wallet sections when the host turns wallets off', () => {
    const connectors = setup({ options: { enableWallets: false } })
    connectors.setAdapterConnectors('eip155', [rabby])
    expect(connectSections(connectors, { featured: [wallet(1)], recommended: [], excluded: [] })).toEqual([])
  })
})

describe('the Connect view part, attached later (as the kit does with its late controllers)', () => {
  test('until it is attached the registry works and the lists are empty; attaching makes them', () => {
    const connectors = createConnectorsController({
      env: { isMobile: false },
      options: { customWallets: [{ id: 'c', name: 'Custom' }] },
      getRecentWallets: () => [],
    })
    connectors.setAdapterConnectors('eip155', [phantomEvm])
    expect(connectors.getConnector('eip155', 'app.phantom')).toEqual(phantomEvm)
    expect(connectors.state.get().connectors).toEqual([])
    expect(connectors.getConnectorForWallet({ id: 'x', rdns: 'app.phantom' })).toBeUndefined()
    connectors.useListing(connectorListing({ customWallets: [{ id: 'c', name: 'Custom' }] }))
    expect(connectors.state.get().connectors.map((c) => c.id)).toEqual(['app.phantom'])
    expect(connectors.state.get().customWallets.map((w) => w.id)).toEqual(['c'])
    expect(connectors.getConnectorForWallet({ id: 'x', rdns: 'app.phantom' })).toEqual(phantomEvm)
  })
})
