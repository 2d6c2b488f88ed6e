// The Solana adapter's WalletConnect connector against the stack's relay, its two local clusters and the WalletConnect
// test wallet (WalletKit answering through the Solana test wallet): pairing through display_uri, signatures checked
// outside the adapter, transfers read back from the clusters, an adapter-side cluster switch that asks the wallet
// nothing, the wallet's own changes as adapter events, restore after a reload, hostile answers, and one session
// serving eip155 and solana at once.
import { createECDH, randomBytes } from 'node:crypto'
import { createWalletConnectProvider } from '@latchkey/adapter-universal'
import {
  type AdapterContext,
  type AdapterEvents,
  type CaipNetwork,
  createMemoryStorage,
  defineNetwork,
  isUnsupportedNetwork,
  ProviderRpcError,
  proposalNamespace,
  solanaDevnet,
} from '@latchkey/core'
import { walletConnectEip1193Provider } from '@latchkey/core/eip155'
import { encodeBase58, getTestKeypair } from '@latchkey/solana-chains'
import type { LocalStackInfo } from '@latchkey/stack'
import { createWcWallet, pairOnDisplayUri, type WcWallet } from '@latchkey/wc-wallet'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  type Keypair,
  Keypair as Keypairs,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { SolanaAdapter } from '../src/index.js'
import {
  confirmed,
  connectionOf,
  decodeBase58,
  fundedKeypairs,
  localSolanaNetwork,
  verifyWithNode,
} from './support.js'

// The SDKs' own test-run switch: without it the wallet fetches a Verify attestation from the internet for every
// proposal and request (there is no option to turn that off), which the test network guard refuses.
process.env.IS_VITEST = 'true'

const stack: LocalStackInfo = inject('stack')
const clusters = stack.solana.clusters
const networks = clusters.map(localSolanaNetwork)
const [networkA, networkB] = networks as [CaipNetwork, CaipNetwork]
const WC = 'walletConnect'
const METADATA = {
  name: 'Solana WalletConnect test dApp',
  description: 'adapter-solana',
  url: 'http://127.0.0.1',
  icons: [],
}

type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>

// Two fresh keys, funded on both clusters, used by this file only: balance deltas are this file's own.
let keys: [Keypair, Keypair]
const address = (index: 0 | 1) => keys[index].publicKey.toBase58()
const fresh = () => Keypairs.generate().publicKey.toBase58()

beforeAll(async () => {
  keys = (await fundedKeypairs(networks, 2, 10)) as [Keypair, Keypair]
})

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

