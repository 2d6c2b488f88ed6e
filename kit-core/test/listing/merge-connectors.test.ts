import { describe, expect, test } from 'vitest'
import {
  AUTH_NAMESPACES,
  entryMembers,
  mergeConnectors,
} from '../../src/controllers/listing/merge-connectors.js'
import { connector } from './fakes.js'

describe('mergeConnectors (SPEC §1)', () => {
  test('the same name on several namespaces becomes one MULTI_CHAIN entry listing each chain connector', () => {
    const evm = connector({
      id: 'app.phantom',
      name: 'Phantom',
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: 'data:image/png;base64,AA',
    })
    const sol = connector({
      id: 'Phantom',
      name: 'Phantom',
      type: 'ANNOUNCED',
      chain: 'solana',
      explorerId: 'phantom-id',
    })
    const other = connector({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' })
    const merged = mergeConnectors([evm, other, sol])
    expect(merged).toHaveLength(2)
    const [phantom, metamask] = merged
    expect(phantom).toMatchObject({
      id: 'app.phantom',
      name: 'Phantom',
      type: 'MULTI_CHAIN',
      chain: 'eip155',
      imageUrl: 'data:image/png;base64,AA',
      explorerId: 'phantom-id',
    })
    expect(phantom?.connectors).toEqual([evm, sol])
    expect(metamask).toBe(other)
  })

  test('a single-namespace connector stays as it is', () => {
    const only = connector({ id: 'io.rabby', name: 'Rabby', type: 'ANNOUNCED' })
    expect(mergeConnectors([only])).toEqual([only])
    expect(entryMembers(only)).toEqual([only])
  })

  test('a second connector of the same name on the same namespace is dropped (the first wins)', () => {
    const first = connector({ id: 'a', name: 'Twin', chain: 'eip155' })
    const second = connector({ id: 'b', name: 'Twin', chain: 'eip155' })
    expect(mergeConnectors([first, second])).toEqual([first])
  })

  test('the embedded wallet (ID_AUTH) merges as one AUTH entry on eip155 and solana only', () => {
    const authEvm = connector({ id: 'ID_AUTH', name: 'Auth', type: 'ID_AUTH', chain: 'eip155' })
    const authSol = connector({ id: 'ID_AUTH', name: 'Auth', type: 'ID_AUTH', chain: 'solana' })
    const authBtc = connector({ id: 'ID_AUTH', name: 'Auth', type: 'ID_AUTH', chain: 'bip122' })
    const [entry, ...rest] = mergeConnectors([authEvm, authBtc, authSol])
    expect(rest).toEqual([])
    expect(entry).toMatchObject({ id: 'ID_AUTH', type: 'AUTH', chain: 'eip155' })
    expect(entry?.connectors?.map((c) => c.chain)).toEqual(['eip155', 'solana'])
    expect(AUTH_NAMESPACES).toEqual(['eip155', 'solana'])
    // Alone on one namespace it is still the AUTH entry.
    expect(mergeConnectors([authEvm])[0]).toMatchObject({ type: 'AUTH', connectors: [authEvm] })
    expect(mergeConnectors([authBtc])).toEqual([])
  })

  test('WalletConnect on every namespace is one WALLET_CONNECT entry', () => {
    const wcEvm = connector({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
    })
    const wcSol = connector({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'solana',
    })
    const [entry] = mergeConnectors([wcEvm, wcSol])
    expect(entry).toMatchObject({ id: 'walletConnect', type: 'WALLET_CONNECT', connectors: [wcEvm, wcSol] })
  })

  test('a merged entry carries the union of its members chains and no provider', () => {
    const a = connector({ id: 'x', name: 'X', chain: 'eip155', chains: ['eip155:1'], provider: {} })
    const b = connector({
      id: 'x',
      name: 'X',
      chain: 'solana',
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    })
    const [entry] = mergeConnectors([a, b])
    expect(entry?.chains).toEqual(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
    expect(entry?.provider).toBeUndefined()
  })
})
