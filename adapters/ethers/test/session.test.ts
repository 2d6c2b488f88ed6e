/** The wallet session through the ethers adapter: capabilities, wallet assets, add-chain, unknown chains. */
import { type CaipNetwork, isUnsupportedNetwork, LatchkeyError } from '@latchkey/core'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  adapterFor,
  connected,
  freshKeys,
  networks,
  rpcUrlOf,
  stack,
  testWallet,
  WALLET_RDNS,
} from './support.js'

describe('capabilities and wallet assets', () => {
  test('getCapabilities is the wallet’s EIP-5792 answer', async () => {
    const { adapter } = await connected()
    const capabilities = await adapter.getCapabilities()
    expect(capabilities['0x7a69']).toEqual({ atomic: { status: 'unsupported' } })
  })

  test('getWalletAssets is the wallet’s EIP-7811 answer in the kit’s shape', async () => {
    const [key] = await freshKeys(1)
    const address = privateKeyToAddress(key!)
    const { discoveryTarget } = testWallet([key!], {
      tokens: [
        { chainId: 31337, address: stack.evm.tokens.LUSD, name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 },
      ],
    })
    const adapter = await adapterFor(discoveryTarget)
    await adapter.connect({ connectorId: WALLET_RDNS })
    const assets = await adapter.getWalletAssets({ address })
    const native = assets.find((asset) => asset.type === 'NATIVE')
    expect(native).toMatchObject({ balance: `0x${(10n ** 20n).toString(16)}` })
    expect(assets.find((asset) => asset.type === 'ERC20')).toMatchObject({
      address: stack.evm.tokens.LUSD,
      balance: '0x0',
      metadata: { symbol: 'LUSD', decimals: 6 },
    })
  })
})

describe('networks', () => {
  test('switching to a chain the wallet lacks adds it (4902 -> wallet_addEthereumChain) and moves there', async () => {
    const keys = await freshKeys(1)
    const { wallet, discoveryTarget } = testWallet(keys, {
      chains: [{ chainId: 31337, rpcUrl: rpcUrlOf(networks[0]), name: networks[0].name }],
    })
    const adapter = await adapterFor(discoveryTarget)
    await adapter.connect({ connectorId: WALLET_RDNS })
    const changes: string[] = []
    adapter.on('networkChanged', ({ network }) => changes.push(network.caipNetworkId))
    const result = await adapter.switchNetwork({ network: networks[1] })
    expect(result).toEqual({ network: networks[1], via: 'wallet' })
    expect(adapter.getNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(changes).toEqual(['eip155:31338'])
    const added = wallet.log.find((entry) => entry.method === 'wallet_addEthereumChain')
    expect(added?.params).toEqual([
      expect.objectContaining({ chainId: '0x7a6a', rpcUrls: [rpcUrlOf(networks[1])] }),
    ])
    // The ethers side follows: the signer's provider is on the new chain.
    expect((await adapter.getSigner().provider.getNetwork()).chainId).toBe(31338n)
  })

  test('the wallet moving to a chain the host did not configure gives the unsupported network', async () => {
    const { wallet, discoveryTarget } = testWallet(await freshKeys(1))
    const adapter = await adapterFor(discoveryTarget, { networks: [networks[0]] })
    await adapter.connect({ connectorId: WALLET_RDNS })
    const changes: CaipNetwork[] = []
    adapter.on('networkChanged', ({ network }) => changes.push(network))
    wallet.switchChain(31338)
    expect(changes).toHaveLength(1)
    expect(changes[0]?.caipNetworkId).toBe('eip155:31338')
    expect(isUnsupportedNetwork(changes[0]!)).toBe(true)
    expect(isUnsupportedNetwork(adapter.getNetwork()!)).toBe(true)
    // No RPC to read an unknown chain with: a clear error, not an ethers one.
    await expect(
      adapter.estimateGas({ to: privateKeyToAddress(`0x${'11'.repeat(32)}`) }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    // And asking to switch to a network the adapter does not serve is refused before the wallet sees it.
    const error = await adapter.switchNetwork({ network: networks[1] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchkeyError)
    expect((error as LatchkeyError).code).toBe('UNSUPPORTED_CHAIN')
    expect(wallet.log.some((entry) => entry.method === 'wallet_switchEthereumChain')).toBe(false)
  })

  test('a send naming another network than the active one is refused, nothing sent', async () => {
    const { adapter, wallet } = await connected()
    const error = await adapter
      .sendTransaction({ to: privateKeyToAddress(`0x${'22'.repeat(32)}`), value: 1n, network: networks[1] })
      .catch((e: unknown) => e)
    expect((error as LatchkeyError).code).toBe('INVALID_PARAMS')
    expect(wallet.log.some((entry) => entry.method === 'eth_sendTransaction')).toBe(false)
  })
})

describe('connectors', () => {
  test('a wallet announced after init appears (connectorsChanged), by its rdns; a host wallet is offered too', async () => {
    const keys = await freshKeys(1)
    const late = testWallet(keys)
    late.stopAnnouncing()
    const discoveryTarget = new EventTarget()
    const custom = testWallet(keys, { rdns: 'dev.latchkey.custom', name: 'Custom' })
    const adapter = await adapterFor(
      discoveryTarget,
      {},
      {
        customWallets: [{ id: 'my-wallet', name: 'My Wallet', provider: custom.wallet.provider }],
      },
    )
    expect(adapter.getConnectors().map((c) => c.id)).toEqual(['my-wallet'])
    const seen: string[][] = []
    adapter.on('connectorsChanged', ({ connectors }) => seen.push(connectors.map((c) => c.id)))
    late.wallet.announce(discoveryTarget)
    expect(seen.at(-1)).toEqual(expect.arrayContaining([WALLET_RDNS, 'my-wallet']))
    const result = await adapter.connect({ connectorId: 'my-wallet' })
    expect(result.accounts[0]?.address).toBe(privateKeyToAddress(keys[0]!))
    expect(adapter.getWalletProvider()).toBe(custom.wallet.provider)
    expect(late.wallet.log).toEqual([])
  })
})
