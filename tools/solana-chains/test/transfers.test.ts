import {
  getAccount,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  transfer,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FUNDED_LAMPORTS,
  FUNDED_TOKEN_AMOUNT,
  getTestKeypair,
  LAMPORTS_PER_SIGNATURE,
  type SolanaClusters,
  startSolanaClusters,
} from '../src/index.js'

let clusters: SolanaClusters
let one: Connection
let two: Connection
// This package's test files send from keypairs 8 and 9 (see the README's allocation).
const sender = getTestKeypair(9)
const tokenSender = getTestKeypair(8)

beforeAll(async () => {
  clusters = await startSolanaClusters({ ephemeral: true })
  const [a, b] = clusters.clusters
  one = new Connection(a.rpcUrl, { commitment: 'confirmed', wsEndpoint: a.wsUrl })
  two = new Connection(b.rpcUrl, { commitment: 'confirmed', wsEndpoint: b.wsUrl })
})
afterAll(async () => {
  await clusters?.stop()
})

function transferTransaction(from: Keypair, to: PublicKey, lamports: number): Transaction {
  return new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }))
}

describe('two clusters', () => {
  it('have distinct genesis hashes, answered by getGenesisHash', async () => {
    const [a, b] = clusters.clusters
    expect(a.name).toBe('Latchkey Solana Local')
    expect(b.name).toBe('Latchkey Solana Local 2')
    expect(a.genesisHash).not.toBe(b.genesisHash)
    expect(await one.getGenesisHash()).toBe(a.genesisHash)
    expect(await two.getGenesisHash()).toBe(b.genesisHash)
    expect((await one.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect((await one.getLatestBlockhash()).blockhash).not.toBe((await two.getLatestBlockhash()).blockhash)
  })

  it('fund the test keypairs with SOL and LUSD on both', async () => {
    const mint = new PublicKey(clusters.mint.address)
    expect(clusters.keypairs[9]).toBe(sender.publicKey.toBase58())
    for (const connection of [one, two]) {
      expect(await connection.getBalance(getTestKeypair(3).publicKey)).toBe(Number(FUNDED_LAMPORTS))
      const ata = getAssociatedTokenAddressSync(mint, getTestKeypair(3).publicKey)
      const balance = await connection.getTokenAccountBalance(ata)
      expect(balance.value).toEqual({
        amount: FUNDED_TOKEN_AMOUNT.toString(),
        decimals: 6,
        uiAmount: 1_000_000,
        uiAmountString: '1000000',
      })
      const parsed = await connection.getParsedAccountInfo(mint)
      expect(parsed.value?.data).toMatchObject({
        program: 'spl-token',
        parsed: { type: 'mint', info: { decimals: 6, mintAuthority: clusters.mint.mintAuthority } },
      })
    }
  })
})

describe('SOL', () => {
  it('moves with sendAndConfirmTransaction (confirmed over signatureSubscribe), fee included', async () => {
    const recipient = Keypair.generate().publicKey
    const before = await one.getBalance(sender.publicKey)
    const transaction = transferTransaction(sender, recipient, LAMPORTS_PER_SOL / 2)
    const signature = await sendAndConfirmTransaction(one, transaction, [sender])
    expect(await one.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2)
    expect(await one.getBalance(sender.publicKey)).toBe(
      before - LAMPORTS_PER_SOL / 2 - LAMPORTS_PER_SIGNATURE,
    )
    const landed = await one.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(landed?.meta?.fee).toBe(LAMPORTS_PER_SIGNATURE)
    expect(landed?.meta?.err).toBeNull()
    expect(landed?.meta?.postBalances[1]).toBe(LAMPORTS_PER_SOL / 2)
    expect(await two.getBalance(recipient)).toBe(0)
    const fee = await one.getFeeForMessage(transaction.compileMessage())
    expect(fee.value).toBe(LAMPORTS_PER_SIGNATURE)
  })

  it('moves in a v0 transaction; getTransaction wants maxSupportedTransactionVersion for it', async () => {
    const recipient = Keypair.generate().publicKey
    const { blockhash } = await two.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: sender.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 3_000_000 }),
      ],
    }).compileToV0Message()
    const transaction = new VersionedTransaction(message)
    transaction.sign([sender])
    const signature = await two.sendTransaction(transaction)
    await two.confirmTransaction(signature)
    expect(await two.getBalance(recipient)).toBe(3_000_000)
    await expect(two.getTransaction(signature)).rejects.toThrow(/maxSupportedTransactionVersion/)
    const landed = await two.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(landed?.version).toBe(0)
  })

  it('is rejected by the other cluster when signed for one cluster blockhash', async () => {
    const transaction = transferTransaction(sender, Keypair.generate().publicKey, LAMPORTS_PER_SOL)
    transaction.recentBlockhash = (await one.getLatestBlockhash()).blockhash
    transaction.sign(sender)
    const before = await two.getBalance(sender.publicKey)
    const error = await two.sendRawTransaction(transaction.serialize()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as Error).message).toContain('Blockhash not found')
    expect(await two.getBalance(sender.publicKey)).toBe(before)
  })

  it('fails preflight for rent when a small transfer would create an account below the minimum', async () => {
    const transaction = transferTransaction(sender, Keypair.generate().publicKey, 1000)
    await expect(sendAndConfirmTransaction(one, transaction, [sender])).rejects.toThrow(
      /insufficient funds for rent/,
    )
  })

  it('arrives by airdrop', async () => {
    const recipient = Keypair.generate().publicKey
    const signature = await one.requestAirdrop(recipient, 2 * LAMPORTS_PER_SOL)
    const latest = await one.getLatestBlockhash()
    await one.confirmTransaction({ signature, ...latest })
    expect(await one.getBalance(recipient)).toBe(2 * LAMPORTS_PER_SOL)
    const [status] = (await one.getSignatureStatuses([signature])).value
    expect(status?.confirmationStatus).toBe('finalized')
  })

  it('is simulated without landing', async () => {
    const recipient = Keypair.generate().publicKey
    const transaction = transferTransaction(sender, recipient, LAMPORTS_PER_SOL)
    transaction.feePayer = sender.publicKey
    transaction.recentBlockhash = (await one.getLatestBlockhash()).blockhash
    const message = transaction.compileMessage()
    const simulated = await one.simulateTransaction(new VersionedTransaction(message))
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs?.join('\n')).toContain('11111111111111111111111111111111 success')
    expect(await one.getBalance(recipient)).toBe(0)
  })
})

