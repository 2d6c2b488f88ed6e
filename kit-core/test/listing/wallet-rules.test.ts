import { describe, expect, test } from 'vitest'
import {
  filterOutDuplicateWallets,
  isConnectorShown,
  isWalletExcluded,
  normalizeRdns,
  sortWallets,
} from '../../src/controllers/listing/wallet-rules.js'
import { connector, wallet } from './fakes.js'

describe('wallet list rules (SPEC §5)', () => {
  test('[§5.23] wallet lists drop wallets whose rdns or id is an announced, injected or recent wallet', () => {
    const list = [
      wallet(1), // rdns of an announced connector
      wallet(2), // id of an injected connector (explorerId)
      wallet(3), // id of a recent wallet
      wallet(4, { rdns: 'com.recent' }), // rdns of a recent wallet
      wallet(5), // not shown anywhere else
      wallet(6), // reached only by an EXTERNAL connector: kept
    ]
    const connectors = [
      connector({ id: 'com.wallet1', type: 'ANNOUNCED', info: { rdns: 'com.wallet1' } }),
      connector({ id: 'inj', type: 'INJECTED', explorerId: 'wallet-2' }),
      connector({ id: 'ext', type: 'EXTERNAL', explorerId: 'wallet-6', info: { rdns: 'com.wallet6' } }),
    ]
    const recent = [{ id: 'wallet-3' }, { id: 'other', rdns: 'com.recent' }]
    expect(filterOutDuplicateWallets(list, { connectors, recent }).map((w) => w.id)).toEqual([
      'wallet-5',
      'wallet-6',
    ])
  })

  test('[§5.23] members of a multi-chain entry count as announced wallets', () => {
    const members = [
      connector({ id: 'a', name: 'A', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'com.wallet1' } }),
      connector({ id: 'a', name: 'A', type: 'INJECTED', chain: 'solana' }),
    ]
    const entry = { ...members[0]!, type: 'MULTI_CHAIN' as const, connectors: members }
    expect(filterOutDuplicateWallets([wallet(1), wallet(2)], { connectors: [entry], recent: [] })).toEqual([
      wallet(2),
    ])
  })

  test('[§5.24] the MetaMask mobile rdns is treated as the desktop one', () => {
    expect(normalizeRdns('io.metamask.mobile')).toBe('io.metamask')
    expect(normalizeRdns('io.metamask')).toBe('io.metamask')
    expect(normalizeRdns(null)).toBeUndefined()
    const metamask = wallet(1, { id: 'metamask', rdns: 'io.metamask', name: 'MetaMask' })
    const announced = connector({
      id: 'io.metamask.mobile',
      type: 'ANNOUNCED',
      info: { rdns: 'io.metamask.mobile' },
    })
    expect(filterOutDuplicateWallets([metamask], { connectors: [announced], recent: [] })).toEqual([])
    expect(sortWallets([wallet(2), metamask], { connectors: [announced] })[0]).toMatchObject({
      id: 'metamask',
      installed: true,
    })
    expect(
      isWalletExcluded({ rdns: 'io.metamask.mobile' }, [{ rdns: 'io.metamask', name: 'MetaMask' }]),
    ).toBe(true)
  })

  test('[§5.25] a wallet is excluded by rdns or by name ignoring case', () => {
    const excluded = [
      { rdns: 'com.bad', name: 'Bad Wallet' },
      { rdns: null, name: 'Nameless' },
    ]
    expect(isWalletExcluded({ rdns: 'com.bad', name: 'Renamed' }, excluded)).toBe(true)
    expect(isWalletExcluded({ name: 'bad wallet' }, excluded)).toBe(true)
    expect(isWalletExcluded({ rdns: 'com.other', name: 'NAMELESS' }, excluded)).toBe(true)
    expect(isWalletExcluded({ rdns: 'com.other', name: 'Good Wallet' }, excluded)).toBe(false)
    // An entry without rdns never matches a wallet without rdns by rdns; an empty name matches nothing.
    expect(isWalletExcluded({ name: '' }, [{ name: '' }])).toBe(false)
  })

  test('[§5.25] an excluded wallet connector is not listed, whatever its type', () => {
    const excluded = [{ rdns: 'com.bad', name: 'Bad Wallet' }]
    const context = { excluded, isMobile: false }
    expect(
      isConnectorShown(connector({ id: 'x', type: 'ANNOUNCED', info: { rdns: 'com.bad' } }), context),
    ).toBe(false)
    expect(isConnectorShown(connector({ id: 'y', name: 'BAD WALLET', type: 'INJECTED' }), context)).toBe(
      false,
    )
    expect(isConnectorShown(connector({ id: 'z', name: 'bad wallet', type: 'EXTERNAL' }), context)).toBe(
      false,
    )
    expect(isConnectorShown(connector({ id: 'ok', name: 'Good', type: 'ANNOUNCED' }), context)).toBe(true)
    // WalletConnect and the embedded wallet are never excluded.
    expect(
      isConnectorShown(
        connector({ id: 'walletConnect', name: 'Bad Wallet', type: 'WALLET_CONNECT' }),
        context,
      ),
    ).toBe(true)
  })

  test('[§5.26] installed wallets come first, then the featured order, then the order given', () => {
    const list = [wallet(1), wallet(2), wallet(3), wallet(4), wallet(5)]
    const connectors = [
      connector({ id: 'com.wallet5', type: 'ANNOUNCED', info: { rdns: 'com.wallet5' } }),
      connector({ id: 'inj', type: 'INJECTED', explorerId: 'wallet-4' }),
    ]
    const sorted = sortWallets(list, { connectors, featuredWalletIds: ['wallet-3', 'wallet-2'] })
    expect(sorted.map((w) => [w.id, w.installed])).toEqual([
      ['wallet-4', true],
      ['wallet-5', true],
      ['wallet-3', false],
      ['wallet-2', false],
      ['wallet-1', false],
    ])
    // Two installed wallets keep the featured order between them.
    const both = sortWallets(list, { connectors, featuredWalletIds: ['wallet-5'] })
    expect(both.slice(0, 2).map((w) => w.id)).toEqual(['wallet-5', 'wallet-4'])
    // The input is not reordered in place.
    expect(list.map((w) => w.id)).toEqual(['wallet-1', 'wallet-2', 'wallet-3', 'wallet-4', 'wallet-5'])
  })

  test("[§5.27] 'Browser Wallet' is hidden on mobile without rdns and not installed", () => {
    const none = { excluded: [] }
    const bare = connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' })
    const installed = { ...bare, provider: { request: () => undefined } }
    const withRdns = { ...bare, info: { rdns: 'com.browser' } }
    expect(isConnectorShown(bare, { ...none, isMobile: true })).toBe(false)
    expect(isConnectorShown(installed, { ...none, isMobile: true })).toBe(true)
    expect(isConnectorShown(withRdns, { ...none, isMobile: true })).toBe(true)
    expect(isConnectorShown(bare, { ...none, isMobile: false })).toBe(true)
    // Only the 'Browser Wallet' connector: another wallet without rdns or provider stays.
    expect(isConnectorShown(connector({ id: 'w', name: 'Wallet' }), { ...none, isMobile: true })).toBe(true)
  })
})
