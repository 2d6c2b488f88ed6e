import type {
  AccountStatus,
  AccountType,
  CaipNetwork,
  ChainNamespace,
  KitAccount,
  KitNetwork,
  KitState,
} from '@latchkey/core'
import type { EIP1193Provider } from 'viem'
import { describe, expectTypeOf, test } from 'vitest'
import { useBalance } from 'wagmi'
import {
  type LatchkeyKit,
  useLatchkeyAccount,
  useLatchkeyNetwork,
  useLatchkeyProvider,
  useLatchkeyState,
} from '../../src/index.js'

type Hex = `0x${string}`

describe('useLatchkeyAccount', () => {
  test('without a namespace: any namespace, or none while no namespace is active', () => {
    const account = useLatchkeyAccount()
    expectTypeOf(account).toEqualTypeOf<KitAccount>()
    expectTypeOf(useLatchkeyAccount({})).toEqualTypeOf<KitAccount>()
    expectTypeOf(account.namespace).toEqualTypeOf<ChainNamespace | undefined>()
    expectTypeOf(account.address).toEqualTypeOf<string | undefined>()
    expectTypeOf(account.isConnected).toEqualTypeOf<boolean>()
    expectTypeOf(account.status).toEqualTypeOf<AccountStatus>()
    expectTypeOf(account.status).toEqualTypeOf<'connecting' | 'connected' | 'disconnected'>()
  })

  test('eip155: the address is 0x-prefixed, as wagmi and viem take it', () => {
    const account = useLatchkeyAccount({ namespace: 'eip155' })
    expectTypeOf(account).toEqualTypeOf<KitAccount<'eip155'>>()
    expectTypeOf(account.namespace).toEqualTypeOf<'eip155'>()
    expectTypeOf(account.address).toEqualTypeOf<Hex | undefined>()
    expectTypeOf(account.caipAddress).toEqualTypeOf<`eip155:${string}:0x${string}` | undefined>()
    expectTypeOf(account.allAccounts).toEqualTypeOf<readonly { address: Hex; type: AccountType }[]>()
  })

  test('solana: the address is a string', () => {
    const account = useLatchkeyAccount({ namespace: 'solana' })
    expectTypeOf(account.namespace).toEqualTypeOf<'solana'>()
    expectTypeOf(account.address).toEqualTypeOf<string | undefined>()
    expectTypeOf(account.caipAddress).toEqualTypeOf<`solana:${string}:${string}` | undefined>()
    // @ts-expect-error a solana address is not an eip155 one
    expectTypeOf(account.address).toEqualTypeOf<Hex | undefined>()
  })

  test('a namespace known only at run time: any of the namespaces', () => {
    const namespace = 'eip155' as ChainNamespace
    expectTypeOf(useLatchkeyAccount({ namespace })).toEqualTypeOf<KitAccount<ChainNamespace>>()
    expectTypeOf(useLatchkeyAccount({ namespace })).toExtend<KitAccount>()
    const maybe = undefined as ChainNamespace | undefined
    expectTypeOf(useLatchkeyAccount({ namespace: maybe })).toEqualTypeOf<KitAccount>()
  })

  test('namespace narrows the account', () => {
    const account = useLatchkeyAccount()
    if (account.namespace === 'eip155') {
      expectTypeOf(account.address).toEqualTypeOf<Hex | undefined>()
      expectTypeOf(account.allAccounts[0]).toEqualTypeOf<{ address: Hex; type: AccountType } | undefined>()
    } else if (account.namespace === 'bip122') {
      expectTypeOf(account.address).toEqualTypeOf<string | undefined>()
    } else if (account.namespace === undefined) {
      expectTypeOf(account.address).toEqualTypeOf<undefined>()
      expectTypeOf(account.isConnected).toEqualTypeOf<false>()
      expectTypeOf(account.status).toEqualTypeOf<'disconnected'>()
    }
    if (account.isConnected) expectTypeOf(account.namespace).toEqualTypeOf<ChainNamespace>()
  })

  test('a namespace the kit does not know does not compile', () => {
    // @ts-expect-error not a chain namespace
    useLatchkeyAccount({ namespace: 'tron' })
    // @ts-expect-error the options are an object
    useLatchkeyAccount('eip155')
  })

  test("wagmi's useBalance takes the eip155 address, not any namespace's", () => {
    useBalance({ address: useLatchkeyAccount({ namespace: 'eip155' }).address })
    const account = useLatchkeyAccount()
    useBalance({ address: account.namespace === 'eip155' ? account.address : undefined })
    // @ts-expect-error the active namespace's address may be any namespace's
    useBalance({ address: useLatchkeyAccount().address })
    // @ts-expect-error a solana address
    useBalance({ address: useLatchkeyAccount({ namespace: 'solana' }).address })
  })
})

