import { describe, expect, test } from 'vitest'
import { decideNetworkSwitch, shouldShowUnsupportedChain } from '../../src/controllers/navigation/index.js'
import {
  bitcoin,
  type CaipNetwork,
  mainnet,
  sepolia,
  solana,
  unsupportedNetwork,
} from '../../src/networks/index.js'

describe('the network-switch decision', () => {
  test('[§2.8] if the target is already active, do nothing', () => {
    expect(decideNetworkSwitch({ target: mainnet, active: mainnet, connectedNamespaces: ['eip155'] })).toBe(
      undefined,
    )
    expect(
      decideNetworkSwitch({
        target: mainnet,
        active: mainnet,
        forceConfirmation: true,
        connectorType: 'AUTH',
        connectedNamespaces: ['eip155'],
      }),
    ).toBe(undefined)
  })

  test('[§2.9] SwitchNetwork when confirmation is forced, or the email/social wallet serves the target', () => {
    // Without these, an account on eip155 and none on solana would show SwitchActiveChain.
    const base = { active: mainnet, connectedNamespaces: ['eip155'] as const }
    expect(decideNetworkSwitch({ ...base, target: solana })?.view).toBe('SwitchActiveChain')
    expect(decideNetworkSwitch({ ...base, target: solana, forceConfirmation: true })).toEqual({
      view: 'SwitchNetwork',
      params: { network: solana },
    })
    expect(decideNetworkSwitch({ ...base, target: solana, connectorType: 'AUTH' })).toEqual({
      view: 'SwitchNetwork',
      params: { network: solana },
    })
    // The embedded wallet does not serve bip122: the usual rule applies.
    expect(decideNetworkSwitch({ ...base, target: bitcoin, connectorType: 'AUTH' })?.view).toBe(
      'SwitchActiveChain',
    )
    expect(decideNetworkSwitch({ ...base, target: solana, connectorType: 'INJECTED' })?.view).toBe(
      'SwitchActiveChain',
    )
  })

  test('[§2.10] an account on the current chain and none on the target namespace: SwitchActiveChain', () => {
    expect(decideNetworkSwitch({ target: solana, active: mainnet, connectedNamespaces: ['eip155'] })).toEqual(
      {
        view: 'SwitchActiveChain',
        params: {
          switchToChain: 'solana',
          network: solana,
          navigateTo: 'Connect',
          navigateWithReplace: true,
        },
      },
    )
  })

  test('[§2.11] else SwitchNetwork', () => {
    const expected = (network: CaipNetwork) => ({ view: 'SwitchNetwork', params: { network } })
    // Same namespace.
    expect(
      decideNetworkSwitch({ target: sepolia, active: mainnet, connectedNamespaces: ['eip155'] }),
    ).toEqual(expected(sepolia))
    // An account on the target namespace too.
    expect(
      decideNetworkSwitch({ target: solana, active: mainnet, connectedNamespaces: ['eip155', 'solana'] }),
    ).toEqual(expected(solana))
    // Not connected at all.
    expect(decideNetworkSwitch({ target: solana, active: mainnet, connectedNamespaces: [] })).toEqual(
      expected(solana),
    )
    expect(decideNetworkSwitch({ target: solana, connectedNamespaces: [] })).toEqual(expected(solana))
  })
})

describe('UnsupportedChain', () => {
  test('[§2.13] shown when the network is unsupported, switching enabled, unsupported not allowed, not basic', () => {
    const unknown = unsupportedNetwork('eip155:999999')
    const all = {
      activeNetwork: unknown,
      enableNetworkSwitch: true,
      allowUnsupportedChain: false,
      basic: false,
    }
    expect(shouldShowUnsupportedChain(all)).toBe(true)
    expect(shouldShowUnsupportedChain({ activeNetwork: unknown })).toBe(true)
    expect(shouldShowUnsupportedChain({ ...all, activeNetwork: mainnet })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, activeNetwork: undefined })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, enableNetworkSwitch: false })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, allowUnsupportedChain: true })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, basic: true })).toBe(false)
  })
})
