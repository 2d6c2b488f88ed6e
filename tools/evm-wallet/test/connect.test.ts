import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createTestWallet } from '../src/index.js'
import { localChains, recordEvents, rejectionOf, stack, walletWith } from './helpers.js'

const addressAt = (index: number) => mnemonicToAccount(stack().evm.mnemonic, { addressIndex: index }).address

describe('connecting', () => {
  it('answers eth_accounts with [] and account methods with 4100 before connecting', async () => {
    const wallet = walletWith([5])
    expect(wallet.connected).toBe(false)
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')

    const sign = await rejectionOf(
      wallet.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] }),
    )
    expect(sign.code).toBe(4100)
    const send = await rejectionOf(
      wallet.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: wallet.address, value: '0x1' }],
      }),
    )
    expect(send.code).toBe(4100)
    const typed = await rejectionOf(
      wallet.provider.request({ method: 'eth_signTypedData_v4', params: [wallet.address, '{}'] }),
    )
    expect(typed.code).toBe(4100)
    const calls = await rejectionOf(
      wallet.provider.request({
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: wallet.address }] },
        ],
      }),
    )
    expect(calls.code).toBe(4100)
    // None of these reached the user.
    expect(wallet.prompts()).toEqual([])
  })

  it('grants permission on eth_requestAccounts, emitting connect then accountsChanged once', async () => {
    const wallet = walletWith([5, 6])
    const events = recordEvents(wallet)
    const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' })
    expect(accounts).toEqual([addressAt(5), addressAt(6)])
    expect(wallet.connected).toBe(true)
    expect(events).toEqual([
      { name: 'connect', value: { chainId: '0x7a69' } },
      { name: 'accountsChanged', value: [addressAt(5), addressAt(6)] },
    ])
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual(accounts)

    // Already connected: no prompt, no event.
    expect(await wallet.provider.request({ method: 'eth_requestAccounts' })).toEqual(accounts)
    expect(events).toHaveLength(2)
    expect(wallet.prompts().map((entry) => entry.method)).toEqual(['eth_requestAccounts'])
    expect(wallet.log.map((entry) => [entry.method, entry.outcome, entry.prompted])).toEqual([
      ['eth_requestAccounts', 'approved', true],
      ['eth_accounts', 'approved', false],
      ['eth_requestAccounts', 'approved', false],
    ])
  })

  it('starts connected when asked to, without any event', async () => {
    const wallet = walletWith([5], { connected: true })
    const events = recordEvents(wallet)
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([addressAt(5)])
    expect(await wallet.provider.request({ method: 'eth_requestAccounts' })).toEqual([addressAt(5)])
    expect(events).toEqual([])
    expect(wallet.prompts()).toEqual([])
  })

  it('rejects eth_requestAccounts with 4001 under the reject policy and stays disconnected', async () => {
    const wallet = walletWith([5], { policy: 'reject' })
    const events = recordEvents(wallet)
    const error = await rejectionOf(wallet.provider.request({ method: 'eth_requestAccounts' }))
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(error).toBeInstanceOf(Error)
    expect(wallet.connected).toBe(false)
    expect(events).toEqual([])
    expect(wallet.log[0]).toMatchObject({
      method: 'eth_requestAccounts',
      outcome: 'rejected',
      prompted: true,
    })
    expect(wallet.log[0]?.error).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  it('answers a second eth_requestAccounts with -32002 while the first waits for the user', async () => {
    const wallet = walletWith([5], { policy: 'hold' })
    const first = wallet.provider.request({ method: 'eth_requestAccounts' })
    const held = await wallet.nextPending()
    expect(held.method).toBe('eth_requestAccounts')
    const second = await rejectionOf(wallet.provider.request({ method: 'eth_requestAccounts' }))
    expect(second.code).toBe(-32002)
    wallet.approve()
    expect(await first).toEqual([addressAt(5)])
  })

  it('supports EIP-2255 permissions: request, get, revoke', async () => {
    const wallet = walletWith([5])
    const events = recordEvents(wallet)
    expect(await wallet.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const granted = await wallet.provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(granted).toMatchObject([
      {
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [addressAt(5)] }],
      },
    ])
    expect(await wallet.provider.request({ method: 'wallet_getPermissions' })).toEqual(granted)
    await wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(wallet.connected).toBe(false)
    expect(events.map((event) => event.name)).toEqual(['connect', 'accountsChanged', 'accountsChanged'])
    expect(events[2]?.value).toEqual([])
  })
})

