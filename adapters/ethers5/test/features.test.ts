/**
 * The rest of the contract through the real wallet and chains: typed data, ERC-1271 and EOA verification,
 * estimate gas, units, capabilities, the 4902 add-chain fallback, an unknown chain, balances through the
 * services stand-in and the RPC, and the ethers v5 provider and signer a host gets.
 */
import {
  type AdapterEvents,
  createKitCore,
  isUnsupportedNetwork,
  LatchkeyError,
  nodeEnvironment,
  ProviderRpcError,
  Units,
  withRpcUrl,
} from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { deploySmartAccount, startRpcFaultProxy } from '@latchkey/evm-chains'
import type { RecordedRequest } from '@latchkey/services'
import { providers } from 'ethers5'
import { recoverMessageAddress, verifyTypedData } from 'viem'
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { Ethers5Adapter } from '../src/index.js'
import {
  chainClient,
  freshAddress,
  freshKeys,
  networks,
  RDNS,
  rpcUrlOf,
  type Setup,
  setup,
  stack,
} from './helpers.js'

const [networkA, networkB] = networks
let world: Setup | undefined
afterEach(() => {
  world?.cleanup()
  world = undefined
})

async function connected(
  options: Parameters<typeof setup>[0] = {},
): Promise<Setup & { address: `0x${string}` }> {
  world = await setup(options)
  const { accounts } = await world.adapter.connect({ connectorId: RDNS, network: networkA })
  return { ...world, address: accounts[0]!.address as `0x${string}` }
}

describe('signing and verifying', () => {
  test('typed data signed through ethers verifies with viem', async () => {
    const { adapter, address } = await connected()
    const typed = {
      domain: {
        name: 'Latchkey Mail',
        version: '1',
        chainId: Number(networkA.id),
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    }
    const { signature, address: signer } = await adapter.signTypedData(typed)
    expect(signer).toBe(address)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({ ...typed, types, address, signature: signature as `0x${string}` } as Parameters<
        typeof verifyTypedData
      >[0]),
    ).toBe(true)
    // A sub-struct as primary type is signed as that struct, not as the one ethers would guess.
    const person = await adapter.signTypedData({
      ...typed,
      primaryType: 'Person',
      message: typed.message.from,
    })
    expect(
      await verifyTypedData({
        domain: typed.domain,
        types: { Person: typed.types.Person },
        primaryType: 'Person',
        message: typed.message.from,
        address,
        signature: person.signature as `0x${string}`,
      } as Parameters<typeof verifyTypedData>[0]),
    ).toBe(true)
    await expect(adapter.signTypedData({ ...typed, primaryType: 'Nope' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
    })
  })

  test('EOA signatures: true for the signer, false for another address or a malformed signature', async () => {
    const { adapter, address } = await connected()
    const { signature } = await adapter.signMessage({ message: 'hello ethers5' })
    expect(
      await recoverMessageAddress({ message: 'hello ethers5', signature: signature as `0x${string}` }),
    ).toBe(address)
    const params = { message: 'hello ethers5', signature, network: networkA }
    expect(await adapter.verifyMessage({ ...params, address })).toBe(true)
    expect(await adapter.verifyMessage({ ...params, address: freshAddress() })).toBe(false)
    expect(await adapter.verifyMessage({ ...params, address, signature: '0x1234' })).toBe(false)
    const raw = await adapter.signMessage({ message: { raw: '0xdeadbeef' } })
    expect(
      await recoverMessageAddress({
        message: { raw: '0xdeadbeef' },
        signature: raw.signature as `0x${string}`,
      }),
    ).toBe(address)
    expect(
      await adapter.verifyMessage({
        address,
        message: { raw: '0xdeadbeef' },
        signature: raw.signature,
        network: networkA,
      }),
    ).toBe(true)
  })

  test("ERC-1271: the owner's signature is valid for the smart account, another key's is not", async () => {
    const keys = await freshKeys(2)
    const { adapter, address: owner } = await connected({ keys })
    const account = await deploySmartAccount({ rpcUrl: rpcUrlOf(networkA), owner })
    const message = 'sign in as the smart account'
    const { signature } = await adapter.signMessage({ message })
    expect(await adapter.verifyMessage({ address: account, message, signature, network: networkA })).toBe(
      true,
    )
    const stranger = await privateKeyToAccount(keys[1]!).signMessage({ message })
    expect(privateKeyToAddress(keys[1]!)).not.toBe(owner)
    expect(
      await adapter.verifyMessage({ address: account, message, signature: stranger, network: networkA }),
    ).toBe(false)
  })
})

describe('reads and units', () => {
  test('estimateGas of a plain transfer is 21000, as the chain says', async () => {
    const { adapter, address } = await connected()
    const to = freshAddress()
    const gas = await adapter.estimateGas({ to, value: 1n })
    expect(gas).toBe(await chainClient(networkA).estimateGas({ account: address, to, value: 1n }))
    expect(gas).toBe(21_000n)
  })

  test('parse and format units: gwei 9, wei 18', async () => {
    world = await setup()
    const { adapter } = world
    expect(adapter.parseUnits('1', Units.gwei)).toBe(1_000_000_000n)
    expect(adapter.parseUnits('1.5', Units.wei)).toBe(1_500_000_000_000_000_000n)
    expect(adapter.formatUnits(1_000_000_000n, Units.gwei)).toBe('1')
    expect(adapter.formatUnits(1_234_500_000_000_000_000n, Units.wei)).toBe('1.2345')
    expect(adapter.formatUnits(1n, Units.wei)).toBe('0.000000000000000001')
    expect(() => adapter.parseUnits('1.2.3', Units.gwei)).toThrow(LatchkeyError)
    expect(() => adapter.parseUnits('0.0000000001', Units.gwei)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS' }),
    )
  })

  test('native balance from the RPC when there is no balance service', async () => {
    const { adapter, address } = await connected()
    const balance = await adapter.getBalance({ address, network: networkB })
    expect(balance.value).toBe(await chainClient(networkB).getBalance({ address }))
    expect(balance).toMatchObject({ decimals: 18, symbol: networkB.nativeCurrency.symbol, formatted: '100' })
    await expect(adapter.getBalance({ address: 'nope', network: networkA })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
    })
  })

  test('native balance through the services stand-in when the kit has a Blockchain API', async () => {
    const [key] = await freshKeys(1)
    const address = privateKeyToAddress(key!)
    const projectId = `ethers5-balance-${Date.now()}`
    // The adapter's own RPC fails every request: the balance can only come from the stand-in.
    const rpc = await startRpcFaultProxy(rpcUrlOf(networkA))
    rpc.failNext(1_000, 400)
    const adapter = new Ethers5Adapter()
    const kit = createKitCore({
      projectId,
      networks: [withRpcUrl(latchkeyLocal, rpc.url)],
      adapters: [adapter],
      environment: nodeEnvironment(),
      services: { blockchainApiUrl: stack.services.url, providerApiUrl: stack.services.url },
    })
    try {
      await kit.ready
      const balance = await adapter.getBalance({ address, network: adapter.networks[0]! })
      expect(balance.value).toBe(await chainClient(networkA).getBalance({ address }))
      expect(rpc.requests).toEqual([])
      const log = (await (
        await fetch(`${stack.services.url}/__control/requests?projectId=${projectId}`)
      ).json()) as { requests: RecordedRequest[] }
      expect(log.requests.some((r) => r.path.includes(`/account/${address}/balance`))).toBe(true)
    } finally {
      kit.destroy()
      await rpc.close()
    }
  })
})

