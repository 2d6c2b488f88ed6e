// Beyond the conformance suite, with the stack's test keypair 2 (SOL and LUSD on both clusters): SPL transfers,
// signing several transactions, the fee estimate, token balances and rejections.
import { createMemoryStorage, solanaDevnet } from '@latchkey/core'
import { getTestKeypair } from '@latchkey/solana-chains'
import { createSolanaTestWallet } from '@latchkey/solana-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { beforeEach, describe, expect, inject, test } from 'vitest'
import { SolanaAdapter } from '../src/index.js'
import { connectionOf, localSolanaNetwork, verifyWithNode } from './support.js'

const stack: LocalStackInfo = inject('stack')
const clusters = stack.solana.clusters
const networks = clusters.map(localSolanaNetwork)
const [networkA, networkB] = networks as [(typeof networks)[0], (typeof networks)[0]]
const owner = getTestKeypair(2)
const mint = stack.solana.mint.address
const NAME = 'Latchkey Features Wallet'

async function setup() {
  const wallet = createSolanaTestWallet({
    name: NAME,
    secretKeys: [owner.secretKey],
    clusters: clusters.map(({ name, rpcUrl, genesisHash }) => ({ name, rpcUrl, genesisHash })),
  })
  const discoveryTarget = new EventTarget()
  wallet.register(discoveryTarget)
  const adapter = new SolanaAdapter()
  await adapter.init({ networks, options: {}, storage: createMemoryStorage(), discoveryTarget })
  return { wallet, adapter }
}

let env: Awaited<ReturnType<typeof setup>>
beforeEach(async () => {
  env = await setup()
  return () => env.adapter.destroy()
})

describe('SolanaAdapter', () => {
  test('offers the test wallet as a Wallet Standard connector that switches in the adapter', () => {
    const [connector] = env.adapter.getConnectors()
    expect(connector).toMatchObject({
      id: NAME,
      type: 'ANNOUNCED',
      chain: 'solana',
      networkSwitch: 'adapter',
    })
    expect(connector?.chains).toEqual([networkA.caipNetworkId])
    expect(env.adapter.getConnection(networkA).rpcEndpoint).toBe(clusters[0]?.rpcUrl)
  })

  test('sends LUSD to a fresh address, creating its token account; balances read back', async () => {
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    const to = Keypair.generate().publicKey.toBase58()
    const from = owner.publicKey.toBase58()
    expect(await env.adapter.getBalance({ address: to, network: networkA, token: mint })).toMatchObject({
      value: 0n,
      decimals: 6,
    })
    const before = await env.adapter.getBalance({ address: from, network: networkA, token: mint })
    const { hash, network } = await env.adapter.sendSplTransfer({ mint, to, amount: 2_500_000n })
    expect(network.caipNetworkId).toBe(networkA.caipNetworkId)
    const tx = await connectionOf(networkA).getTransaction(hash, { commitment: 'confirmed' })
    expect(tx?.meta?.err).toBeNull()
    const account = await connectionOf(networkA).getTokenAccountBalance(
      getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(to)),
    )
    expect(account.value.amount).toBe('2500000')
    const after = await env.adapter.getBalance({ address: from, network: networkA, token: mint })
    expect(before.value - after.value).toBe(2_500_000n)
    expect((await env.adapter.getBalance({ address: to, network: networkA, token: mint })).formatted).toBe(
      '2.5',
    )
  })

  test('signs several transactions with one prompt, each for the active cluster', async () => {
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    const { blockhash } = await connectionOf(networkA).getLatestBlockhash()
    const build = (lamports: number) =>
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: owner.publicKey,
          recentBlockhash: blockhash,
          instructions: [
            SystemProgram.transfer({
              fromPubkey: owner.publicKey,
              toPubkey: Keypair.generate().publicKey,
              lamports,
            }),
          ],
        }).compileToLegacyMessage(),
      )
    const unsigned = [build(1_000_000), build(2_000_000)]
    const prompts = env.wallet.prompts().length
    const signed = await env.adapter.signAllTransactions({
      transactions: [unsigned[0]!.serialize(), Buffer.from(unsigned[1]!.serialize()).toString('base64')],
    })
    expect(env.wallet.prompts().length).toBe(prompts + 1)
    expect(signed).toHaveLength(2)
    for (const [index, text] of signed.entries()) {
      const tx = VersionedTransaction.deserialize(Buffer.from(text, 'base64'))
      expect(tx.message.recentBlockhash).toBe(blockhash)
      expect(
        verifyWithNode(owner.publicKey.toBase58(), tx.message.serialize(), tx.signatures[0]!),
        `transaction ${index}`,
      ).toBe(true)
    }
    const single = await env.adapter.signTransaction({ transaction: unsigned[0]!.serialize() })
    expect(single.signedTransaction).toBe(signed[0])
  })

  test('estimates the fee of a transfer as the cluster prices its message', async () => {
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    const fee = await env.adapter.estimateGas({ to: Keypair.generate().publicKey.toBase58(), value: 1n })
    expect(fee).toBe(5000n)
  })

  test('a rejection is 4001 on connect, sign, SOL and SPL sends; nothing changes', async () => {
    env.wallet.setPolicy('reject')
    await expect(env.adapter.connect({ connectorId: NAME, network: networkA })).rejects.toMatchObject({
      code: 4001,
    })
    expect(env.adapter.getAccounts()).toEqual([])
    env.wallet.setPolicy('approve')
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    const balance = await connectionOf(networkA).getBalance(owner.publicKey)
    env.wallet.setPolicy('reject')
    await expect(env.adapter.signMessage({ message: 'hi' })).rejects.toMatchObject({ code: 4001 })
    await expect(
      env.adapter.sendTransaction({ to: Keypair.generate().publicKey.toBase58(), value: 1_000_000n }),
    ).rejects.toMatchObject({ code: 4001 })
    await expect(
      env.adapter.sendSplTransfer({ mint, to: Keypair.generate().publicKey.toBase58(), amount: 1n }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(env.adapter.getAccounts().map((a) => a.address)).toEqual([owner.publicKey.toBase58()])
    expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
    expect(await connectionOf(networkA).getBalance(owner.publicKey)).toBe(balance)
  })

  test('an unknown connector and a network the adapter does not serve are refused', async () => {
    await expect(env.adapter.connect({ connectorId: 'Nope' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    await expect(env.adapter.switchNetwork({ network: solanaDevnet })).rejects.toThrow('Unsupported chain')
    expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
  })

  test('after an adapter-side switch the SOL transfer lands on the new cluster', async () => {
    await env.adapter.connect({ connectorId: NAME, network: networkA })
    expect((await env.adapter.switchNetwork({ network: networkB })).via).toBe('adapter')
    const { hash } = await env.adapter.sendTransaction({
      to: Keypair.generate().publicKey.toBase58(),
      value: 1_000_000n,
    })
    expect(await connectionOf(networkB).getTransaction(hash, { commitment: 'confirmed' })).toBeTruthy()
    expect(await connectionOf(networkA).getTransaction(hash, { commitment: 'confirmed' })).toBeNull()
  })
})
