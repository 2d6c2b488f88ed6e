import {
  createDefaultSiwx,
  createKitCore,
  createMemoryStorage,
  type KitOptions,
  type SiwxConfig,
  type SiwxSession,
} from '@latchkey/core'
import { mainnet, solana } from '@latchkey/core/networks'
import { describe, expectTypeOf, test } from 'vitest'
import { type CreateKitOptions, createKit, type LatchkeyKit } from '../../src/index.js'

/** A host's own sign-in config: the five methods, the optional ones left out. */
const hostSiwx: SiwxConfig = {
  createMessage: async (input) => ({
    ...input,
    domain: 'app.example',
    uri: 'https://app.example/',
    version: '1',
    nonce: 'nonce',
    toString: () => 'app.example wants you to sign in',
  }),
  addSession: async (_session: SiwxSession) => {},
  getSessions: async () => [],
  setSessions: async () => {},
  revokeSession: async () => {},
}

describe('createKit options', () => {
  test('networks is the one required option', () => {
    expectTypeOf(createKit({ networks: [mainnet] })).toEqualTypeOf<LatchkeyKit>()
    expectTypeOf(
      createKit({ networks: [mainnet, solana], projectId: 'id', themeMode: 'light' }),
    ).toEqualTypeOf<LatchkeyKit>()
    // @ts-expect-error networks is required
    createKit({})
    // @ts-expect-error networks is required
    createKit({ projectId: 'id' })
    expectTypeOf<CreateKitOptions>().toHaveProperty('networks').toEqualTypeOf<KitOptions['networks']>()
    expectTypeOf<CreateKitOptions>().toExtend<KitOptions>()
  })

  test('options of the wrong type do not compile', () => {
    // @ts-expect-error projectId is a string
    createKit({ networks: [mainnet], projectId: 42 })
    // @ts-expect-error networks is a list of networks
    createKit({ networks: 'eip155:1' })
    // @ts-expect-error networks is a list of networks, not of CAIP-2 ids
    createKit({ networks: ['eip155:1'] })
    // @ts-expect-error themeMode is 'light' or 'dark'
    createKit({ networks: [mainnet], themeMode: 'blue' })
    // @ts-expect-error namespaces are chain namespaces
    createKit({ networks: [mainnet], namespaces: ['tron'] })
    // @ts-expect-error a flag is a boolean
    createKit({ networks: [mainnet], enableWalletConnect: 'yes' })
    // @ts-expect-error an account type is one of the kit's
    createKit({ networks: [mainnet], defaultAccountTypes: { eip155: 'root' } })
  })

  test('siwx is a SiwxConfig', () => {
    expectTypeOf<CreateKitOptions['siwx']>().toEqualTypeOf<SiwxConfig | undefined>()
    createKit({ networks: [mainnet], siwx: hostSiwx })
    createKit({
      networks: [mainnet],
      siwx: { ...hostSiwx, getRequired: () => true, signOutOnDisconnect: true },
    })
    const siwx = createDefaultSiwx({
      storage: createMemoryStorage(),
      domain: 'app.example',
      uri: 'https://app.example/',
      verifyMessage: async () => true,
    })
    createKit({ networks: [mainnet], siwx })
    createKitCore({ networks: [mainnet], siwx })
    // @ts-expect-error not a sign-in config
    createKit({ networks: [mainnet], siwx: { anything: 1 } })
    // @ts-expect-error not a sign-in config
    createKitCore({ networks: [mainnet], siwx: { anything: 1 } })
    const { revokeSession: _, ...withoutRevoke } = hostSiwx
    // @ts-expect-error revokeSession is missing
    createKit({ networks: [mainnet], siwx: withoutRevoke })
    // @ts-expect-error getRequired answers a boolean
    createKit({ networks: [mainnet], siwx: { ...hostSiwx, getRequired: () => 'yes' } })
  })
})
