import { describe, expect, test } from 'vitest'
import {
  buildConnectSections,
  CONNECTOR_ORDER,
  type ConnectSectionsInput,
  connectSectionOrder,
  mergeConnectors,
} from '../../src/controllers/listing/index.js'
import { connector, wallet } from './fakes.js'

const wc = connector({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' })
const announced = connector({ id: 'io.rabby', name: 'Rabby', type: 'ANNOUNCED', info: { rdns: 'io.rabby' } })
const injected = connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', provider: {} })
const external = connector({ id: 'coinbaseSDK', name: 'Coinbase SDK', type: 'EXTERNAL' })
const multiEvm = connector({ id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'eip155' })
const multiSol = connector({ id: 'Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' })

function input(overrides: Partial<ConnectSectionsInput> = {}): ConnectSectionsInput {
  return {
    connectors: mergeConnectors([wc, multiEvm, announced, injected, external, multiSol]),
    recent: [{ id: 'recent-1', name: 'Recent One' }],
    featured: [wallet(1)],
    recommended: [wallet(2), wallet(3), wallet(4), wallet(5)],
    customWallets: [wallet(9, { id: 'custom-9', name: 'Custom' })],
    isMobile: false,
    ...overrides,
  }
}

const summary = (sections: ReturnType<typeof buildConnectSections>) =>
  sections.map((s) => [
    s.type,
    s.items.map((i) =>
      i.kind === 'connector' ? `${i.subtype}:${i.connector.name}` : `${i.subtype}:${i.wallet.id}`,
    ),
  ])

describe('Connect view sections', () => {
  test('[§9.14] connector order: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(CONNECTOR_ORDER).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    const sections = buildConnectSections(input({ otherMethodsShown: -10 }))
    expect(sections.map((s) => s.type)).toEqual([...CONNECTOR_ORDER])
    expect(summary(sections)).toEqual([
      ['walletConnect', ['walletConnect:WalletConnect']],
      ['recent', ['recent:recent-1']],
      ['injected', ['multiChain:Phantom', 'announced:Rabby', 'injected:Browser Wallet']],
      ['featured', ['featured:wallet-1']],
      ['custom', ['custom:custom-9']],
      ['external', ['external:Coinbase SDK']],
      [
        'recommended',
        ['recommended:wallet-2', 'recommended:wallet-3', 'recommended:wallet-4', 'recommended:wallet-5'],
      ],
    ])
  })

  test('[§9.14] empty sections are left out and the order holds', () => {
    const sections = buildConnectSections(
      input({ connectors: mergeConnectors([external, wc]), recent: [], customWallets: [], featured: [] }),
    )
    expect(sections.map((s) => s.type)).toEqual(['walletConnect', 'external', 'recommended'])
  })

  test('[§9.14] a host order puts its sections first, the rest follow in the default order', () => {
    expect(connectSectionOrder(['recommended', 'injected'])).toEqual([
      'recommended',
      'injected',
      'walletConnect',
      'recent',
      'featured',
      'custom',
      'external',
    ])
    expect(connectSectionOrder()).toEqual([...CONNECTOR_ORDER])
  })

  test('[§9.6] recommended wallets fill what is left of 4 wallet rows', () => {
    // featured 1 + custom 1 + Rabby + Phantom (the Browser Wallet does not count) = 4 rows: no recommended.
    expect(buildConnectSections(input()).some((s) => s.type === 'recommended')).toBe(false)
    const fewer = buildConnectSections(input({ connectors: mergeConnectors([wc]), customWallets: [] }))
    expect(summary(fewer).find(([type]) => type === 'recommended')?.[1]).toEqual([
      'recommended:wallet-2',
      'recommended:wallet-3',
      'recommended:wallet-4',
    ])
    const withEmail = buildConnectSections(
      input({ connectors: mergeConnectors([wc]), customWallets: [], otherMethodsShown: 2 }),
    )
    expect(summary(withEmail).find(([type]) => type === 'recommended')?.[1]).toEqual(['recommended:wallet-2'])
  })

  test('[§5.23] featured, recommended and custom wallets drop what a connector or a recent wallet shows', () => {
    const sections = buildConnectSections(
      input({
        connectors: mergeConnectors([
          wc,
          connector({ id: 'com.wallet1', type: 'ANNOUNCED', info: { rdns: 'com.wallet1' } }),
        ]),
        recent: [{ id: 'wallet-2' }, { id: 'r', rdns: 'com.wallet9' }],
        otherMethodsShown: -10,
      }),
    )
    const ids = sections
      .flatMap((s) => s.items)
      .flatMap((i) => (i.kind === 'wallet' ? [`${i.subtype}:${i.wallet.id}`] : []))
    expect(ids).toEqual([
      'recent:wallet-2',
      'recent:r',
      'recommended:wallet-3',
      'recommended:wallet-4',
      'recommended:wallet-5',
    ])
  })

  test('[§5.25] excluded wallets and connectors are not listed', () => {
    const sections = buildConnectSections(
      input({
        excluded: [
          { rdns: 'io.rabby', name: 'Rabby' },
          { rdns: null, name: 'wallet 1' },
          { rdns: null, name: 'RECENT ONE' },
        ],
      }),
    )
    const all = summary(sections).flatMap(([, items]) => items as string[])
    expect(all).not.toContain('announced:Rabby')
    expect(all).not.toContain('featured:wallet-1')
    expect(all).not.toContain('recent:recent-1')
    expect(all).toContain('multiChain:Phantom')
  })

  test("[§5.27] on mobile the 'Browser Wallet' without rdns or provider is not listed", () => {
    const bare = connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' })
    const mobile = buildConnectSections(
      input({ connectors: mergeConnectors([bare, announced]), isMobile: true }),
    )
    expect(summary(mobile).find(([type]) => type === 'injected')?.[1]).toEqual(['announced:Rabby'])
    const desktop = buildConnectSections(input({ connectors: mergeConnectors([bare, announced]) }))
    expect(summary(desktop).find(([type]) => type === 'injected')?.[1]).toEqual([
      'announced:Rabby',
      'injected:Browser Wallet',
    ])
  })

  test('on mobile WalletConnect has no row of its own (each listed wallet opens over it)', () => {
    expect(buildConnectSections(input({ isMobile: true })).some((s) => s.type === 'walletConnect')).toBe(
      false,
    )
  })

  test('a recent wallet is shown with its listing entry, and not when a connector reaches it or it serves another namespace', () => {
    const known = wallet(7, { id: 'recent-1', name: 'Listed Name', image_id: 'img' })
    const shown = buildConnectSections(input({ knownWallets: [known] }))
    expect(shown.find((s) => s.type === 'recent')?.items[0]).toEqual({
      kind: 'wallet',
      subtype: 'recent',
      wallet: known,
    })
    const reached = buildConnectSections(input({ recent: [{ id: 'x', name: 'Rabby' }] }))
    expect(reached.some((s) => s.type === 'recent')).toBe(false)
    const otherNamespace = buildConnectSections(input({ knownWallets: [known], activeNamespace: 'solana' }))
    expect(otherNamespace.some((s) => s.type === 'recent')).toBe(false)
  })

  test('with a namespace filter, listed wallets known not to serve it are left out', () => {
    const sol = wallet(3, { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    const sections = buildConnectSections(
      input({
        connectors: [],
        recent: [],
        customWallets: [],
        featured: [],
        recommended: [wallet(2), sol],
        filterNamespace: 'solana',
      }),
    )
    expect(summary(sections)).toEqual([['recommended', ['recommended:wallet-3']]])
  })
})
