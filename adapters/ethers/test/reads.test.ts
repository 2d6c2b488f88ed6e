/** Reads and checks: balances (chain and Blockchain API), signatures (EOA, EIP-712, ERC-1271), gas, units. */
import { createKitCore, LatchkeyError, nodeEnvironment } from '@latchkey/core'
import { deploySmartAccount } from '@latchkey/evm-chains'
import type { RecordedRequest } from '@latchkey/services'
import { verifyTypedData as ethersVerifyTypedData } from 'ethers'
import { verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { EthersAdapter } from '../src/index.js'
import { adapterFor, chainA, clientOf, connected, freshKeys, networks, stack } from './support.js'

/** An adapter under a kit whose Blockchain API is the services stand-in, for one project of the stand-in. */
async function kitWithServices(projectId: string) {
  const adapter = new EthersAdapter()
  const kit = createKitCore({
    projectId,
    networks: [...networks],
    adapters: [adapter],
    environment: nodeEnvironment(),
    services: { blockchainApiUrl: stack.services.url, providerApiUrl: stack.services.url },
  })
  await kit.ready
  return { adapter, kit }
}

/** What the stand-in recorded for a project. */
async function recordedRequests(projectId: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${stack.services.url}/__control/requests?projectId=${projectId}`)
  return ((await response.json()) as { requests: RecordedRequest[] }).requests
}

describe('getBalance', () => {
  test('reads the chain when the kit has no Blockchain API', async () => {
    const [key] = await freshKeys(1)
    const address = privateKeyToAddress(key!)
    const adapter = await adapterFor(undefined)
    const balance = await adapter.getBalance({ address, network: networks[0] })
    expect(balance).toEqual({ value: 10n ** 20n, decimals: 18, symbol: 'ETH', formatted: '100' })
    adapter.destroy()
  })

  test('goes through the Blockchain API (the services stand-in) when the kit has one', async () => {
    const [key] = await freshKeys(1)
    const address = privateKeyToAddress(key!)
    const projectId = `adapter-ethers-balance-${Date.now()}`
    const { adapter, kit } = await kitWithServices(projectId)
    const balance = await adapter.getBalance({ address, network: networks[0] })
    expect(balance.value).toBe(10n ** 20n)
    expect(balance.symbol).toBe('ETH')
    const requests = await recordedRequests(projectId)
    const balanceRequests = requests.filter((r) => r.path === `/v1/account/${address}/balance`)
    expect(balanceRequests).toHaveLength(1)
    expect(balanceRequests[0]?.query.chainId).toBe(networks[0].caipNetworkId)
    kit.destroy()
  })

  test('reads the chain when the Blockchain API fails (HTTP 500 from the stand-in)', async () => {
    const [key] = await freshKeys(1)
    const address = privateKeyToAddress(key!)
    const projectId = `adapter-ethers-balance-fault-${Date.now()}`
    const fault = { path: `/v1/account/${address}/balance`, status: 500 }
    const faulted = await fetch(`${stack.services.url}/__control/faults?projectId=${projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    })
    expect(faulted.ok).toBe(true)
    const { adapter, kit } = await kitWithServices(projectId)
    expect((await adapter.getBalance({ address, network: networks[0] })).value).toBe(10n ** 20n)
    const requests = await recordedRequests(projectId)
    expect(requests.filter((r) => r.path === fault.path).length).toBeGreaterThan(0)
    kit.destroy()
  })

  test('a malformed address is INVALID_PARAMS', async () => {
    const adapter = await adapterFor(undefined)
    await expect(adapter.getBalance({ address: '0x1234', network: networks[0] })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
    })
  })
})

