// A wallet-adapter adapter the host passes (the unsafe burner wallet): connected, signing and sending on the
// local cluster through the adapter's Connection; restored after a reload through its autoConnect, or forgotten.
import { createMemoryStorage } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { UnsafeBurnerWalletAdapter } from '@solana/wallet-adapter-unsafe-burner'
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { expect, inject, test } from 'vitest'
import { SolanaAdapter } from '../src/index.js'
import { confirmed, connectionOf, decodeBase58, localSolanaNetwork, verifyWithNode } from './support.js'

const stack: LocalStackInfo = inject('stack')
const networks = stack.solana.clusters.map(localSolanaNetwork)
const network = networks[1]!

test('the burner wallet adapter connects, signs a message and sends SOL on the active cluster', async () => {
  const burner = new UnsafeBurnerWalletAdapter()
  const adapter = new SolanaAdapter({ wallets: [burner] })
  await adapter.init({
    networks,
    options: {},
    storage: createMemoryStorage(),
    discoveryTarget: new EventTarget(),
  })
  try {
    expect(adapter.getConnectors()).toMatchObject([
      { id: 'Burner Wallet', type: 'EXTERNAL', chain: 'solana' },
    ])
    const { accounts } = await adapter.connect({ connectorId: 'Burner Wallet', network })
    const address = accounts[0]!.address
    expect(address).toBe(burner.publicKey?.toBase58())
    expect(adapter.getWalletProvider()).toBe(burner)

    const { signature } = await adapter.signMessage({ message: 'burner' })
    expect(verifyWithNode(address, new TextEncoder().encode('burner'), decodeBase58(signature))).toBe(true)
    expect(await adapter.verifyMessage({ address, message: 'burner', signature, network })).toBe(true)

    const connection = connectionOf(network)
    await confirmed(connection, await connection.requestAirdrop(new PublicKey(address), 2 * LAMPORTS_PER_SOL))
    const to = Keypair.generate().publicKey.toBase58()
    const { hash } = await adapter.sendTransaction({ to, value: 1_000_000n })
    const tx = await connection.getTransaction(hash, { commitment: 'confirmed' })
    expect(tx?.meta?.err).toBeNull()
    expect(await connection.getBalance(new PublicKey(to))).toBe(1_000_000)
    expect((await adapter.getBalance({ address, network })).value).toBe(
      BigInt(2 * LAMPORTS_PER_SOL - 1_000_000 - 5000),
    )

    await adapter.disconnect()
    expect(adapter.getAccounts()).toEqual([])
    expect(burner.connected).toBe(false)
  } finally {
    adapter.destroy()
  }
})

test('after a reload the remembered wallet-adapter adapter is restored without a prompt through its autoConnect', async () => {
  const storage = createMemoryStorage()
  const start = async (wallet: UnsafeBurnerWalletAdapter) => {
    const adapter = new SolanaAdapter({ wallets: [wallet] })
    await adapter.init({ networks, options: {}, storage, discoveryTarget: new EventTarget() })
    return adapter
  }
  const first = await start(new UnsafeBurnerWalletAdapter())
  await first.connect({ connectorId: 'Burner Wallet', network })
  first.destroy()

  // The page reloads: a new adapter instance, the same storage.
  const burner = new UnsafeBurnerWalletAdapter()
  let autoConnects = 0
  let connects = 0
  const autoConnect = burner.autoConnect.bind(burner)
  const connect = burner.connect.bind(burner)
  burner.autoConnect = () => {
    autoConnects++
    return autoConnect()
  }
  burner.connect = () => {
    connects++
    return connect()
  }
  const second = await start(burner)
  try {
    const restored = await second.reconnect()
    expect(restored?.accounts[0]?.address).toBe(burner.publicKey?.toBase58())
    expect(second.getNetwork()?.caipNetworkId).toBe(network.caipNetworkId)
    expect(autoConnects).toBe(1)
    expect(connects).toBe(1) // the burner's autoConnect is its connect; the adapter itself never called connect
  } finally {
    second.destroy()
  }

  // A wallet that no longer trusts the site: nothing is restored and the remembered connection is forgotten.
  const untrusting = new UnsafeBurnerWalletAdapter()
  untrusting.autoConnect = () => Promise.reject(new Error('not trusted'))
  const third = await start(untrusting)
  try {
    expect(await third.reconnect()).toBeNull()
    expect(untrusting.connected).toBe(false)
  } finally {
    third.destroy()
  }
  const fourth = await start(new UnsafeBurnerWalletAdapter())
  try {
    expect(await fourth.reconnect()).toBeNull()
  } finally {
    fourth.destroy()
  }
})
