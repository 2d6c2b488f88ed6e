// The Solana adapter's embedded wallet connector (ID_AUTH) over a fake EmbeddedWalletProvider that signs with a
// real ed25519 key and sends to the stack's local clusters: listing, connect (never a login), restore after a
// reload, an adapter-side cluster switch that names the cluster to the frame, signatures checked outside the
// adapter, the frame's malformed answers refused, transfers read back from the cluster, sign-out on disconnect.
import { createPrivateKey, sign } from 'node:crypto'
import {
  type AdapterContext,
  type AdapterEvents,
  type CaipNetwork,
  createMemoryStorage,
  type EmbeddedWalletProvider,
  ProviderRpcError,
} from '@latchkey/core'
import { encodeBase58, getTestKeypair } from '@latchkey/solana-chains'
import type { LocalStackInfo } from '@latchkey/stack'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { SolanaAdapter } from '../src/index.js'
import {
  confirmed,
  connectionOf,
  decodeBase58,
  fundedKeypairs,
  localSolanaNetwork,
  verifyWithNode,
} from './support.js'

const stack: LocalStackInfo = inject('stack')
const networks = stack.solana.clusters.map(localSolanaNetwork)
const [networkA, networkB] = networks as [CaipNetwork, CaipNetwork]
const AUTH = 'ID_AUTH'

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromBase64 = (text: string) => VersionedTransaction.deserialize(Buffer.from(text, 'base64'))

/** Signs `message` with the keypair's ed25519 key through Node's crypto. */
function ed25519Sign(keypair: Keypair, message: Uint8Array): Uint8Array {
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: b64url(keypair.secretKey.subarray(0, 32)),
      x: b64url(keypair.publicKey.toBytes()),
    },
    format: 'jwk',
  })
  return sign(null, message, key)
}

interface FrameCall {
  method: string
  params?: unknown
  chainId?: unknown
}

/**
 * A fake embedded wallet: one logged-in visitor holding `keypair`, every call logged. `answer` replaces the frame's
 * answer to an RPC request (a hostile or broken frame); undefined keeps the honest one.
 */
function fakeFrame(keypair: Keypair = Keypair.generate()) {
  const calls: FrameCall[] = []
  const state = {
    connected: true,
    address: keypair.publicKey.toBase58(),
    /** What switchNetwork answers; default the chain asked for. */
    switchAnswer: undefined as unknown,
    answer: undefined as ((method: string, params: Record<string, unknown>) => unknown) | undefined,
  }
  const signed = (transaction: string) => {
    const tx = fromBase64(transaction)
    tx.sign([keypair])
    return tx
  }
  const honest = async (method: string, params: Record<string, unknown>, chainId: unknown) => {
    switch (method) {
      case 'solana_signMessage':
        return {
          signature: encodeBase58(ed25519Sign(keypair, decodeBase58(params.message as string))),
        }
      case 'solana_signTransaction': {
        const tx = signed(params.transaction as string)
        return { transaction: base64(tx.serialize()), signature: encodeBase58(tx.signatures[0]!) }
      }
      case 'solana_signAllTransactions':
        return {
          transactions: (params.transactions as string[]).map((t) => base64(signed(t).serialize())),
        }
      case 'solana_signAndSendTransaction': {
        // The frame sends on the cluster the request names.
        const network = networks.find((n) => n.caipNetworkId === chainId)
        if (!network) throw new ProviderRpcError(4901, `no cluster ${String(chainId)}`)
        const tx = signed(params.transaction as string)
        return { signature: await connectionOf(network).sendRawTransaction(tx.serialize()) }
      }
      default:
        throw new ProviderRpcError(4200, `${method} is not allowed`)
    }
  }
  const noSession = () => new ProviderRpcError(4100, 'The embedded wallet has no session')
  const provider = {
    async isConnected() {
      calls.push({ method: 'isConnected' })
      return { isConnected: state.connected }
    },
    async getUser(params: { chainId?: number | string }) {
      calls.push({ method: 'getUser', chainId: params.chainId })
      if (!state.connected) throw noSession()
      return {
        email: 'visitor@example.test',
        address: state.address,
        chainId: params.chainId ?? networkA.caipNetworkId,
        accounts: [{ address: state.address, type: 'eoa' as const }],
      }
    },
    async switchNetwork(params: { chainId: number | string }) {
      calls.push({ method: 'switchNetwork', chainId: params.chainId })
      return { chainId: state.switchAnswer ?? params.chainId }
    },
    async request(args: { method: string; params?: unknown; chainId?: string }) {
      calls.push({ method: args.method, params: args.params, chainId: args.chainId })
      if (!state.connected) throw noSession()
      const params = args.params as Record<string, unknown>
      if (state.answer) return state.answer(args.method, params)
      return honest(args.method, params, args.chainId)
    },
    async signOut() {
      calls.push({ method: 'signOut' })
      state.connected = false
    },
  } as unknown as EmbeddedWalletProvider
  return { provider, calls, state, keypair, address: state.address }
}

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A fake frame, a storage, and adapters on a context that hands the frame over as the kit does. */
async function world(keypair?: Keypair) {
  const frame = fakeFrame(keypair)
  const storage = createMemoryStorage()
  let loads = 0
  const context: AdapterContext = {
    networks,
    options: {},
    storage,
    getEmbeddedWalletProvider: async () => {
      loads += 1
      return frame.provider
    },
  }
  const newAdapter = async () => {
    const adapter = new SolanaAdapter()
    await adapter.init(context)
    cleanups.push(() => adapter.destroy())
    return adapter
  }
  return { frame, storage, adapter: await newAdapter(), newAdapter, loads: () => loads }
}

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