describe('signatures', () => {
  test('signMessage (text and raw bytes) verifies for the signer and not for another address', async () => {
    const { adapter, address } = await connected()
    const { signature } = await adapter.signMessage({ message: 'hello ethers' })
    const check = (message: Parameters<typeof adapter.verifyMessage>[0]['message'], who = address) =>
      adapter.verifyMessage({ address: who, message, signature, network: networks[0] })
    expect(await check('hello ethers')).toBe(true)
    expect(await check('hello ethers!')).toBe(false)
    expect(await check('hello ethers', privateKeyToAddress(generatePrivateKey()))).toBe(false)

    const raw = await adapter.signMessage({ message: { raw: '0xdeadbeef' } })
    expect(
      await adapter.verifyMessage({
        address,
        message: { raw: '0xdeadbeef' },
        signature: raw.signature,
        network: networks[0],
      }),
    ).toBe(true)
    expect(
      await adapter.verifyMessage({
        address,
        message: { raw: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) },
        signature: raw.signature,
        network: networks[0],
      }),
    ).toBe(true)
    expect(
      await adapter.verifyMessage({ address, message: 'x', signature: '0xnothex', network: networks[0] }),
    ).toBe(false)
  })

  test('signTypedData gives an EIP-712 signature that viem and ethers verify', async () => {
    const { adapter, address } = await connected()
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: Number(networks[0].id) },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail' as const,
      message: { from: { name: 'Alice', wallet: address }, contents: 'hi', amount: 10n ** 18n },
    }
    const { signature, address: signer } = await adapter.signTypedData(typed)
    expect(signer).toBe(address)
    expect(
      await verifyTypedData({
        ...(typed as unknown as Omit<Parameters<typeof verifyTypedData>[0], 'address' | 'signature'>),
        address,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    const { EIP712Domain: _, ...types } = typed.types
    expect(ethersVerifyTypedData(typed.domain, types, typed.message, signature)).toBe(address)
  })

  test('signTypedData with a primaryType that is not the root type: INVALID_PARAMS, no prompt', async () => {
    const { adapter, wallet } = await connected()
    const error = await adapter
      .signTypedData({
        domain: {},
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Letter',
        message: { contents: 'hi' },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchkeyError)
    expect((error as LatchkeyError).code).toBe('INVALID_PARAMS')
    expect(wallet.prompts().map((p) => p.method)).toEqual(['eth_requestAccounts'])
  })

  test('ERC-1271: a contract account accepts its owner’s signature and refuses another key’s', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const account = await deploySmartAccount({ rpcUrl: chainA.rpcUrl, owner: owner.address })
    const adapter = await adapterFor(undefined)
    const message = 'sign in as the smart account'
    const verify = async (signature: string) =>
      adapter.verifyMessage({ address: account, message, signature, network: networks[0] })
    expect(await verify(await owner.signMessage({ message }))).toBe(true)
    expect(await verify(await stranger.signMessage({ message }))).toBe(false)
    // On the other chain the address has no code: nothing vouches for the signature.
    expect(
      await adapter.verifyMessage({
        address: account,
        message,
        signature: await owner.signMessage({ message }),
        network: networks[1],
      }),
    ).toBe(false)
    adapter.destroy()
  })
})

describe('estimateGas and units', () => {
  test('estimates a transfer and a contract call through the read provider', async () => {
    const { adapter, address } = await connected()
    const to = privateKeyToAddress(generatePrivateKey())
    expect(await adapter.estimateGas({ to, value: 1n })).toBe(21_000n)
    const viemEstimate = await clientOf(networks[0]).estimateGas({ account: address, to, value: 1n })
    expect(await adapter.estimateGas({ to, value: 1n, from: address, network: networks[0] })).toBe(
      viemEstimate,
    )
  })

  test('parseUnits / formatUnits: gwei (9) and wei (18), errors as INVALID_PARAMS', async () => {
    const adapter = await adapterFor(undefined)
    expect(adapter.parseUnits('1.5', 9)).toBe(1_500_000_000n)
    expect(adapter.parseUnits('1', 18)).toBe(10n ** 18n)
    expect(adapter.formatUnits(1_500_000_000n, 9)).toBe('1.5')
    expect(adapter.formatUnits(10n ** 18n, 18)).toBe('1')
    expect(adapter.formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(adapter.formatUnits(0n, 18)).toBe('0')
    for (const bad of ['1.2.3', 'abc', '0.0000000001']) {
      expect(() => adapter.parseUnits(bad, 9)).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    }
  })
})
