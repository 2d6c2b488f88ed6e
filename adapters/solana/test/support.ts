// The conformance environment of the Solana adapter over the stack's two local clusters: networks defined from
// the clusters, a probe that reads them with @solana/web3.js and checks signatures with Node's ed25519, fresh
// keypairs funded by requestAirdrop, and the Solana test wallet driven as a user would.
import { createPublicKey, verify } from 'node:crypto'
import { type CaipNetwork, createMemoryStorage, defineNetwork } from '@latchkey/core'
import type { ConformanceChainProbe, ConformanceEnvironment } from '@latchkey/core/testing'
import type { SolanaClusterInfo } from '@latchkey/solana-chains'
import { createSolanaTestWallet, type SolanaTestWallet } from '@latchkey/solana-wallet'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram } from '@solana/web3.js'
import { SolanaAdapter, type SolanaAdapterOptions } from '../src/index.js'

/** A kit network for a local cluster: id = the first 32 characters of its genesis hash. */
export function localSolanaNetwork(cluster: SolanaClusterInfo): CaipNetwork {
  return defineNetwork({
    id: cluster.genesisHash.slice(0, 32),
    chainNamespace: 'solana',
    name: cluster.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [cluster.rpcUrl], webSocket: [cluster.wsUrl] } },
    testnet: true,
  })
}

const rpcUrlOf = (network: CaipNetwork) => network.rpcUrls.default.http[0]!
export const connectionOf = (network: CaipNetwork) => new Connection(rpcUrlOf(network), 'confirmed')

/** Waits until the cluster reports the signature confirmed. */
export async function confirmed(connection: Connection, signature: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { value } = await connection.getSignatureStatuses([signature])
    if (value[0]?.err) throw new Error(`${signature} failed: ${JSON.stringify(value[0].err)}`)
    if (value[0]?.confirmationStatus) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${signature} was never confirmed`)
}

/** `count` fresh keypairs holding `sol` SOL on every network (requestAirdrop). */
export async function fundedKeypairs(
  networks: readonly CaipNetwork[],
  count = 2,
  sol = 10,
): Promise<Keypair[]> {
  const keypairs = Array.from({ length: count }, () => Keypair.generate())
  for (const network of networks) {
    const connection = connectionOf(network)
    for (const keypair of keypairs) {
      await confirmed(connection, await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL))
    }
  }
  return keypairs
}

/** Checks an ed25519 signature with Node's crypto (not the adapter's code). */
export function verifyWithNode(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const x = Buffer.from(new PublicKey(address).toBytes()).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, message, key, signature)
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Base58 to bytes (the probe's own decoder, so it does not trust the adapter's). */
export function decodeBase58(text: string): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new Error(`not base58: ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  const zeros = text.length - text.replace(/^1+/, '').length
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

/** The conformance probe: balances and transactions read from the clusters with @solana/web3.js. */
function createSolanaProbe(networks: readonly CaipNetwork[]): ConformanceChainProbe {
  const clusters = networks.map((network) => ({ network, connection: connectionOf(network) }))
  const clusterOf = (network: CaipNetwork) => {
    const found = clusters.find((c) => c.network.caipNetworkId === network.caipNetworkId)
    if (!found) throw new Error(`${network.caipNetworkId} is not a local cluster of this probe`)
    return found.connection
  }
  return {
    getBalance: async (address, network) =>
      BigInt(await clusterOf(network).getBalance(new PublicKey(address), 'confirmed')),
    verifySignature: async ({ address, message, signature }) =>
      verifyWithNode(address, new TextEncoder().encode(message), decodeBase58(signature)),
    async getTransaction(signature) {
      for (let attempt = 0; attempt < 100; attempt++) {
        for (const { network, connection } of clusters) {
          const tx = await connection.getTransaction(signature, {
            commitment: 'confirmed',
            maxSupportedTransactionVersion: 0,
          })
          if (!tx?.meta) continue
          const keys = tx.transaction.message.staticAccountKeys
          const transfer = tx.transaction.message.compiledInstructions.find((ix) =>
            keys[ix.programIdIndex]?.equals(SystemProgram.programId),
          )
          if (!transfer) throw new Error(`${signature} holds no SystemProgram transfer`)
          const data = Buffer.from(transfer.data)
          return {
            from: keys[transfer.accountKeyIndexes[0]!]!.toBase58(),
            to: keys[transfer.accountKeyIndexes[1]!]!.toBase58(),
            value: data.readBigUInt64LE(4),
            fee: BigInt(tx.meta.fee),
            caipNetworkId: network.caipNetworkId,
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`transaction ${signature} is on none of the local clusters`)
    },
  }
}

/** The conformance suite's wallet driver over the Solana test wallet. */
function walletDriver(wallet: SolanaTestWallet, accounts: number) {
  let account = 0
  return {
    setPolicy: (policy: 'approve' | 'reject') => wallet.setPolicy(policy),
    promptCount: () => wallet.prompts().length,
    switchAccount: () => {
      account = (account + 1) % accounts
      wallet.switchAccount(account)
    },
    switchNetwork: (network: CaipNetwork) => wallet.switchCluster(network.caipNetworkId),
    disconnect: () => wallet.disconnect(),
  }
}

export const WALLET_NAME = 'Latchkey Conformance Solana'

/** A fresh world: a test wallet with two fresh funded keys registered on a target of its own, a storage, an adapter. */
export function solanaSetup(
  networks: readonly CaipNetwork[],
  clusters: readonly SolanaClusterInfo[],
  options: SolanaAdapterOptions = {},
) {
  const probe = createSolanaProbe(networks)
  return async (): Promise<
    ConformanceEnvironment & { testWallet: SolanaTestWallet; adapter: SolanaAdapter }
  > => {
    const keypairs = await fundedKeypairs(networks)
    const testWallet = createSolanaTestWallet({
      name: WALLET_NAME,
      secretKeys: keypairs.map((k) => k.secretKey),
      clusters: clusters.map(({ name, rpcUrl, genesisHash }) => ({ name, rpcUrl, genesisHash })),
    })
    const discoveryTarget = new EventTarget()
    testWallet.register(discoveryTarget)
    const context = { networks, options: {}, storage: createMemoryStorage(), discoveryTarget }
    const createAdapter = async () => {
      const adapter = new SolanaAdapter(options)
      await adapter.init(context)
      return adapter
    }
    return {
      adapter: await createAdapter(),
      testWallet,
      probe,
      createAdapter,
      recipient: () => Keypair.generate().publicKey.toBase58(),
      wallet: walletDriver(testWallet, keypairs.length),
    }
  }
}
