// The world of the universal adapter's tests: the stack's local chains as kit networks, fresh funded keys on each
// namespace, the WalletConnect test wallet holding them, a provider paired with it through the local relay, and
// probes that read the chains without the adapter's code.
import { createHash, createPublicKey, verify } from 'node:crypto'
import {
  type CaipNetwork,
  type ChainNamespace,
  createMemoryStorage,
  defineNetwork,
  type KitStorage,
} from '@latchkey/core'
import type { ConformanceChainProbe, ConformanceWalletDriver } from '@latchkey/core/testing'
import { createEvmProbe, freshAddress as freshEvmAddress, fundedKeys } from '@latchkey/evm-testkit'
import type { LocalStackInfo } from '@latchkey/stack'
import { createWcWallet, pairOnDisplayUri, type WcNamespace, type WcWallet } from '@latchkey/wc-wallet'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base58, base64, bech32 } from '@scure/base'
import { inject } from 'vitest'
import { createWalletConnectProvider, UniversalAdapter } from '../src/index.js'

// The SDKs' own test-run switch: without it the wallet fetches a Verify attestation from the internet for every
// proposal and request (no option turns that off), which the test network guard refuses.
process.env.IS_VITEST = 'true'

const stack: LocalStackInfo = inject('stack')

export const evmNetworks: readonly CaipNetwork[] = stack.evm.chains.slice(0, 2).map((chain) =>
  defineNetwork({
    id: chain.chainId,
    chainNamespace: 'eip155',
    name: `Local ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }),
)

export const solanaNetworks: readonly CaipNetwork[] = stack.solana.clusters.slice(0, 2).map((cluster) =>
  defineNetwork({
    id: cluster.genesisHash.slice(0, 32),
    chainNamespace: 'solana',
    name: cluster.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [cluster.rpcUrl] } },
    testnet: true,
  }),
)

const BITCOIN_IDS = {
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
  testnet: '000000000933ea01ad0ee984209779ba',
}
const bitcoinNetworks: readonly CaipNetwork[] = stack.bitcoin.networks.slice(0, 2).map((info) =>
  defineNetwork({
    id: BITCOIN_IDS[info.network as keyof typeof BITCOIN_IDS],
    chainNamespace: 'bip122',
    name: info.name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [info.esploraUrl] } },
  }),
)

export const networksOf = (namespace: ChainNamespace): readonly CaipNetwork[] =>
  namespace === 'eip155' ? evmNetworks : namespace === 'solana' ? solanaNetworks : bitcoinNetworks

const rpcOf = (network: CaipNetwork) => network.rpcUrls.default.http[0] as string

async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds (polling every 20 ms, for at most 10 s). */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return
    await sleep(20)
  }
  throw new Error(`Timed out waiting for ${what}`)
}

// ---- solana ----

/** A fresh Ed25519 keypair in web3.js's 64-byte secret key form (seed, then public key). */
function solanaKeypair(): { secretKey: Uint8Array; address: string } {
  const seed = ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(seed)
  return { secretKey: Uint8Array.from([...seed, ...publicKey]), address: base58.encode(publicKey) }
}

async function airdrop(network: CaipNetwork, address: string, lamports: number): Promise<void> {
  const signature = await jsonRpc<string>(rpcOf(network), 'requestAirdrop', [address, lamports])
  for (let i = 0; i < 300; i++) {
    const { value } = await jsonRpc<{ value: ({ confirmationStatus?: string } | null)[] }>(
      rpcOf(network),
      'getSignatureStatuses',
      [[signature]],
    )
    if (value[0]?.confirmationStatus) return
    await sleep(100)
  }
  throw new Error(`the airdrop to ${address} was never confirmed`)
}

function solanaProbe(): ConformanceChainProbe {
  return {
    async getBalance(address, network) {
      const { value } = await jsonRpc<{ value: number }>(rpcOf(network), 'getBalance', [
        address,
        { commitment: 'confirmed' },
      ])
      return BigInt(value)
    },
    verifySignature: async ({ address, message, signature }) =>
      verifySolanaWithNode(address, message, signature),
    async getTransaction(signature) {
      for (let attempt = 0; attempt < 100; attempt++) {
        for (const network of solanaNetworks) {
          const tx = await jsonRpc<{
            meta: { fee: number }
            transaction: {
              message: { accountKeys: string[]; instructions: { accounts: number[]; data: string }[] }
            }
          } | null>(rpcOf(network), 'getTransaction', [
            signature,
            { commitment: 'confirmed', encoding: 'json' },
          ])
          if (!tx) continue
          const { accountKeys, instructions } = tx.transaction.message
          const transfer = instructions[0]
          if (!transfer) throw new Error(`${signature} holds no instruction`)
          const data = Buffer.from(base58.decode(transfer.data))
          return {
            from: accountKeys[transfer.accounts[0] as number] as string,
            to: accountKeys[transfer.accounts[1] as number] as string,
            value: data.readBigUInt64LE(4),
            fee: BigInt(tx.meta.fee),
            caipNetworkId: network.caipNetworkId,
          }
        }
        await sleep(100)
      }
      throw new Error(`transaction ${signature} is on none of the local clusters`)
    },
  }
}

// ---- bip122 ----

const hash160 = (data: Uint8Array) =>
  createHash('ripemd160').update(createHash('sha256').update(data).digest()).digest()
const hrpOf = (network: CaipNetwork) => (network.caipNetworkId.endsWith(BITCOIN_IDS.regtest) ? 'bcrt' : 'tb')
const p2wpkh = (publicKey: Uint8Array, network: CaipNetwork) =>
  bech32.encode(hrpOf(network), [0, ...bech32.toWords(hash160(publicKey))])

async function esplora<T>(network: CaipNetwork, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${rpcOf(network)}${path}`, init)
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Key sets whose payment (P2WPKH) address holds 1 BTC on both local networks. */
async function fundedBitcoinKeys(count: number) {
  const keys = Array.from({ length: count }, () => ({
    payment: secp256k1.utils.randomPrivateKey(),
    ordinals: secp256k1.utils.randomPrivateKey(),
  }))
  for (const key of keys)
    for (const network of bitcoinNetworks) {
      const address = p2wpkh(secp256k1.getPublicKey(key.payment, true), network)
      const response = await fetch(`${rpcOf(network)}/latchkey/fund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address, amount: 100_000_000 }),
      })
      if (!response.ok) throw new Error(`fund: ${response.status}`)
    }
  return keys.map((key) => ({
    payment: Buffer.from(key.payment).toString('hex'),
    ordinals: Buffer.from(key.ordinals).toString('hex'),
  }))
}

function bitcoinProbe(): ConformanceChainProbe {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  type Tx = {
    fee: number
    vin: { prevout: { scriptpubkey_address?: string; value: number } }[]
    vout: { scriptpubkey_address?: string; value: number }[]
  }
  return {
    async getBalance(address, network) {
      const body = await esplora<{ chain_stats: Stats; mempool_stats: Stats }>(network, `/address/${address}`)
      const sum = (s: Stats) => BigInt(s.funded_txo_sum - s.spent_txo_sum)
      return sum(body.chain_stats) + sum(body.mempool_stats)
    },
    // BIP-137 written for the test: recover the key from the compact signature, compare its P2WPKH address.
    async verifySignature({ address, message, signature, network }) {
      const sig = base64.decode(signature)
      if (sig.length !== 65) return false
      const text = Buffer.from(message)
      const prefix = Buffer.from('\x18Bitcoin Signed Message:\n')
      const sha = (data: Buffer) => createHash('sha256').update(data).digest()
      const digest = sha(sha(Buffer.concat([prefix, Buffer.of(text.length), text])))
      const recovery = ((sig[0] as number) - 27) & 3
      const key = secp256k1.Signature.fromCompact(sig.slice(1))
        .addRecoveryBit(recovery)
        .recoverPublicKey(digest)
      return p2wpkh(key.toRawBytes(true), network) === address
    },
    async getTransaction(txid) {
      for (let attempt = 0; attempt < 100; attempt++) {
        for (const network of bitcoinNetworks) {
          const tx = await esplora<Tx>(network, `/tx/${txid}`).catch(() => undefined)
          if (!tx) continue
          const from = tx.vin[0]?.prevout.scriptpubkey_address ?? ''
          const paid = tx.vout.find((out) => out.scriptpubkey_address !== from)
          return {
            from,
            to: paid?.scriptpubkey_address ?? '',
            value: BigInt(paid?.value ?? 0),
            fee: BigInt(tx.fee),
            caipNetworkId: network.caipNetworkId,
          }
        }
        await sleep(100)
      }
      throw new Error(`transaction ${txid} is on none of the local networks`)
    },
  }
}

function freshBitcoinAddress(network: CaipNetwork): string {
  return p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), network)
}

// ---- the world ----

type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>
let instances = 0

/** A provider over the relay with a storage of its own (two never share a Core). */
export function newProvider(relayUrl: string, networks: readonly CaipNetwork[] = []): Promise<Provider> {
  instances += 1
  return createWalletConnectProvider({
    projectId: 'latchkey-universal-test',
    metadata: {
      name: 'Universal adapter test',
      description: 'adapter-universal',
      url: 'http://127.0.0.1',
      icons: [],
    },
    relayUrl,
    storagePrefix: `universal-test-${process.pid}-${instances}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: Object.fromEntries(networks.map((n) => [n.caipNetworkId, rpcOf(n)])),
  })
}

/** Stops a provider's socket and timers, so the test process can end. */
export async function closeProvider(provider: Provider | undefined): Promise<void> {
  await provider?.sdk.client.core.relayer.transportClose().catch(() => undefined)
  provider?.sdk.client.core.heartbeat.stop()
}

/** A WalletConnect test wallet holding two fresh funded accounts of each namespace asked for. */
export async function fundedWcWallet(
  relayUrl: string,
  namespaces: readonly WcNamespace[],
): Promise<WcWallet> {
  const solanaKeys = namespaces.includes('solana') ? [solanaKeypair(), solanaKeypair()] : []
  for (const network of solanaKeys.length > 0 ? solanaNetworks : [])
    for (const key of solanaKeys) await airdrop(network, key.address, 10_000_000_000)
  return createWcWallet({
    relayUrl,
    ...(namespaces.includes('eip155')
      ? {
          evm: {
            privateKeys: await fundedKeys(evmNetworks),
            chains: evmNetworks.map((n) => ({ chainId: Number(n.id), rpcUrl: rpcOf(n) })),
          },
        }
      : {}),
    ...(namespaces.includes('solana')
      ? {
          solana: {
            secretKeys: solanaKeys.map((k) => k.secretKey),
            clusters: stack.solana.clusters.slice(0, 2).map(({ name, rpcUrl, genesisHash }) => ({
              name,
              rpcUrl,
              genesisHash,
            })),
          },
        }
      : {}),
    ...(namespaces.includes('bip122')
      ? {
          bitcoin: {
            networks: stack.bitcoin.networks.slice(0, 2).map(({ name, network, esploraUrl }, i) => ({
              name,
              network,
              esploraUrl,
              caipNetworkId: bitcoinNetworks[i]?.caipNetworkId as string,
            })),
            keys: await fundedBitcoinKeys(2),
          },
        }
      : {}),
  })
}

/** The conformance driver over the WalletConnect test wallet: the user acts in the phone wallet. */
export function wcDriver(wallet: WcWallet, namespace: WcNamespace): ConformanceWalletDriver {
  let account = 0
  return {
    setPolicy: (policy) => wallet.setPolicy(policy),
    promptCount: () => wallet.log.filter((entry) => entry.prompted).length,
    switchAccount: async () => {
      account = (account + 1) % 2
      await wallet.switchAccount(namespace, account)
    },
    switchNetwork: (network) => wallet.switchChain(network.caipNetworkId),
    disconnect: () => wallet.disconnect(),
  }
}

export const probeOf = (namespace: ChainNamespace): ConformanceChainProbe =>
  namespace === 'eip155'
    ? createEvmProbe(evmNetworks)
    : namespace === 'solana'
      ? solanaProbe()
      : bitcoinProbe()

export const recipientOf = (namespace: ChainNamespace, network: CaipNetwork): string =>
  namespace === 'eip155'
    ? freshEvmAddress()
    : namespace === 'solana'
      ? solanaKeypair().address
      : freshBitcoinAddress(network)

/** A universal adapter of `namespace` initialised on the provider and a storage (kept across "reloads"). */
export async function universalAdapter(
  namespace: ChainNamespace,
  provider: Provider,
  storage: KitStorage = createMemoryStorage(),
): Promise<UniversalAdapter> {
  const adapter = new UniversalAdapter({ namespace })
  await adapter.init({
    networks: networksOf(namespace),
    options: {},
    storage,
    getWalletConnectProvider: async () => provider,
  })
  return adapter
}

export { pairOnDisplayUri }

/** An Ed25519 signature (base58) of a text message by a Solana address, checked with Node's crypto. */
export function verifySolanaWithNode(address: string, message: string, signature: string): boolean {
  const x = Buffer.from(base58.decode(address)).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, Buffer.from(message), key, base58.decode(signature))
}