describe('the other hooks', () => {
  test('useLatchkeyNetwork: the active network and switchNetwork', () => {
    const network = useLatchkeyNetwork()
    expectTypeOf(network).toExtend<KitNetwork>()
    expectTypeOf(network.caipNetwork).toEqualTypeOf<CaipNetwork | undefined>()
    expectTypeOf(network.caipNetworkId).toEqualTypeOf<string | undefined>()
    expectTypeOf(network.chainId).toEqualTypeOf<number | string | undefined>()
    expectTypeOf(network.switchNetwork).parameters.toEqualTypeOf<[CaipNetwork]>()
    expectTypeOf(network.switchNetwork).returns.toEqualTypeOf<Promise<void>>()
    // @ts-expect-error a network, not its id
    void network.switchNetwork('eip155:1')
  })

  test('useLatchkeyState: the modal and the active namespace', () => {
    const state = useLatchkeyState()
    expectTypeOf(state).toEqualTypeOf<KitState>()
    expectTypeOf(state.open).toEqualTypeOf<boolean>()
    expectTypeOf(state.loading).toEqualTypeOf<boolean>()
    expectTypeOf(state.selectedNetworkId).toEqualTypeOf<string | undefined>()
    expectTypeOf(state.activeChain).toEqualTypeOf<ChainNamespace | undefined>()
  })

  test('useLatchkeyProvider<T>: the provider type the host names', () => {
    expectTypeOf(useLatchkeyProvider<EIP1193Provider>('eip155')).toEqualTypeOf<{
      walletProvider: EIP1193Provider | undefined
    }>()
    expectTypeOf(useLatchkeyProvider('solana').walletProvider).toEqualTypeOf<unknown>()
    // @ts-expect-error a namespace is required
    useLatchkeyProvider()
    // @ts-expect-error not a chain namespace
    useLatchkeyProvider('tron')
  })
})

declare const kit: LatchkeyKit

describe("the kit's own account getters", () => {
  test('getAccount, subscribeAccount and the hooks store are typed per namespace', () => {
    expectTypeOf(kit.getAccount()).toEqualTypeOf<KitAccount>()
    expectTypeOf(kit.getAccount('eip155').address).toEqualTypeOf<Hex | undefined>()
    expectTypeOf(kit.getAccount('cosmos').namespace).toEqualTypeOf<'cosmos'>()
    kit.subscribeAccount(
      (account) => expectTypeOf(account.address).toEqualTypeOf<Hex | undefined>(),
      'eip155',
    )
    kit.subscribeAccount((account) => expectTypeOf(account).toEqualTypeOf<KitAccount>())
    expectTypeOf(kit.stores.account('eip155').getSnapshot()).toEqualTypeOf<KitAccount<'eip155'>>()
    expectTypeOf(kit.stores.account().getServerSnapshot()).toEqualTypeOf<KitAccount>()
    // @ts-expect-error not a chain namespace
    kit.getAccount('tron')
  })
})