describe('the wallet', () => {
  test('capabilities are the wallet’s EIP-5792 answer', async () => {
    const { adapter, wallet, address } = await connected()
    const expected = await wallet.provider.request({
      method: 'wallet_getCapabilities',
      params: [address],
    } as never)
    expect(await adapter.getCapabilities()).toEqual(expected)
    expect(Object.keys(await adapter.getCapabilities())).toContain('0x7a69')
  })

  test('switching to a chain the wallet does not know adds it (4902), then switches', async () => {
    const { adapter, wallet } = await connected({
      wallet: { chains: [{ chainId: Number(networkA.id), rpcUrl: rpcUrlOf(networkA), name: networkA.name }] },
    })
    const changes: AdapterEvents['networkChanged'][] = []
    adapter.on('networkChanged', (event) => changes.push(event))
    const result = await adapter.switchNetwork({ network: networkB })
    expect(result.network.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(changes.map((c) => c.network.caipNetworkId)).toEqual([networkB.caipNetworkId])
    const add = wallet.log.find((entry) => entry.method === 'wallet_addEthereumChain')
    expect(add?.outcome).toBe('approved')
    expect(add?.params).toMatchObject([{ chainId: '0x7a6a', rpcUrls: [rpcUrlOf(networkB)] }])
  })

  test('the wallet moving to a chain the host did not configure gives the unsupported network', async () => {
    const { adapter, wallet } = await connected({
      wallet: {
        chains: [
          ...networks.map((n) => ({ chainId: Number(n.id), rpcUrl: rpcUrlOf(n), name: n.name })),
          { chainId: 999, rpcUrl: rpcUrlOf(networkA), name: 'Elsewhere' },
        ],
      },
    })
    const changes: AdapterEvents['networkChanged'][] = []
    adapter.on('networkChanged', (event) => changes.push(event))
    wallet.switchChain(999)
    expect(changes).toHaveLength(1)
    expect(changes[0]?.network.caipNetworkId).toBe('eip155:999')
    expect(isUnsupportedNetwork(changes[0]!.network)).toBe(true)
    expect(isUnsupportedNetwork(adapter.getNetwork()!)).toBe(true)
  })
})

describe('what a host gets: the ethers v5 provider and signer', () => {
  test('getSigner signs and sends for the connected account; getProvider reads the chain', async () => {
    const { adapter, address } = await connected()
    const signer = adapter.getSigner()
    expect(signer).toBeInstanceOf(providers.JsonRpcSigner)
    expect(await signer.getAddress()).toBe(address)
    const signature = await signer.signMessage('from the host')
    expect(
      await recoverMessageAddress({ message: 'from the host', signature: signature as `0x${string}` }),
    ).toBe(address)
    const to = freshAddress()
    const hash = await signer.sendUncheckedTransaction({ to, value: 12_345 })
    await chainClient(networkA).waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect((await adapter.getProvider().getBalance(to)).toBigInt()).toBe(12_345n)
    expect((await adapter.getWeb3Provider()!.getNetwork()).chainId).toBe(Number(networkA.id))
    expect(adapter.getWalletProvider()).toBeDefined()
  })

  test('without a connection: no signer (NOT_CONNECTED), no wallet provider; an unknown account is 4100', async () => {
    world = await setup()
    expect(() => world!.adapter.getSigner()).toThrow(expect.objectContaining({ code: 'NOT_CONNECTED' }))
    expect(world.adapter.getWeb3Provider()).toBeUndefined()
    expect(world.adapter.getWalletProvider()).toBeUndefined()
    await world.adapter.connect({ connectorId: RDNS, network: networkA })
    const error = (() => {
      try {
        world!.adapter.getSigner(freshAddress())
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4100)
  })
})
