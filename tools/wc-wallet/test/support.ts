// Shared set-up of the wallet's tests: the stack's chains, fresh funded keys on each, a sign-client dApp.
import { createPublicKey, verify } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import type { LocalStackInfo } from '@latchkey/stack'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { crypto as bcrypto, networks as bnetworks, payments } from 'bitcoinjs-lib'
import { createTestClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { inject } from 'vitest'
import type { WcWalletOptions } from '../src/index.js'

// The SDKs' test-run switch (createWcWallet sets it too): without it they post telemetry and fetch Verify
// attestations from the internet, which the network guard fails. Set here so the dApp never depends on the order.
process.env.IS_VITEST = 'true'

export const stack: LocalStackInfo = inject('stack')

export const EVM_1 = `eip155:${stack.evm.chains[0]!.chainId}`
export const EVM_2 = `eip155:${stack.evm.chains[1]!.chainId}`
export const SOLANA_1 = `solana:${stack.solana.clusters[0].genesisHash.slice(0, 32)}`
export const SOLANA_2 = `solana:${stack.solana.clusters[1].genesisHash.slice(0, 32)}`

/** The CAIP-2 id of a local Bitcoin network (`bip122:` + 32 hex characters of its block 0's hash). */
export async function bitcoinChainId(index: number): Promise<string> {
  const response = await fetch(`${stack.bitcoin.networks[index]!.esploraUrl}/block-height/0`)
  return `bip122:${(await response.text()).trim().slice(0, 32)}`
}

// ---------- fresh funded keys ----------

/** A fresh EVM key holding 100 ETH on both local chains (anvil_setBalance). */
export async function fundedEvmKey(): Promise<`0x${string}`> {
  const key = generatePrivateKey()
  for (const chain of stack.evm.chains) {
    const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl, { retryCount: 0 }) })
    await anvil.setBalance({ address: privateKeyToAddress(key), value: 10n ** 20n })
  }
  return key
}

export const connectionOf = (index: 0 | 1) => new Connection(stack.solana.clusters[index].rpcUrl, 'confirmed')

/** Waits until the cluster reports the signature confirmed. */
async function confirmed(connection: Connection, signature: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { value } = await connection.getSignatureStatuses([signature])
    if (value[0]?.err) throw new Error(`${signature} failed: ${JSON.stringify(value[0].err)}`)
    if (value[0]?.confirmationStatus) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${signature} was never confirmed`)
}

/** A fresh Solana keypair holding 5 SOL on the first local cluster (requestAirdrop). */
export async function fundedSolanaKeypair(): Promise<Keypair> {
  const keypair = Keypair.generate()
  const connection = connectionOf(0)
  await confirmed(connection, await connection.requestAirdrop(keypair.publicKey, 5 * LAMPORTS_PER_SOL))
  return keypair
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
function randomPrivateKey(): Uint8Array {
  for (;;) {
    const key = globalThis.crypto.getRandomValues(new Uint8Array(32))
    if (ecc.isPrivate(key)) return key
  }
}
const regtest = () => stack.bitcoin.networks[0]!

/** A fresh P2WPKH regtest address nothing else pays. */
export function freshBitcoinAddress(): string {
  return payments.p2wpkh({
    pubkey: ecc.pointFromScalar(randomPrivateKey(), true)!,
    network: bnetworks.regtest,
  }).address!
}

/**
 * Fresh Bitcoin keys whose regtest payment address receives `outputs` outputs of `sats` each, a block each (the
 * network's /latchkey/fund endpoint).
 */
export async function fundedBitcoinKeys(sats: number, outputs = 1) {
  const keys = { payment: toHex(randomPrivateKey()), ordinals: toHex(randomPrivateKey()) }
  const pubkey = ecc.pointFromScalar(Buffer.from(keys.payment, 'hex'), true)!
  const address = payments.p2wpkh({ pubkey, network: bnetworks.regtest }).address!
  for (let i = 0; i < outputs; i++) {
    const response = await fetch(`${regtest().esploraUrl}/latchkey/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount: sats }),
    })
    if (!response.ok) throw new Error(`fund: ${response.status} ${await response.text()}`)
  }
  return { keys, address }
}