let instances = 0
async function newProvider(): Promise<Provider> {
  instances += 1
  const provider = await createWalletConnectProvider({
    projectId: 'latchkey-solana-walletconnect-test',
    metadata: METADATA,
    relayUrl: stack.relay.url,
    storagePrefix: `solana-walletconnect-test-${process.pid}-${instances}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: Object.fromEntries(networks.map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]])),
  })
  cleanups.push(async () => {
    await provider.sdk.client.core.relayer.transportClose().catch(() => undefined)
    provider.sdk.client.core.heartbeat.stop()
  })
  return provider
}

/**
 * A fresh world: the WalletConnect test wallet holding both keys (and an EVM key when given), a dApp-side provider
 * it pairs with whenever the provider shows a URI, a storage, and adapters on a context that hands the provider
 * over as the kit does.
 */
async function world(options: { networks?: readonly CaipNetwork[]; evmKey?: `0x${string}` } = {}) {
  const wallet: WcWallet = await createWcWallet({
    relayUrl: stack.relay.url,
    solana: {
      secretKeys: keys.map((key) => key.secretKey),
      clusters: clusters.map(({ name, rpcUrl, genesisHash }) => ({ name, rpcUrl, genesisHash })),
    },
    ...(options.evmKey
      ? {
          evm: {
            privateKeys: [options.evmKey],
            chains: stack.evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
          },
        }
      : {}),
  })
  cleanups.push(() => wallet.close())
  const provider = await newProvider()
  cleanups.push(pairOnDisplayUri(wallet, provider))
  const storage = createMemoryStorage()
  const context: AdapterContext = {
    networks: options.networks ?? networks,
    options: {},
    storage,
    getWalletConnectProvider: async () => provider,
  }
  const newAdapter = async () => {
    const adapter = new SolanaAdapter()
    await adapter.init(context)
    cleanups.push(() => adapter.destroy())
    return adapter
  }
  return { wallet, provider, storage, context, adapter: await newAdapter(), newAdapter }
}

/** Every accountsChanged / networkChanged / disconnected the adapter emits, in order. */
function recordEvents(adapter: SolanaAdapter) {
  const seen = {
    accountsChanged: [] as AdapterEvents['accountsChanged'][],
    networkChanged: [] as AdapterEvents['networkChanged'][],
    disconnected: [] as AdapterEvents['disconnected'][],
  }
  adapter.on('accountsChanged', (payload) => seen.accountsChanged.push(payload))
  adapter.on('networkChanged', (payload) => seen.networkChanged.push(payload))
  adapter.on('disconnected', (payload) => seen.disconnected.push(payload))
  return seen
}

const prompted = (wallet: WcWallet) => wallet.log.filter((entry) => entry.prompted).length

/** An unsigned SOL transfer from `payer` on `network`'s latest blockhash. */
async function unsignedTransfer(network: CaipNetwork, payer: Keypair, lamports: number) {
  const { blockhash } = await connectionOf(network).getLatestBlockhash()
  return new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypairs.generate().publicKey,
          lamports,
        }),
      ],
    }).compileToLegacyMessage(),
  )
}

const fromBase64 = (text: string) => VersionedTransaction.deserialize(Buffer.from(text, 'base64'))

describe('the WalletConnect connector', () => {
  test('is offered only when the kit hands over a WalletConnect provider', async () => {
    const { adapter } = await world()
    expect(adapter.getConnectors()[0]).toEqual({
      id: WC,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'solana',
      networkSwitch: 'adapter',
    })
    const without = new SolanaAdapter()
    await without.init({ networks, options: {}, storage: createMemoryStorage() })
    cleanups.push(() => without.destroy())
    expect(without.getConnectors().map((c) => c.id)).not.toContain(WC)
    await expect(without.connect({ connectorId: WC })).rejects.toMatchObject({ code: 'CONNECTOR_NOT_FOUND' })
  })

  test('connects through a pairing, signs a message both verifiers accept, and a transfer lands on the cluster', async () => {
    const { wallet, provider, adapter } = await world()
    const result = await adapter.connect({ connectorId: WC, network: networkA })
    expect(wallet.proposals).toHaveLength(1)
    expect(wallet.proposals[0]?.optionalNamespaces.solana?.chains).toEqual(
      networks.map((n) => n.caipNetworkId),
    )
    expect(result.connectorId).toBe(WC)
    expect(result.network.caipNetworkId).toBe(networkA.caipNetworkId)
    expect(result.accounts.map((a) => a.address)).toEqual([address(0), address(1)])
    expect(adapter.getAccounts()[0]).toEqual({
      address: address(0),
      caipAddress: `${networkA.caipNetworkId}:${address(0)}`,
      type: 'eoa',
    })
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
    expect(adapter.getWalletProvider()).toBe(provider)

    const message = 'Sign in to the Solana WalletConnect test'
    const { signature, address: signer } = await adapter.signMessage({ message })
    expect(signer).toBe(address(0))
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'solana_signMessage',
      chainId: networkA.caipNetworkId,
      outcome: 'approved',
    })
    expect(await adapter.verifyMessage({ address: signer, message, signature, network: networkA })).toBe(true)
    expect(verifyWithNode(signer, new TextEncoder().encode(message), decodeBase58(signature))).toBe(true)
    expect(verifyWithNode(address(1), new TextEncoder().encode(message), decodeBase58(signature))).toBe(false)

    const connection = connectionOf(networkA)
    const to = fresh()
    const before = await connection.getBalance(keys[0].publicKey)
    const sent = await adapter.sendTransaction({ to, value: 1_234_567n })
    expect(sent.network.caipNetworkId).toBe(networkA.caipNetworkId)
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainId: networkA.caipNetworkId,
      outcome: 'approved',
    })
    const tx = await connection.getTransaction(sent.hash, { commitment: 'confirmed' })
    expect(tx?.meta?.err).toBeNull()
    expect(await connection.getBalance(new PublicKey(to))).toBe(1_234_567)
    expect(before - (await connection.getBalance(keys[0].publicKey))).toBe(1_234_567 + tx!.meta!.fee)
    expect(await connectionOf(networkB).getTransaction(sent.hash, { commitment: 'confirmed' })).toBeNull()
  })

  test('signs one transaction, then several with one request, each signed by the wallet’s key', async () => {
    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    const unsigned = [
      await unsignedTransfer(networkA, keys[0], 1_000_000),
      await unsignedTransfer(networkA, keys[0], 2_000_000),
    ]
    const single = await adapter.signTransaction({ transaction: unsigned[0]!.serialize() })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'solana_signTransaction', outcome: 'approved' })
    const signedOne = fromBase64(single.signedTransaction)
    expect(verifyWithNode(address(0), signedOne.message.serialize(), signedOne.signatures[0]!)).toBe(true)

    const requests = wallet.log.length
    const all = await adapter.signAllTransactions({
      transactions: [unsigned[0]!.serialize(), Buffer.from(unsigned[1]!.serialize()).toString('base64')],
    })
    expect(wallet.log.length).toBe(requests + 1)
    expect(wallet.log.at(-1)).toMatchObject({ method: 'solana_signAllTransactions', outcome: 'approved' })
    expect(all).toHaveLength(2)
    for (const [index, text] of all.entries()) {
      const signed = fromBase64(text)
      expect(signed.message.serialize(), `transaction ${index}`).toEqual(unsigned[index]!.message.serialize())
      expect(verifyWithNode(address(0), signed.message.serialize(), signed.signatures[0]!)).toBe(true)
    }
  })

  test('an SPL transfer goes over the wallet too, creating the recipient’s token account', async () => {
    // LUSD for the wallet's key, from a funded test keypair no other test spends tokens from.
    const holder = getTestKeypair(4)
    const mint = new PublicKey(stack.solana.mint.address)
    const connection = connectionOf(networkA)
    const source = getAssociatedTokenAddressSync(mint, holder.publicKey)
    const target = getAssociatedTokenAddressSync(mint, keys[0].publicKey)
    const funding = new VersionedTransaction(
      new TransactionMessage({
        payerKey: holder.publicKey,
        recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
        instructions: [
          createAssociatedTokenAccountIdempotentInstruction(
            holder.publicKey,
            target,
            keys[0].publicKey,
            mint,
          ),
          createTransferCheckedInstruction(source, mint, target, holder.publicKey, 5_000_000n, 6),
        ],
      }).compileToLegacyMessage(),
    )
    funding.sign([holder])
    await confirmed(connection, await connection.sendRawTransaction(funding.serialize()))

    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    const to = fresh()
    const before = await adapter.getBalance({
      address: address(0),
      network: networkA,
      token: mint.toBase58(),
    })
    const { hash } = await adapter.sendSplTransfer({ mint: mint.toBase58(), to, amount: 1_500_000n })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'solana_signAndSendTransaction', outcome: 'approved' })
    expect((await connection.getTransaction(hash, { commitment: 'confirmed' }))?.meta?.err).toBeNull()
    const received = await connection.getTokenAccountBalance(
      getAssociatedTokenAddressSync(mint, new PublicKey(to)),
    )
    expect(received.value.amount).toBe('1500000')
    const after = await adapter.getBalance({ address: address(0), network: networkA, token: mint.toBase58() })
    expect(before.value - after.value).toBe(1_500_000n)
  })

  test('switches to the second cluster without asking the wallet; signatures and transfers are for that cluster', async () => {
    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    const seen = recordEvents(adapter)
    const requests = wallet.log.length
    const prompts = prompted(wallet)

    expect(await adapter.switchNetwork({ network: networkB })).toEqual({ network: networkB, via: 'adapter' })
    expect(wallet.log.length).toBe(requests)
    expect(prompted(wallet)).toBe(prompts)
    expect(seen.networkChanged.map((e) => e.network.caipNetworkId)).toEqual([networkB.caipNetworkId])
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(adapter.getAccounts()[0]?.caipAddress).toBe(`${networkB.caipNetworkId}:${address(0)}`)

    const message = 'on the second cluster'
    const { signature } = await adapter.signMessage({ message })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'solana_signMessage', chainId: networkB.caipNetworkId })
    expect(verifyWithNode(address(0), new TextEncoder().encode(message), decodeBase58(signature))).toBe(true)

    const to = fresh()
    const { hash, network } = await adapter.sendTransaction({ to, value: 1_000_000n })
    expect(network.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainId: networkB.caipNetworkId,
      outcome: 'approved',
    })
    expect(await connectionOf(networkB).getBalance(new PublicKey(to))).toBe(1_000_000)
    expect(await connectionOf(networkA).getTransaction(hash, { commitment: 'confirmed' })).toBeNull()

    // A network the adapter does not serve is refused, and nothing moves.
    await expect(adapter.switchNetwork({ network: solanaDevnet })).rejects.toThrow('Unsupported chain')
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(seen.networkChanged).toHaveLength(1)
    expect(seen.accountsChanged).toEqual([])
  })

  test('a rejection is ProviderRpcError 4001 on connect, sign and send, and changes nothing', async () => {
    const { wallet, adapter, storage } = await world()
    wallet.setPolicy('reject')
    const refused = await adapter.connect({ connectorId: WC, network: networkA }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ProviderRpcError)
    expect((refused as ProviderRpcError).code).toBe(4001)
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(await storage.getItem('connection')).toBeNull()

    wallet.setPolicy('approve')
    await adapter.connect({ connectorId: WC, network: networkA })
    const accounts = adapter.getAccounts()
    const balance = await connectionOf(networkA).getBalance(keys[0].publicKey)
    wallet.setPolicy('reject')
    const attempts = [
      adapter.signMessage({ message: 'no' }),
      adapter.signTransaction({
        transaction: (await unsignedTransfer(networkA, keys[0], 1_000)).serialize(),
      }),
      adapter.sendTransaction({ to: fresh(), value: 1_000_000n }),
    ]
    for (const attempt of attempts) {
      const error = await attempt.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(4001)
    }
    expect(wallet.log.slice(-3).map((entry) => entry.outcome)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(adapter.getAccounts()).toEqual(accounts)
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
    expect(await connectionOf(networkA).getBalance(keys[0].publicKey)).toBe(balance)
  })
})

describe('the wallet’s own changes', () => {
  test('the wallet moving to another cluster is followed once; an unconfigured one is the unsupported network', async () => {
    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    const seen = recordEvents(adapter)
    await wallet.switchChain(networkB.caipNetworkId)
    await expect.poll(() => seen.networkChanged.length).toBe(1)
    expect(seen.networkChanged[0]?.network.caipNetworkId).toBe(networkB.caipNetworkId)
    // A request over the relay after the event: a second event for the same move would have arrived by now.
    await adapter.signMessage({ message: 'after the move' })
    expect(wallet.log.at(-1)?.chainId).toBe(networkB.caipNetworkId)
    expect(seen.networkChanged).toHaveLength(1)
    expect(seen.accountsChanged).toEqual([])

    // A host whose Solana adapter serves only the first cluster, on a session that also holds the second (proposed
    // for both beforehand): the wallet's move to the second is the unsupported network. (A session that lacks the
    // chain would make the test wallet update the session first, and WalletConnect's `acknowledged()` can miss an
    // acknowledgement that arrives before it is called, which the local relay makes likely: the move would hang.)
    const narrow = await world({ networks: [networkA] })
    await narrow.provider.connect({
      namespaces: {},
      optionalNamespaces: { solana: proposalNamespace('solana', networks) },
    })
    await narrow.adapter.connect({ connectorId: WC, network: networkA })
    expect(narrow.wallet.proposals).toHaveLength(1)
    const narrowSeen = recordEvents(narrow.adapter)
    await narrow.wallet.switchChain(networkB.caipNetworkId)
    await expect.poll(() => narrowSeen.networkChanged.length).toBe(1)
    const placeholder = narrowSeen.networkChanged[0]!.network
    expect(isUnsupportedNetwork(placeholder)).toBe(true)
    expect(placeholder.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(narrow.adapter.getNetwork()).toEqual(placeholder)
    // Back to the configured cluster from the dApp: adapter-side, one event.
    await narrow.adapter.switchNetwork({ network: networkA })
    expect(narrowSeen.networkChanged.map((e) => e.network.caipNetworkId)).toEqual([
      networkB.caipNetworkId,
      networkA.caipNetworkId,
    ])
  })

  test('another account selected in the wallet is one accountsChanged, and that account signs next', async () => {
    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    const seen = recordEvents(adapter)
    await wallet.switchAccount('solana', 1)
    await expect.poll(() => seen.accountsChanged.length).toBe(1)
    expect(seen.accountsChanged[0]?.accounts.map((a) => a.address)).toEqual([address(1), address(0)])
    expect(adapter.getAccounts()[0]?.address).toBe(address(1))
    const message = 'from the second account'
    const { signature, address: signer } = await adapter.signMessage({ message })
    expect(signer).toBe(address(1))
    expect(verifyWithNode(address(1), new TextEncoder().encode(message), decodeBase58(signature))).toBe(true)
    expect(seen.accountsChanged).toHaveLength(1)
    expect(seen.networkChanged).toEqual([])
  })

  test('the wallet ending the session is one disconnected (wallet); the adapter is cleared and forgets it', async () => {
    const { wallet, adapter, storage, newAdapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    expect(await storage.getItem('connection')).not.toBeNull()
    const seen = recordEvents(adapter)
    await wallet.disconnect()
    await expect.poll(() => seen.disconnected.length).toBe(1)
    expect(seen.disconnected[0]).toEqual({ reason: 'wallet' })
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(adapter.getWalletProvider()).toBeUndefined()
    await expect.poll(() => storage.getItem('connection')).toBeNull()
    await expect(adapter.signMessage({ message: 'gone' })).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    // Time for a duplicate to show up, had the session's end been reported twice.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(seen.disconnected).toHaveLength(1)
    expect(seen.accountsChanged).toEqual([])
    expect(await (await newAdapter()).reconnect()).toBeNull()
  })
})

describe('after a reload', () => {
  test('a new adapter with the same storage restores the session on the remembered cluster without a prompt', async () => {
    const { wallet, provider, adapter, storage, newAdapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    await adapter.switchNetwork({ network: networkB })
    adapter.destroy()

    const proposals = wallet.proposals.length
    const requests = wallet.log.length
    const second = await newAdapter()
    const restored = await second.reconnect()
    expect(restored?.connectorId).toBe(WC)
    expect(restored?.network.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(restored?.accounts.map((a) => a.address)).toEqual([address(0), address(1)])
    expect(wallet.proposals.length).toBe(proposals)
    expect(wallet.log.length).toBe(requests)
    expect(second.getWalletProvider()).toBe(provider)
    const { signature } = await second.signMessage({ message: 'restored' })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'solana_signMessage', chainId: networkB.caipNetworkId })
    expect(verifyWithNode(address(0), new TextEncoder().encode('restored'), decodeBase58(signature))).toBe(
      true,
    )

    // The dApp's disconnect ends the session on both sides; nothing is left to restore.
    const topic = provider.session?.topic
    await second.disconnect()
    expect(second.getAccounts()).toEqual([])
    expect(provider.session).toBeUndefined()
    await expect.poll(() => wallet.sessions.some((s) => s.topic === topic)).toBe(false)
    expect(await storage.getItem('connection')).toBeNull()
    expect(await (await newAdapter()).reconnect()).toBeNull()
  })

  test('a remembered session that ended while no adapter listened restores nothing, and is forgotten', async () => {
    const { wallet, provider, adapter, storage, newAdapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    adapter.destroy()
    await wallet.disconnect()
    await expect.poll(() => provider.session).toBeUndefined()
    expect(await storage.getItem('connection')).not.toBeNull()
    const proposals = wallet.proposals.length
    expect(await (await newAdapter()).reconnect()).toBeNull()
    expect(await storage.getItem('connection')).toBeNull()
    expect(wallet.proposals.length).toBe(proposals)
  })
})

describe('a hostile wallet', () => {
  test('answers that break the Solana RPC reference are clear errors, and nothing changes', async () => {
    const { wallet, adapter } = await world()
    await adapter.connect({ connectorId: WC, network: networkA })
    wallet.setPolicy('hold')
    /** Runs `call`, and answers the request it makes with `result` straight from the wallet's SDK. */
    const answered = async <T>(
      call: () => Promise<T>,
      result: unknown,
    ): Promise<{ value?: T; error?: unknown }> => {
      const pending = call().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      )
      const request = await wallet.nextRequest()
      await wallet.walletKit.respondSessionRequest({
        topic: request.topic,
        response: { id: request.id, jsonrpc: '2.0', result },
      })
      // The held entry is settled too, so the wallet does not answer it later (its second answer goes nowhere).
      wallet.rejectRequest(request.id)
      return pending
    }
    const expectMalformed = (outcome: { error?: unknown }, text: string) => {
      expect(outcome.error).toBeInstanceOf(ProviderRpcError)
      expect((outcome.error as ProviderRpcError).code).toBe(-32603)
      expect((outcome.error as Error).message).toContain(text)
    }
    const unsigned = await unsignedTransfer(networkA, keys[0], 1_000)
    const genuine = VersionedTransaction.deserialize(unsigned.serialize())
    genuine.sign([keys[0]])
    const genuineSignature = encodeBase58(genuine.signatures[0]!)

    expectMalformed(
      await answered(() => adapter.signMessage({ message: 'x' }), { signature: 'not base58: 0OIl' }),
      'solana_signMessage with a signature that is not base58 of 64 bytes',
    )
    expectMalformed(
      // 32 bytes in base58 (a public key): too short for a signature.
      await answered(() => adapter.signMessage({ message: 'x' }), {
        signature: encodeBase58(randomBytes(32)),
      }),
      'a signature that is not base58 of 64 bytes',
    )
    expectMalformed(
      await answered(() => adapter.signMessage({ message: 'x' }), 'just text'),
      'solana_signMessage with no result object',
    )
    const transaction = unsigned.serialize()
    expectMalformed(
      await answered(() => adapter.signTransaction({ transaction }), {
        signature: genuineSignature,
        transaction: 'AAAA',
      }),
      'solana_signTransaction with a transaction that does not decode',
    )
    expectMalformed(
      await answered(() => adapter.signTransaction({ transaction }), {
        signature: genuineSignature,
        transaction: Buffer.from(unsigned.serialize()).toString('base64'),
      }),
      'a transaction that does not carry the signature it gave',
    )
    expectMalformed(
      await answered(() => adapter.signAllTransactions({ transactions: [transaction, transaction] }), {
        transactions: [Buffer.from(genuine.serialize()).toString('base64')],
      }),
      'solana_signAllTransactions with other than 2 transactions',
    )
    expectMalformed(
      await answered(() => adapter.sendTransaction({ to: fresh(), value: 1_000_000n }), {
        signature: encodeBase58(new Uint8Array(64)),
      }),
      'solana_signAndSendTransaction with an empty signature',
    )

    // The reference lets a wallet answer solana_signTransaction with the signature alone: it goes into the
    // signer's slot of the transaction sent.
    const alone = await answered(() => adapter.signTransaction({ transaction }), {
      signature: genuineSignature,
    })
    expect(alone.error).toBeUndefined()
    expect(alone.value?.signedTransaction).toBe(Buffer.from(genuine.serialize()).toString('base64'))

    expect(adapter.getAccounts().map((a) => a.address)).toEqual([address(0), address(1)])
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
  })
})

// ---------- eip155 and solana over one session ----------

const evmChain = stack.evm.chains[0]!
const evmNetworks = stack.evm.chains.map((chain) =>
  defineNetwork({
    id: chain.chainId,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }),
)

/** A JSON-RPC call to the first local EVM chain. */
async function evmRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(evmChain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result as T
}

/** The address of a secp256k1 key: Node derives the public key, the chain's keccak (web3_sha3) hashes it. */
async function evmAddressOf(privateKey: Buffer): Promise<string> {
  const ecdh = createECDH('secp256k1')
  ecdh.setPrivateKey(privateKey)
  const hash = await evmRpc<string>('web3_sha3', [`0x${ecdh.getPublicKey().subarray(1).toString('hex')}`])
  return `0x${hash.slice(-40)}`
}

/** Who signed an EIP-191 message, as the chain itself recovers it (web3_sha3, then the ecrecover precompile). */
async function recoverOnChain(message: string, signature: string): Promise<string> {
  const bytes = Buffer.from(message)
  const prefixed = Buffer.concat([Buffer.from(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes])
  const hash = await evmRpc<string>('web3_sha3', [`0x${prefixed.toString('hex')}`])
  const hex = signature.slice(2)
  const v = Number.parseInt(hex.slice(128, 130), 16)
  const input = `${hash}${(v < 27 ? v + 27 : v).toString(16).padStart(64, '0')}${hex.slice(0, 128)}`
  const output = await evmRpc<string>('eth_call', [
    { to: '0x0000000000000000000000000000000000000001', data: input },
    'latest',
  ])
  return `0x${output.slice(-40)}`
}

describe('one session for eip155 and solana', () => {
  test('the Solana adapter adopts a session proposed for both without a second proposal; both namespaces sign', async () => {
    const evmKey = randomBytes(32)
    const { wallet, provider, adapter } = await world({ evmKey: `0x${evmKey.toString('hex')}` })
    // What a kit that connects every namespace at once proposes.
    const { session } = await provider.connect({
      namespaces: {},
      optionalNamespaces: {
        eip155: proposalNamespace('eip155', evmNetworks),
        solana: proposalNamespace('solana', networks),
      },
    })
    expect(Object.keys(session.namespaces).sort()).toEqual(['eip155', 'solana'])
    expect(wallet.proposals).toHaveLength(1)

    const connected = await adapter.connect({ connectorId: WC, network: networkA })
    expect(wallet.proposals).toHaveLength(1)
    expect(connected.accounts.map((a) => a.address)).toEqual([address(0), address(1)])
    const { signature } = await adapter.signMessage({ message: 'solana, same session' })
    expect(wallet.log.at(-1)).toMatchObject({ topic: session.topic, method: 'solana_signMessage' })
    expect(
      verifyWithNode(address(0), new TextEncoder().encode('solana, same session'), decodeBase58(signature)),
    ).toBe(true)

    // The EVM adapters' side of the same session: core's EIP-1193 shim adopts it, no proposal either.
    const evm = walletConnectEip1193Provider({
      networks: evmNetworks,
      options: {},
      storage: createMemoryStorage(),
      getWalletConnectProvider: async () => provider,
    })
    cleanups.push(() => evm.destroy())
    const [evmAddress] = (await evm.request({ method: 'eth_requestAccounts' })) as string[]
    expect(wallet.proposals).toHaveLength(1)
    expect(evmAddress?.toLowerCase()).toBe(await evmAddressOf(evmKey))
    const message = 'eip155, same session'
    const evmSignature = (await evm.request({
      method: 'personal_sign',
      params: [`0x${Buffer.from(message).toString('hex')}`, evmAddress],
    })) as string
    expect(wallet.log.at(-1)).toMatchObject({
      topic: session.topic,
      method: 'personal_sign',
      chainId: `eip155:${evmChain.chainId}`,
      outcome: 'approved',
    })
    expect(await recoverOnChain(message, evmSignature)).toBe(evmAddress?.toLowerCase())

    // The Solana adapter's disconnect ends the one session, for every namespace, on both sides.
    await adapter.disconnect()
    expect(provider.session).toBeUndefined()
    await expect.poll(() => wallet.sessions.length).toBe(0)
    const requests = wallet.log.length
    await expect(
      evm.request({ method: 'personal_sign', params: ['0x00', evmAddress] }),
    ).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    expect(wallet.log.length).toBe(requests)
  })
})