/** An unsigned SOL transfer from `payer` (a fixed blockhash: only signed here, never sent). */
function unsignedTransfer(payer: PublicKey, lamports: number) {
  return new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports }),
      ],
    }).compileToLegacyMessage(),
  )
}

describe('the embedded wallet connector', () => {
  test('is listed, after WalletConnect, only when the kit hands over the embedded wallet; the frame is not loaded', async () => {
    const { adapter, loads } = await world()
    expect(adapter.getConnectors()).toEqual([
      { id: AUTH, name: 'Email', type: 'ID_AUTH', chain: 'solana', networkSwitch: 'adapter' },
    ])
    expect(loads()).toBe(0)

    const both = new SolanaAdapter()
    await both.init({
      networks,
      options: {},
      storage: createMemoryStorage(),
      getWalletConnectProvider: () => Promise.reject(new Error('not in this test')),
      getEmbeddedWalletProvider: () => Promise.reject(new Error('not in this test')),
    })
    cleanups.push(() => both.destroy())
    expect(both.getConnectors().map((c) => c.id)).toEqual(['walletConnect', AUTH])

    const without = new SolanaAdapter()
    await without.init({ networks, options: {}, storage: createMemoryStorage() })
    cleanups.push(() => without.destroy())
    expect(without.getConnectors().map((c) => c.id)).not.toContain(AUTH)
    await expect(without.connect({ connectorId: AUTH })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
  })

  test('connects the visitor’s account on the network asked, naming it to the frame, without a login', async () => {
    const { frame, adapter, storage } = await world()
    const result = await adapter.connect({ connectorId: AUTH, network: networkB })
    expect(result).toEqual({
      connectorId: AUTH,
      accounts: [
        { address: frame.address, caipAddress: `${networkB.caipNetworkId}:${frame.address}`, type: 'eoa' },
      ],
      network: networkB,
    })
    expect(frame.calls.map((c) => c.method)).toEqual(['isConnected', 'getUser'])
    expect(frame.calls[1]?.chainId).toBe(networkB.caipNetworkId)
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(adapter.getWalletProvider()).toBe(frame.provider)
    expect(JSON.parse((await storage.getItem('connection'))!)).toEqual({
      connectorId: AUTH,
      network: networkB.caipNetworkId,
    })
  })

  test('without a session in the frame, connect rejects with 4100 and nothing changes', async () => {
    const { frame, adapter, storage } = await world()
    frame.state.connected = false
    const error = await adapter.connect({ connectorId: AUTH, network: networkA }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4100)
    expect(frame.calls.map((c) => c.method)).toEqual(['isConnected'])
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(await storage.getItem('connection')).toBeNull()
  })

  test('a new adapter with the same storage restores silently on the remembered cluster; null once signed out', async () => {
    const { frame, adapter, storage, newAdapter } = await world()
    await adapter.connect({ connectorId: AUTH, network: networkA })
    await adapter.switchNetwork({ network: networkB })
    adapter.destroy()

    const second = await newAdapter()
    const restored = await second.reconnect()
    expect(restored?.connectorId).toBe(AUTH)
    expect(restored?.network.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(restored?.accounts.map((a) => a.address)).toEqual([frame.address])
    expect(frame.calls.at(-1)).toEqual({ method: 'getUser', chainId: networkB.caipNetworkId })
    second.destroy()

    // The visitor's session ended while no adapter listened: nothing to restore, and it is forgotten.
    frame.state.connected = false
    const calls = frame.calls.length
    expect(await (await newAdapter()).reconnect()).toBeNull()
    expect(frame.calls.slice(calls).map((c) => c.method)).toEqual(['isConnected'])
    expect(await storage.getItem('connection')).toBeNull()
  })

  test('switchNetwork moves the session’s cluster in the frame, no prompt; one networkChanged', async () => {
    const { frame, adapter } = await world()
    await adapter.connect({ connectorId: AUTH, network: networkA })
    const seen = recordEvents(adapter)
    expect(await adapter.switchNetwork({ network: networkB })).toEqual({ network: networkB, via: 'adapter' })
    expect(frame.calls.at(-1)).toEqual({ method: 'switchNetwork', chainId: networkB.caipNetworkId })
    expect(seen.networkChanged.map((e) => e.network.caipNetworkId)).toEqual([networkB.caipNetworkId])
    expect(adapter.getAccounts()[0]?.caipAddress).toBe(`${networkB.caipNetworkId}:${frame.address}`)
    await adapter.signMessage({ message: 'on the second cluster' })
    expect(frame.calls.at(-1)).toMatchObject({
      method: 'solana_signMessage',
      chainId: networkB.caipNetworkId,
    })

    // A frame that says it went elsewhere is refused; nothing moves.
    frame.state.switchAnswer = 'solana:somewhere-else'
    const error = await adapter.switchNetwork({ network: networkA }).catch((e: unknown) => e)
    expect((error as Error).message).toContain('switchNetwork with another network')
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(seen.networkChanged).toHaveLength(1)
    expect(seen.accountsChanged).toEqual([])
  })

  test('signMessage sends base58 bytes and the pubkey on the active cluster; the signature verifies', async () => {
    const { frame, adapter } = await world()
    await adapter.connect({ connectorId: AUTH, network: networkA })
    const message = 'Sign in to the embedded wallet test'
    const { signature, address } = await adapter.signMessage({ message })
    expect(address).toBe(frame.address)
    expect(frame.calls.at(-1)).toEqual({
      method: 'solana_signMessage',
      params: { message: encodeBase58(new TextEncoder().encode(message)), pubkey: frame.address },
      chainId: networkA.caipNetworkId,
    })
    expect(await adapter.verifyMessage({ address, message, signature, network: networkA })).toBe(true)
    expect(verifyWithNode(address, new TextEncoder().encode(message), decodeBase58(signature))).toBe(true)
    expect(await adapter.verifyMessage({ address, message: 'other', signature, network: networkA })).toBe(
      false,
    )
  })

  test('signTransaction and signAllTransactions return transactions signed by the visitor’s key', async () => {
    const { frame, adapter } = await world()
    await adapter.connect({ connectorId: AUTH, network: networkA })
    const payer = frame.keypair.publicKey
    const unsigned = [unsignedTransfer(payer, 1_000), unsignedTransfer(payer, 2_000)]

    const { signedTransaction } = await adapter.signTransaction({ transaction: unsigned[0]!.serialize() })
    expect(frame.calls.at(-1)).toMatchObject({
      method: 'solana_signTransaction',
      params: { transaction: base64(unsigned[0]!.serialize()) },
      chainId: networkA.caipNetworkId,
    })
    const one = fromBase64(signedTransaction)
    expect(one.message.serialize()).toEqual(unsigned[0]!.message.serialize())
    expect(verifyWithNode(frame.address, one.message.serialize(), one.signatures[0]!)).toBe(true)

    const calls = frame.calls.length
    const all = await adapter.signAllTransactions({
      transactions: [unsigned[0]!.serialize(), base64(unsigned[1]!.serialize())],
    })
    expect(frame.calls.slice(calls).map((c) => c.method)).toEqual(['solana_signAllTransactions'])
    for (const [index, text] of all.entries()) {
      const signed = fromBase64(text)
      expect(signed.message.serialize(), `transaction ${index}`).toEqual(unsigned[index]!.message.serialize())
      expect(verifyWithNode(frame.address, signed.message.serialize(), signed.signatures[0]!)).toBe(true)
    }
  })

  test('the frame’s malformed answers are clear errors, and nothing changes', async () => {
    const { frame, adapter } = await world()
    const expectMalformed = async (attempt: Promise<unknown>, text: string) => {
      const error = await attempt.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(-32603)
      expect((error as Error).message).toContain(text)
    }

    // An address that is not a Solana account's (an EVM one): not connected.
    frame.state.address = '0x52908400098527886E0F7030069857D2E4169EE7'
    await expectMalformed(
      adapter.connect({ connectorId: AUTH, network: networkA }),
      'getUser with an address that is not a Solana address (base58 of 32 bytes)',
    )
    expect(adapter.getAccounts()).toEqual([])
    frame.state.address = frame.keypair.publicKey.toBase58()
    await adapter.connect({ connectorId: AUTH, network: networkA })

    const payer = frame.keypair.publicKey
    const unsigned = unsignedTransfer(payer, 1_000)
    const genuine = VersionedTransaction.deserialize(unsigned.serialize())
    genuine.sign([frame.keypair])
    const other = unsignedTransfer(payer, 9_999_999)
    other.sign([frame.keypair])
    const transaction = unsigned.serialize()
    const answering = (answer: unknown) => {
      frame.state.answer = () => answer
    }

    answering({ signature: encodeBase58(new Uint8Array(32).fill(7)) })
    await expectMalformed(
      adapter.signMessage({ message: 'x' }),
      'solana_signMessage with a signature that is not base58 of 64 bytes',
    )
    answering('just text')
    await expectMalformed(adapter.signMessage({ message: 'x' }), 'solana_signMessage with no result object')
    answering({ signature: encodeBase58(other.signatures[0]!), transaction: base64(other.serialize()) })
    await expectMalformed(
      adapter.signTransaction({ transaction }),
      'solana_signTransaction with a transaction other than the one sent',
    )
    answering({ signature: encodeBase58(genuine.signatures[0]!), transaction: base64(unsigned.serialize()) })
    await expectMalformed(
      adapter.signTransaction({ transaction }),
      `solana_signTransaction with a transaction ${frame.address} did not sign`,
    )
    answering({ signature: encodeBase58(other.signatures[0]!), transaction: base64(genuine.serialize()) })
    await expectMalformed(
      adapter.signTransaction({ transaction }),
      'a transaction that does not carry the signature it gave',
    )
    answering({ transactions: [base64(genuine.serialize())] })
    await expectMalformed(
      adapter.signAllTransactions({ transactions: [transaction, transaction] }),
      'solana_signAllTransactions with other than 2 transactions',
    )
    answering({ transactions: [base64(genuine.serialize()), base64(other.serialize())] })
    await expectMalformed(
      adapter.signAllTransactions({ transactions: [transaction, transaction] }),
      'solana_signAllTransactions with a transaction other than the one sent',
    )
    answering({ signature: encodeBase58(new Uint8Array(64)) })
    await expectMalformed(
      adapter.sendTransaction({ to: Keypair.generate().publicKey.toBase58(), value: 1n }),
      'solana_signAndSendTransaction with an empty signature',
    )

    // The signature alone goes into the signer's slot of the transaction sent.
    answering({ signature: encodeBase58(genuine.signatures[0]!) })
    expect((await adapter.signTransaction({ transaction })).signedTransaction).toBe(
      base64(genuine.serialize()),
    )

    expect(adapter.getAccounts().map((a) => a.address)).toEqual([frame.address])
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
  })

  test('disconnect signs the visitor out of the frame and forgets the connection', async () => {
    const { frame, adapter, storage, newAdapter } = await world()
    await adapter.connect({ connectorId: AUTH, network: networkA })
    const seen = recordEvents(adapter)
    await adapter.disconnect()
    expect(frame.calls.at(-1)).toEqual({ method: 'signOut' })
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(adapter.getWalletProvider()).toBeUndefined()
    expect(await storage.getItem('connection')).toBeNull()
    // The dApp's own disconnect: no event from the wallet's side.
    expect(seen.disconnected).toEqual([])
    await expect(adapter.signMessage({ message: 'gone' })).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    expect(await (await newAdapter()).reconnect()).toBeNull()
  })
})

describe('sending through the frame', () => {
  test('SOL and LUSD transfers are signed and sent by the frame on the active cluster, and land there', async () => {
    const [keypair] = (await fundedKeypairs([networkB], 1, 5)) as [Keypair]
    // LUSD for the frame's key, from the funded test keypair the WalletConnect test funds its keys from too.
    const holder = getTestKeypair(4)
    const mint = new PublicKey(stack.solana.mint.address)
    const connection = connectionOf(networkB)
    const target = getAssociatedTokenAddressSync(mint, keypair.publicKey)
    const funding = new VersionedTransaction(
      new TransactionMessage({
        payerKey: holder.publicKey,
        recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
        instructions: [
          createAssociatedTokenAccountIdempotentInstruction(
            holder.publicKey,
            target,
            keypair.publicKey,
            mint,
          ),
          createTransferCheckedInstruction(
            getAssociatedTokenAddressSync(mint, holder.publicKey),
            mint,
            target,
            holder.publicKey,
            2_000_000n,
            6,
          ),
        ],
      }).compileToLegacyMessage(),
    )
    funding.sign([holder])
    await confirmed(connection, await connection.sendRawTransaction(funding.serialize()))

    const { frame, adapter } = await world(keypair)
    await adapter.connect({ connectorId: AUTH, network: networkA })
    await adapter.switchNetwork({ network: networkB })
    const to = Keypair.generate().publicKey
    const sent = await adapter.sendTransaction({ to: to.toBase58(), value: 1_234_567n })
    expect(sent.network.caipNetworkId).toBe(networkB.caipNetworkId)
    expect(frame.calls.at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainId: networkB.caipNetworkId,
    })
    expect((await connection.getTransaction(sent.hash, { commitment: 'confirmed' }))?.meta?.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(1_234_567)
    expect(await connectionOf(networkA).getTransaction(sent.hash, { commitment: 'confirmed' })).toBeNull()

    const { hash } = await adapter.sendSplTransfer({
      mint: mint.toBase58(),
      to: to.toBase58(),
      amount: 500_000n,
    })
    expect(frame.calls.at(-1)).toMatchObject({ method: 'solana_signAndSendTransaction' })
    expect((await connection.getTransaction(hash, { commitment: 'confirmed' }))?.meta?.err).toBeNull()
    const received = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, to))
    expect(received.value.amount).toBe('500000')
  })
})
