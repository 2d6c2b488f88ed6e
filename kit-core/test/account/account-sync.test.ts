// What the account shows besides its address: its name when identity has none, and the native balance when the
// Blockchain API fails.
import { describe, expect, it, vi } from 'vitest'
import { createAccountSync } from '../../src/controllers/connection/account-sync.js'
import type { NamespaceAccount } from '../../src/index.js'
import { mainnet } from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { chainWith, fakeApi } from './support.js'

const ADDRESS = '0x00000000000000000000000000000000000000a1'

function setup(api: ReturnType<typeof fakeApi>) {
  const chain = chainWith(mainnet, ADDRESS)
  const { adapter } = createFakeAdapter('eip155', [mainnet], [ADDRESS])
  adapter.getBalance = async () => ({ value: 7n, decimals: 18, symbol: 'ETH', formatted: '7' })
  const patches: Partial<NamespaceAccount>[] = []
  const sync = createAccountSync({
    state: chain.state,
    getAdapter: () => adapter,
    blockchainApi: api,
    patchAccount: (_namespace, changes) => patches.push(changes),
  })
  return { sync, patches }
}

describe('account sync', () => {
  it('takes the name from the reverse lookup when identity has none, keeping the avatar', async () => {
    const api = fakeApi({
      getIdentity: vi.fn(async () => ({ name: null, avatar: 'https://example.com/a.png' })),
      reverseLookup: vi.fn(async () => [{ name: 'bob.latchkey.id', registered: 1, addresses: {} }]),
    })
    const { sync, patches } = setup(api)
    await sync.syncIdentity('eip155')
    expect(patches.at(-1)).toEqual({
      profileName: 'bob.latchkey.id',
      profileImage: 'https://example.com/a.png',
    })
  })

  it('asks no reverse lookup when identity has a name', async () => {
    const api = fakeApi({ getIdentity: vi.fn(async () => ({ name: 'alice.latchkey.id', avatar: null })) })
    const { sync, patches } = setup(api)
    await sync.syncIdentity('eip155')
    expect(api.reverseLookup).not.toHaveBeenCalled()
    expect(patches.at(-1)).toEqual({ profileName: 'alice.latchkey.id', profileImage: null })
  })

  it('reads the native balance from the chain when the Blockchain API fails, never keeping the old figure', async () => {
    const api = fakeApi({ getBalance: vi.fn(async () => Promise.reject(new Error('HTTP status code: 503'))) })
    const { sync, patches } = setup(api)
    await sync.syncBalance('eip155', { force: true })
    expect(patches.at(-1)).toEqual({ balance: '7', balanceSymbol: 'ETH' })
  })
})