/** Esplora balance (chain + mempool) of a regtest address. */
export async function bitcoinBalance(address: string): Promise<number> {
  const body = (await (await fetch(`${regtest().esploraUrl}/address/${address}`)).json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  const sum = (s: { funded_txo_sum: number; spent_txo_sum: number }) => s.funded_txo_sum - s.spent_txo_sum
  return sum(body.chain_stats) + sum(body.mempool_stats)
}

/** The wallet options for the stack's chains (the networks of each namespace as the test wallets take them). */
export const chainOptions = {
  evmChains: () => stack.evm.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
  clusters: () =>
    stack.solana.clusters.map(({ name, rpcUrl, genesisHash }) => ({ name, rpcUrl, genesisHash })),
  bitcoinNetworks: () =>
    stack.bitcoin.networks.map(({ name, network, esploraUrl }) => ({ name, network, esploraUrl })),
} satisfies Record<string, () => unknown>

/** Options of an EVM-only wallet with a fresh unfunded key (for tests that only sign). */
export function evmOnly(relayUrl: string): WcWalletOptions {
  return { relayUrl, evm: { privateKeys: [generatePrivateKey()], chains: chainOptions.evmChains() } }
}

// ---------- checks written independently of the wallet ----------

/** Checks an ed25519 signature with Node's crypto. */
export function verifyEd25519(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const x = Buffer.from(new PublicKey(address).toBytes()).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, message, key, signature)
}

/** BIP-137 check: recover the key from the 65-byte signature, compare its P2WPKH regtest address. */
export function verifyBip137(address: string, message: string, signature: Uint8Array): boolean {
  if (signature.length !== 65) return false
  const header = signature[0]!
  const text = Buffer.from(message, 'utf8')
  const magic = Buffer.from('\x18Bitcoin Signed Message:\n', 'utf8')
  const hash = bcrypto.hash256(Buffer.concat([magic, Buffer.of(text.length), text]))
  const pubkey = ecc.recover(hash, signature.subarray(1), ((header - 27) & 3) as 0 | 1 | 2 | 3, header >= 31)
  return pubkey !== null && payments.p2wpkh({ pubkey, network: bnetworks.regtest }).address === address
}

// ---------- the dApp ----------

export type Dapp = Awaited<ReturnType<typeof SignClient.init>>

let dapps = 0
/** A sign-client dApp on the relay, with storage of its own. */
export function createDapp(relayUrl: string): Promise<Dapp> {
  dapps += 1
  return SignClient.init({
    projectId: 'latchkey-wc-wallet-test',
    relayUrl,
    customStoragePrefix: `wc-wallet-test-dapp-${process.pid}-${dapps}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Wallet test dApp', description: 'dApp side', url: 'http://127.0.0.1', icons: [] },
  })
}

/** Closes a dApp's socket and stops its timers. */
export async function closeDapp(dapp: Dapp): Promise<void> {
  await dapp.core.relayer.transportClose().catch(() => {})
  dapp.core.heartbeat.stop()
}

export const EIP155_REQUEST = {
  chains: [EVM_1],
  methods: [
    'personal_sign',
    'eth_sendTransaction',
    'eth_chainId',
    'eth_accounts',
    'wallet_switchEthereumChain',
  ],
  events: ['chainChanged', 'accountsChanged'],
} satisfies ProposalTypes.BaseRequiredNamespace

/** The dApp proposes `optionalNamespaces` and the wallet pairs; resolves with the URI and the approval. */
export async function propose(
  dapp: Dapp,
  pair: (uri: string) => Promise<void>,
  optionalNamespaces: ProposalTypes.OptionalNamespaces = { eip155: EIP155_REQUEST },
): Promise<{ approval: Promise<SessionTypes.Struct> }> {
  const { uri, approval } = await dapp.connect({ optionalNamespaces })
  const approved = approval()
  approved.catch(() => {})
  await pair(uri!)
  return { approval: approved }
}

/** Resolves with the first emission of `event` by the dApp that `accept` accepts. */
export function nextDappEvent<E extends SignClientTypes.Event>(
  dapp: Dapp,
  event: E,
  accept: (args: SignClientTypes.EventArguments[E]) => boolean = () => true,
): Promise<SignClientTypes.EventArguments[E]> {
  return new Promise((resolve) => {
    const listener = (args: SignClientTypes.EventArguments[E]) => {
      if (!accept(args)) return
      dapp.off(event, listener)
      resolve(args)
    }
    dapp.on(event, listener)
  })
}