describe('user actions in the wallet', () => {
  it('switchAccount emits accountsChanged once with the new account first, only when connected', async () => {
    const wallet = walletWith([5, 6, 7])
    const events = recordEvents(wallet)
    wallet.switchAccount(1) // not connected: silent
    expect(wallet.address).toBe(addressAt(6))
    expect(events).toEqual([])

    await wallet.provider.request({ method: 'eth_requestAccounts' })
    events.length = 0
    wallet.switchAccount(addressAt(7))
    expect(wallet.accounts).toEqual([addressAt(7), addressAt(5), addressAt(6)])
    expect(events).toEqual([{ name: 'accountsChanged', value: [addressAt(7), addressAt(5), addressAt(6)] }])
    wallet.switchAccount(2) // already active: no event
    expect(events).toHaveLength(1)
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual(wallet.accounts)
    expect(() => wallet.switchAccount(9)).toThrow()
  })

  it('switchChain emits chainChanged (hex) once, only when the chain really changes', async () => {
    const wallet = walletWith([5])
    const events = recordEvents(wallet)
    wallet.switchChain(31337)
    expect(events).toEqual([])
    wallet.switchChain(31338)
    expect(events).toEqual([{ name: 'chainChanged', value: '0x7a6a' }])
    expect(wallet.chainId).toBe(31338)
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(() => wallet.switchChain(1)).toThrow()
    expect(events).toHaveLength(1)
  })

  it('disconnect revokes the permission and emits accountsChanged([]) once, and no disconnect event', async () => {
    const wallet = walletWith([5])
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    const events = recordEvents(wallet)
    wallet.disconnect()
    wallet.disconnect()
    expect(events).toEqual([{ name: 'accountsChanged', value: [] }])
    expect(wallet.connected).toBe(false)
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    const error = await rejectionOf(
      wallet.provider.request({ method: 'personal_sign', params: ['0x00', wallet.address] }),
    )
    expect(error.code).toBe(4100)

    // Connecting again prompts again.
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    expect(wallet.prompts()).toHaveLength(2)
  })

  it('connect() grants the permission as the user would from the wallet', () => {
    const wallet = walletWith([5])
    const events = recordEvents(wallet)
    wallet.connect()
    wallet.connect()
    expect(wallet.connected).toBe(true)
    expect(events.map((event) => event.name)).toEqual(['connect', 'accountsChanged'])
  })

  it('dropConnection emits disconnect (4900) and fails requests until restoreConnection emits connect', async () => {
    const wallet = walletWith([5], { connected: true })
    const events = recordEvents(wallet)
    wallet.dropConnection()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ name: 'disconnect', value: { code: 4900 } })
    const error = await rejectionOf(wallet.provider.request({ method: 'eth_chainId' }))
    expect(error.code).toBe(4900)
    wallet.restoreConnection()
    expect(events[1]).toEqual({ name: 'connect', value: { chainId: '0x7a69' } })
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(wallet.connected).toBe(true)
  })

  it('removeListener stops delivery', () => {
    const wallet = walletWith([5])
    let calls = 0
    const listener = () => {
      calls++
    }
    wallet.provider.on('chainChanged', listener)
    wallet.switchChain(31338)
    wallet.provider.removeListener('chainChanged', listener)
    wallet.switchChain(31337)
    expect(calls).toBe(1)
  })
})

describe('methods and errors', () => {
  it('passes plain reads through to the current chain without prompting', async () => {
    const wallet = walletWith([5])
    const [, b] = localChains()
    const block = await wallet.provider.request({ method: 'eth_blockNumber' })
    expect(block).toMatch(/^0x[0-9a-f]+$/)
    const balance = await wallet.provider.request({
      method: 'eth_getBalance',
      params: [addressAt(5), 'latest'],
    })
    expect(BigInt(balance)).toBeGreaterThan(0n)
    expect(await wallet.provider.request({ method: 'net_version' })).toBe('31337')
    wallet.switchChain(b.chainId)
    expect(await wallet.provider.request({ method: 'net_version' })).toBe('31338')
    expect(wallet.prompts()).toEqual([])
    expect(wallet.log.map((entry) => entry.outcome)).toEqual([
      'passthrough',
      'passthrough',
      'passthrough',
      'passthrough',
    ])
  })

  it('passes the node errors through with their codes', async () => {
    const wallet = walletWith([5])
    const error = await rejectionOf(
      wallet.provider.request({ method: 'eth_getBalance', params: ['nope'] as never }),
    )
    expect(typeof error.code).toBe('number')
    expect(wallet.log[0]?.outcome).toBe('error')
  })

  it('answers 4200 for methods it does not support (and does not forward key methods)', async () => {
    const wallet = walletWith([5], { connected: true })
    for (const method of ['eth_sign', 'eth_signTransaction', 'anvil_setBalance', 'foo_bar']) {
      const error = await rejectionOf(wallet.provider.request({ method, params: [] } as never))
      expect(error.code, method).toBe(4200)
    }
  })

  it('answers -32602 for invalid params', async () => {
    const wallet = walletWith([5], { connected: true })
    const bad = [
      { method: 'wallet_switchEthereumChain', params: [{ chainId: 'x' }] },
      { method: 'eth_sendTransaction', params: [{ to: '0x1234', value: '0x1' }] },
      { method: 'eth_sendTransaction', params: [{ to: wallet.address, value: 'ten' }] },
      { method: 'personal_sign', params: [] },
      { method: 'eth_signTypedData_v4', params: [wallet.address, '{not json'] },
      { method: 'wallet_addEthereumChain', params: [{ chainId: '0x1234', rpcUrls: [] }] },
    ]
    for (const request of bad) {
      const error = await rejectionOf(wallet.provider.request(request as never))
      expect(error.code, request.method).toBe(-32602)
    }
    expect(wallet.prompts()).toEqual([])
  })

  it('refuses a transaction whose chainId is not the current chain', async () => {
    const wallet = walletWith([5], { connected: true })
    const error = await rejectionOf(
      wallet.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: wallet.address, value: '0x1', chainId: '0x7a6a' }],
      }),
    )
    expect(error.code).toBe(-32602)
  })

  it('holds keys from private keys too, and validates its options', () => {
    const [a] = localChains()
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
    const wallet = createTestWallet({
      privateKeys: [key],
      chains: [{ chainId: a.chainId, rpcUrl: a.rpcUrl }],
    })
    expect(wallet.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(wallet.info.name).toBe('Latchkey Test Wallet')
    expect(wallet.info.rdns).toBe('dev.latchkey.testwallet')
    expect(wallet.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(wallet.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(() => createTestWallet({ chains: [] })).toThrow()
    expect(() => createTestWallet({ chains: [{ chainId: 1, rpcUrl: a.rpcUrl }], chainId: 2 })).toThrow()
  })
})