describe('SPL', () => {
  it('moves LUSD to a fresh owner, creating the token account', async () => {
    const mint = new PublicKey(clusters.mint.address)
    const owner = Keypair.generate().publicKey
    const source = getAssociatedTokenAddressSync(mint, tokenSender.publicKey)
    const before = (await getAccount(one, source)).amount
    const destination = await getOrCreateAssociatedTokenAccount(one, tokenSender, mint, owner)
    expect(destination.amount).toBe(0n)
    await transfer(one, tokenSender, source, destination.address, tokenSender, 1_500_000n)
    expect((await getAccount(one, destination.address)).amount).toBe(1_500_000n)
    expect((await getAccount(one, source)).amount).toBe(before - 1_500_000n)
    expect((await one.getTokenAccountBalance(destination.address)).value.uiAmountString).toBe('1.5')

    const parsed = await one.getParsedTokenAccountsByOwner(owner, { mint })
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]?.account.data.parsed.info).toMatchObject({
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      tokenAmount: { amount: '1500000', decimals: 6, uiAmountString: '1.5' },
    })
    const raw = await one.getTokenAccountsByOwner(owner, { mint })
    expect(raw.value[0]?.pubkey.equals(destination.address)).toBe(true)
    expect(await two.getTokenAccountsByOwner(owner, { mint })).toMatchObject({ value: [] })
  })
})

describe('WebSocket', () => {
  it('notifies account and slot changes', async () => {
    const recipient = Keypair.generate().publicKey
    const accountChange = new Promise<number>((resolve) => {
      const id = one.onAccountChange(recipient, (info) => {
        void one.removeAccountChangeListener(id)
        resolve(info.lamports)
      })
    })
    const slotChange = new Promise<number>((resolve) => {
      const id = one.onSlotChange((info) => {
        void one.removeSlotChangeListener(id)
        resolve(info.slot)
      })
    })
    const startSlot = await one.getSlot()
    // Let both subscriptions reach the server before the transfer lands.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await sendAndConfirmTransaction(one, transferTransaction(sender, recipient, LAMPORTS_PER_SOL), [sender])
    expect(await accountChange).toBe(LAMPORTS_PER_SOL)
    expect(await slotChange).toBeGreaterThan(startSlot)
  })
})
