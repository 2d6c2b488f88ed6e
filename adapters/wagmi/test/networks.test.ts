/** Network switching through wagmi's connector: the 4902 -> add-chain fallback, and a chain the host did not configure. */
import { RpcErrorCode, UNSUPPORTED_NETWORK_NAME } from '@latchkey/core'
import { afterEach, expect, test } from 'vitest'
import { networks, setupAdapter, walletChains } from './support.js'

let close: (() => void) | undefined
afterEach(() => close?.())

test('a wallet that does not know the chain is asked to add it (4902), then is on it', async () => {
  const env = await setupAdapter({ wallet: { chains: [walletChains[0]!] } })
  close = env.close
  await env.connect(networks[0])
  const seen: string[] = []
  env.adapter.on('networkChanged', ({ network }) => seen.push(network.caipNetworkId))

  const result = await env.adapter.switchNetwork({ network: networks[1] })

  expect(result).toEqual({ network: networks[1], via: 'wallet' })
  const methods = env.wallet.log.map((entry) => entry.method)
  expect(methods).toContain('wallet_addEthereumChain')
  const added = env.wallet.log.find((entry) => entry.method === 'wallet_addEthereumChain')
  expect((added?.params as { chainId: string; rpcUrls: string[] }[] | undefined)?.[0]).toMatchObject({
    chainId: '0x7a6a',
    rpcUrls: [networks[1].rpcUrls.default.http[0]],
  })
  expect(env.wallet.chainId).toBe(Number(networks[1].id))
  expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networks[1].caipNetworkId)
  expect(seen).toEqual([networks[1].caipNetworkId])
})

test('refusing to add the chain is a user rejection, the network unchanged', async () => {
  const env = await setupAdapter({ wallet: { chains: [walletChains[0]!] } })
  close = env.close
  await env.connect(networks[0])
  env.wallet.setPolicy('reject')
  await expect(env.adapter.switchNetwork({ network: networks[1] })).rejects.toMatchObject({
    code: RpcErrorCode.UserRejectedRequest,
  })
  expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networks[0].caipNetworkId)
})

test('the wallet moving to a chain the host did not configure reports the unsupported network', async () => {
  const env = await setupAdapter({ adapter: { networks: [networks[0]] } })
  close = env.close
  await env.connect(networks[0])
  const seen: { caipNetworkId: string; name: string }[] = []
  env.adapter.on('networkChanged', ({ network }) => seen.push(network))

  env.wallet.switchChain(Number(networks[1].id))

  await expect.poll(() => seen.length).toBe(1)
  expect(seen[0]).toMatchObject({ caipNetworkId: 'eip155:31338', name: UNSUPPORTED_NETWORK_NAME })
  expect(env.adapter.getNetwork()?.name).toBe(UNSUPPORTED_NETWORK_NAME)
  expect(env.adapter.getAccounts()[0]?.caipAddress).toBe(`eip155:31338:${env.wallet.address}`)
  await expect(
    env.adapter.sendTransaction({ to: env.wallet.address, value: 1n, network: networks[0] }),
  ).rejects.toMatchObject({
    code: 'INVALID_PARAMS',
  })
})

test('switching to a network the adapter does not serve is refused without asking the wallet', async () => {
  const env = await setupAdapter({ adapter: { networks: [networks[0]] } })
  close = env.close
  await env.connect(networks[0])
  const before = env.wallet.log.length
  await expect(env.adapter.switchNetwork({ network: networks[1] })).rejects.toMatchObject({
    code: 'UNSUPPORTED_CHAIN',
  })
  expect(env.wallet.log.length).toBe(before)
})
