import { createPublicKey, verify } from 'node:crypto'
import { getTestKeypair, type SolanaClusters, startSolanaClusters } from '@latchkey/solana-chains'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
} from '@solana/wallet-standard-features'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import { StandardConnect, StandardDisconnect, StandardEvents } from '@wallet-standard/features'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterChainId, createSolanaTestWallet, type SolanaTestWallet } from '../src/index.js'

// This package's senders are keypairs 5, 6 and 7 (see tools/solana-chains' README).
const payer = getTestKeypair(5)
const second = getTestKeypair(6)

let solana: SolanaClusters
let connections: [Connection, Connection]

beforeAll(async () => {
  solana = await startSolanaClusters({ ephemeral: true })
  connections = solana.clusters.map(
    (cluster) => new Connection(cluster.rpcUrl, { commitment: 'confirmed', wsEndpoint: cluster.wsUrl }),
  ) as [Connection, Connection]
})
afterAll(async () => {
  await solana?.stop()
})

function newWallet(policy: 'approve' | 'reject' | 'hold' = 'approve'): SolanaTestWallet {
  return createSolanaTestWallet({
    secretKeys: [payer.secretKey, second.secretKey],
    clusters: solana.clusters.map((cluster) => ({
      name: cluster.name,
      rpcUrl: cluster.rpcUrl,
      genesisHash: cluster.genesisHash,
    })),
    policy,
  })
}

// The features, typed loosely: what an app calls.
// biome-ignore lint/suspicious/noExplicitAny: the test drives the features as an app would, through their names
type Features = Record<string, any>
const features = (wallet: SolanaTestWallet) => wallet.wallet.features as Features

async function connect(wallet: SolanaTestWallet): Promise<WalletAccount> {
  const { accounts } = await features(wallet)[StandardConnect].connect()
  return accounts[0]
}

async function transfer(
  connection: Connection,
  from: PublicKey,
  to: PublicKey,
  lamports: number,
): Promise<Transaction> {
  const transaction = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }),
  )
  transaction.feePayer = from
  transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  return transaction
}

describe('the Wallet Standard object', () => {
  it('has a name, an icon, the current chain and the features', () => {
    const wallet = newWallet()
    expect(wallet.wallet.version).toBe('1.0.0')
    expect(wallet.wallet.name).toBe('Latchkey Solana Test')
    expect(wallet.wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.wallet.chains).toEqual([`solana:${solana.clusters[0].genesisHash.slice(0, 32)}`])
    expect(Object.keys(wallet.wallet.features).sort()).toEqual(
      [
        StandardConnect,
        StandardDisconnect,
        StandardEvents,
        SolanaSignAndSendTransaction,
        SolanaSignMessage,
        SolanaSignTransaction,
      ].sort(),
    )
    expect(wallet.wallet.accounts).toEqual([])
  })

  it('refuses bad construction input', () => {
    expect(() => createSolanaTestWallet({ secretKeys: [], clusters: [] })).toThrow('at least one secret key')
    expect(() =>
      createSolanaTestWallet({
        secretKeys: [new Uint8Array(10)],
        clusters: [{ name: 'x', rpcUrl: 'http://127.0.0.1:1', chain: 'solana:x' }],
      }),
    ).toThrow('Secret key 0 is not a 64-byte ed25519 keypair.')
    expect(() => clusterChainId({ name: 'x', rpcUrl: 'http://127.0.0.1:1' })).toThrow(
      'needs a chain id or a genesis hash',
    )
  })
})

describe('connect', () => {
  it('prompts once; a silent connect never prompts; events fire once per cause', async () => {
    const wallet = newWallet()
    const changes: unknown[] = []
    features(wallet)[StandardEvents].on('change', (properties: unknown) => changes.push(properties))
    expect((await features(wallet)[StandardConnect].connect({ silent: true })).accounts).toEqual([])
    expect(wallet.prompts()).toHaveLength(0)
    const account = await connect(wallet)
    expect(account.address).toBe(payer.publicKey.toBase58())
    expect(Array.from(account.publicKey)).toEqual(Array.from(payer.publicKey.toBytes()))
    expect(account.features).toContain(SolanaSignAndSendTransaction)
    expect((await features(wallet)[StandardConnect].connect({ silent: true })).accounts[0].address).toBe(
      account.address,
    )
    expect(wallet.prompts()).toHaveLength(1)
    expect(changes).toHaveLength(1)

    wallet.switchAccount(1)
    expect(changes).toHaveLength(2)
    expect((changes[1] as { accounts: WalletAccount[] }).accounts[0]?.address).toBe(
      second.publicKey.toBase58(),
    )

    await features(wallet)[StandardDisconnect].disconnect()
    expect(changes[2]).toEqual({ accounts: [] })
    expect(wallet.wallet.accounts).toEqual([])
  })

  it('rejects with 4001 under the reject policy, and logs it', async () => {
    const wallet = newWallet('reject')
    await expect(connect(wallet)).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.log.map((entry) => [entry.method, entry.status])).toEqual([[StandardConnect, 'rejected']])
  })

  it('holds a request until the user answers', async () => {
    const wallet = newWallet('hold')
    const connecting = connect(wallet)
    const pending = await wallet.nextPending()
    expect(pending.method).toBe(StandardConnect)
    expect(wallet.pending()).toHaveLength(1)
    wallet.approve(pending.id)
    expect((await connecting).address).toBe(payer.publicKey.toBase58())

    const message = new TextEncoder().encode('held')
    const signing = features(wallet)[SolanaSignMessage].signMessage({ account: await connecting, message })
    wallet.reject()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })
})

