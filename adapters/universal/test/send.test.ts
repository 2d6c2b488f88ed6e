// The send form over a WalletConnect session (issue 23): a headless kit on the universal adapter sends ETH and the
// local LUSDT (USDT's ABI, through `writeContract`) from the wallet's fresh key; the receiver's balances are read back
// from the chain. The wallet is WalletKit behind the local relay, approving by itself.
import { createKitCore, createMemoryStorage, nodeEnvironment } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { createPublicClient, encodeFunctionData, erc20Abi, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { UniversalAdapter } from '../src/index.js'
import { closeProvider, evmNetworks, fundedWcWallet, newProvider, pairOnDisplayUri } from './support.js'

const stack: LocalStackInfo = inject('stack')
const chain = stack.evm.chains[0]!
const LUSDT = stack.evm.tokens.LUSDT
const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })

let relay: LocalRelay
beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterAll(async () => {
  await relay?.close()
})

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result?: unknown }).result
}

/** 10 LUSDT to `to`, sent by the node itself from a holder of the stack's mnemonic (impersonated). */
async function giveLusdt(to: string): Promise<void> {
  const holder = mnemonicToAccount(stack.evm.mnemonic, { addressIndex: 7 }).address
  await rpc('anvil_impersonateAccount', [holder])
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, 10_000_000n] })
  const hash = (await rpc('eth_sendTransaction', [{ from: holder, to: LUSDT, data }])) as Hex
  expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
}

const lusdtOf = (owner: Hex) =>
  client.readContract({ address: LUSDT, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('the send form over WalletConnect (universal adapter)', () => {
  test('[§4.49] sends ETH and LUSDT; the receiver holds both', async () => {
    const wallet = await fundedWcWallet(relay.url, ['eip155'])
    const provider = await newProvider(relay.url, evmNetworks)
    const stop = pairOnDisplayUri(wallet, provider)
    const kit = createKitCore(
      {
        networks: [...evmNetworks],
        adapters: [new UniversalAdapter({ namespace: 'eip155' })],
        metadata: {
          name: 'Send over WalletConnect',
          description: 'universal',
          url: 'http://127.0.0.1',
          icons: [],
        },
        enableWalletConnect: true,
        services: { walletConnectRelayUrl: relay.url },
        // Without a project id the balances come from the chain: the native one and the host's token.
        tokens: { [evmNetworks[0]!.caipNetworkId]: { address: LUSDT } },
        storage: createMemoryStorage(),
        environment: nodeEnvironment(),
      },
      { getWalletConnectProvider: async () => provider },
    )
    try {
      await kit.ready
      await kit.controllers.connection.connectWalletConnect()
      const from = kit.getAccount().address as Hex
      await giveLusdt(from)
      const send = await kit.controllers.send.load()
      // The token list is the account data's (read on connect, before the LUSDT arrived): read it again now.
      // (`kit.refreshBalance()` refreshes the account's native balance, not this list.)
      await (await kit.controllers.account.load()).balances.refresh({ force: true })
      // The host's token is listed from the first read, with whatever balance it had then: wait for the 10 LUSDT.
      const lusdtListed = () => send.state.get().tokenBalances.find((token) => token.symbol === 'LUSDT')
      await vi.waitFor(
        () => {
          expect(send.state.get().tokenBalances.map((token) => token.symbol)).toEqual(['ETH', 'LUSDT'])
          expect(Number(lusdtListed()?.quantity.numeric)).toBe(10)
        },
        { timeout: 15_000 },
      )
      const to = privateKeyToAccount(generatePrivateKey()).address

      send.setToken(send.state.get().tokenBalances[0])
      send.setTokenAmount('0.5')
      send.setReceiverAddress(to)
      const preview = await send.preview()
      expect(preview.fee?.symbol).toBe('ETH')
      const native = await send.send()
      expect((await client.waitForTransactionReceipt({ hash: native.hash as Hex })).status).toBe('success')
      expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))

      await vi.waitFor(() => expect(Number(lusdtListed()?.quantity.numeric)).toBe(10))
      send.setToken(lusdtListed())
      send.setTokenAmount('2.5')
      send.setReceiverAddress(to)
      const token = await send.send()
      expect((await client.waitForTransactionReceipt({ hash: token.hash as Hex })).status).toBe('success')
      expect(await lusdtOf(to)).toBe(2_500_000n)
      expect(wallet.log.map((entry) => entry.method).filter((m) => m === 'eth_sendTransaction')).toHaveLength(
        2,
      )
    } finally {
      kit.destroy()
      stop()
      await wallet.close()
      await closeProvider(provider)
    }
  })
})
