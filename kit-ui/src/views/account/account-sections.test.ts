import { WALLET_FEATURES_ORDER, type WalletFeature } from '@latchkey/core'
import { describe, expect, it } from 'vitest'
import { accountTabs, BUILT_WALLET_FEATURES, visibleWalletFeatures } from './account-sections.js'

const all = () => true

describe('the Account view’s wallet features row', () => {
  it('[§9.15] follows the features’ order and shows only built features (receive and send today)', () => {
    expect(BUILT_WALLET_FEATURES).toEqual(['receive', 'send'])
    expect(
      visibleWalletFeatures({ order: WALLET_FEATURES_ORDER, isEnabled: all, namespace: 'eip155' }),
    ).toEqual(['receive', 'send'])
    // A host's own order is followed.
    expect(
      visibleWalletFeatures({ order: ['send', 'receive'], isEnabled: all, namespace: 'eip155' }),
    ).toEqual(['send', 'receive'])
  })

  it('[§9.17] shows Send where sends are served (eip155, solana), never on bip122', () => {
    expect(visibleWalletFeatures({ isEnabled: all, namespace: 'solana' })).toEqual(['receive', 'send'])
    expect(visibleWalletFeatures({ isEnabled: all, namespace: 'bip122' })).toEqual(['receive'])
  })

  it('leaves out a feature that is off, and shows nothing without a namespace', () => {
    const off = (feature: WalletFeature) => feature !== 'receive'
    expect(visibleWalletFeatures({ isEnabled: off, namespace: 'eip155' })).toEqual(['send'])
    const none = () => false
    expect(visibleWalletFeatures({ isEnabled: none, namespace: 'eip155' })).toEqual([])
    expect(visibleWalletFeatures({ isEnabled: all, namespace: undefined })).toEqual([])
    // A host order that repeats a feature shows it once.
    expect(
      visibleWalletFeatures({ order: ['receive', 'send', 'receive'], isEnabled: all, namespace: 'solana' }),
    ).toEqual(['receive', 'send'])
  })
})

describe('the Account view’s tabs', () => {
  it('[§9.17] Tokens on eip155 and solana, Activity on eip155 only while the feature is on, none on bip122', () => {
    expect(accountTabs('eip155', true)).toEqual(['tokens', 'activity'])
    expect(accountTabs('eip155', false)).toEqual(['tokens'])
    expect(accountTabs('solana', true)).toEqual(['tokens'])
    expect(accountTabs('bip122', true)).toEqual([])
    expect(accountTabs('polkadot', true)).toEqual([])
    expect(accountTabs(undefined, true)).toEqual([])
  })
})