describe('signing', () => {
  it('signs a message that verifies with ed25519', async () => {
    const wallet = newWallet()
    const account = await connect(wallet)
    const message = new TextEncoder().encode('Sign in to Latchkey')
    const [output] = await features(wallet)[SolanaSignMessage].signMessage({ account, message })
    expect(output.signature).toHaveLength(64)
    const spki = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(account.publicKey),
    ])
    const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    expect(verify(null, message, publicKey, output.signature)).toBe(true)
    expect(verify(null, new TextEncoder().encode('something else'), publicKey, output.signature)).toBe(false)
  })

  it('signs several transactions (legacy and v0) at once; the cluster accepts them', async () => {
    const wallet = newWallet()
    const account = await connect(wallet)
    const [connection] = connections
    const recipient = Keypair.generate().publicKey
    const legacy = await transfer(connection, payer.publicKey, recipient, LAMPORTS_PER_SOL)
    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: legacy.recentBlockhash!,
        instructions: [
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: recipient,
            lamports: 2 * LAMPORTS_PER_SOL,
          }),
        ],
      }).compileToV0Message(),
    )
    const outputs = await features(wallet)[SolanaSignTransaction].signTransaction(
      { account, transaction: legacy.serialize({ requireAllSignatures: false }) },
      { account, transaction: v0.serialize() },
    )
    expect(outputs).toHaveLength(2)
    expect(wallet.prompts()).toHaveLength(2) // connect + one prompt for both transactions
    for (const { signedTransaction } of outputs) {
      const signature = await connection.sendRawTransaction(signedTransaction)
      await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
    }
    expect(await connection.getBalance(recipient)).toBe(3 * LAMPORTS_PER_SOL)
  })

  it('refuses to sign for an account it was not authorized for', async () => {
    const wallet = newWallet()
    const stranger = {
      address: Keypair.generate().publicKey.toBase58(),
      publicKey: new Uint8Array(32),
      chains: [],
      features: [],
    }
    const transaction = await transfer(
      connections[0],
      payer.publicKey,
      Keypair.generate().publicKey,
      LAMPORTS_PER_SOL,
    )
    await expect(
      features(wallet)[SolanaSignTransaction].signTransaction({
        account: stranger,
        transaction: transaction.serialize({ requireAllSignatures: false }),
      }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(wallet.prompts()).toHaveLength(0)
  })
})

describe('sign and send', () => {
  it('sends to the cluster the wallet is on, and to the new one after switchCluster', async () => {
    const wallet = newWallet()
    const account = await connect(wallet)
    const [one, two] = connections
    const recipient = Keypair.generate().publicKey
    const first = await transfer(one, payer.publicKey, recipient, LAMPORTS_PER_SOL)
    const [sent] = await features(wallet)[SolanaSignAndSendTransaction].signAndSendTransaction({
      account,
      chain: wallet.cluster.chain,
      transaction: first.serialize({ requireAllSignatures: false }),
      options: { commitment: 'confirmed' },
    })
    expect(sent.signature).toHaveLength(64)
    expect(await one.getBalance(recipient)).toBe(LAMPORTS_PER_SOL)

    const changes: { chains?: readonly string[]; accounts?: readonly WalletAccount[] }[] = []
    features(wallet)[StandardEvents].on('change', (properties: (typeof changes)[number]) =>
      changes.push(properties),
    )
    wallet.switchCluster(solana.clusters[1].name)
    expect(changes).toHaveLength(1)
    const chain = `solana:${solana.clusters[1].genesisHash.slice(0, 32)}`
    expect(changes[0]?.chains).toEqual([chain])
    expect(changes[0]?.accounts?.[0]?.chains).toEqual([chain])

    // A request for the old chain is refused instead of landing on the wrong cluster.
    const stale = await transfer(one, payer.publicKey, recipient, LAMPORTS_PER_SOL)
    await expect(
      features(wallet)[SolanaSignAndSendTransaction].signAndSendTransaction({
        account: changes[0]!.accounts![0],
        chain: `solana:${solana.clusters[0].genesisHash.slice(0, 32)}`,
        transaction: stale.serialize({ requireAllSignatures: false }),
      }),
    ).rejects.toMatchObject({ code: 4901 })

    const next = await transfer(two, payer.publicKey, recipient, 2 * LAMPORTS_PER_SOL)
    await features(wallet)[SolanaSignAndSendTransaction].signAndSendTransaction({
      account: changes[0]!.accounts![0],
      chain,
      transaction: next.serialize({ requireAllSignatures: false }),
      options: { commitment: 'confirmed' },
    })
    expect(await two.getBalance(recipient)).toBe(2 * LAMPORTS_PER_SOL)
    expect(await one.getBalance(recipient)).toBe(LAMPORTS_PER_SOL)
  })

  it('surfaces the cluster error for a transaction built on the other cluster', async () => {
    const wallet = newWallet()
    const account = await connect(wallet)
    const transaction = await transfer(
      connections[1],
      payer.publicKey,
      Keypair.generate().publicKey,
      LAMPORTS_PER_SOL,
    )
    await expect(
      features(wallet)[SolanaSignAndSendTransaction].signAndSendTransaction({
        account,
        transaction: transaction.serialize({ requireAllSignatures: false }),
      }),
    ).rejects.toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' })
  })
})
