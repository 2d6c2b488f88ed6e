/** Shared set-up: the stack's two Bitcoin networks as CaipNetworks, fresh funded keys, the Bitcoin test wallet. */
import * as ecc from '@bitcoinerlab/secp256k1'
import { createBitcoinTestWallet } from '@latchkey/bitcoin-wallet'
import { type CaipNetwork, createMemoryStorage, defineNetwork } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { crypto as bcrypto, networks as bnetworks, Psbt, payments } from 'bitcoinjs-lib'
import { inject } from 'vitest'
import { BitcoinAdapter } from '../src/index.js'

const stack: LocalStackInfo = inject('stack')
const infoAt = (i: number) => {
  const info = stack.bitcoin.networks[i]
  if (!info) throw new Error('the test stack must run two Bitcoin networks')
  return info
}
const regtestInfo = infoAt(0)
const testnetInfo = infoAt(1)

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const
export const localRegtest = defineNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: regtestInfo.name,
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [regtestInfo.esploraUrl] } },
})
export const localTestnet = defineNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: testnetInfo.name,
  nativeCurrency: { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: 8 },
  rpcUrls: { default: { http: [testnetInfo.esploraUrl] } },
  testnet: true,
})
export const networks = [localRegtest, localTestnet] as const satisfies readonly CaipNetwork[]
const infos = [regtestInfo, testnetInfo]

const esploraOf = (network: CaipNetwork) =>
  infos[networks.findIndex((n) => n.caipNetworkId === network.caipNetworkId)]!.esploraUrl
const paramsOf = (network: CaipNetwork) =>
  network.caipNetworkId === localRegtest.caipNetworkId ? bnetworks.regtest : bnetworks.testnet

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

function randomKey(): Uint8Array {
  for (;;) {
    const key = globalThis.crypto.getRandomValues(new Uint8Array(32))
    if (ecc.isPrivate(key)) return key
  }
}

/** A fresh P2WPKH address on `network` nothing else sends to. */
export function freshAddress(network: CaipNetwork = localRegtest): string {
  const pubkey = ecc.pointFromScalar(randomKey(), true)!
  return payments.p2wpkh({ pubkey, network: paramsOf(network) }).address!
}

/** Pays `sats` to `address` on `network` in a block of its own (the network's control endpoint). */
async function fund(network: CaipNetwork, address: string, sats = 100_000_000): Promise<void> {
  const response = await fetch(`${esploraOf(network)}/latchkey/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount: sats }),
  })
  if (!response.ok) throw new Error(`fund: ${response.status} ${await response.text()}`)
}

/** `count` fresh wallet key sets whose payment addresses hold 1 BTC on both networks. */
export async function fundedKeys(count = 2) {
  const keys = Array.from({ length: count }, () => ({
    payment: hex(randomKey()),
    ordinals: hex(randomKey()),
  }))
  for (const key of keys) {
    const pubkey = ecc.pointFromScalar(Buffer.from(key.payment, 'hex'), true)!
    for (const network of networks) {
      await fund(network, payments.p2wpkh({ pubkey, network: paramsOf(network) }).address!)
    }
  }
  return keys
}

export const PROVIDER_ID = 'LatchkeyBitcoinProviders.BitcoinProvider'
const STANDARD_NAME = 'Latchkey Bitcoin Standard Wallet'

/** A test wallet on both networks, injected for sats-connect and registered on a fresh discovery target. */
export function testWallet(
  keys: { payment: string; ordinals: string }[],
  psbtFormat: 'hex' | 'base64' = 'base64',
) {
  const wallet = createBitcoinTestWallet({
    name: STANDARD_NAME,
    networks: stack.bitcoin.networks.map(({ name, network, esploraUrl }) => ({ name, network, esploraUrl })),
    keys,
    psbtFormat,
  })
  const discoveryTarget = new EventTarget()
  wallet.injectSatsConnect({ target: discoveryTarget })
  const unregister = wallet.registerStandard(discoveryTarget)
  return { wallet, discoveryTarget, unregister }
}

/** An initialised adapter over `discoveryTarget`. */
export async function adapterFor(discoveryTarget: EventTarget, storage = createMemoryStorage()) {
  const adapter = new BitcoinAdapter()
  await adapter.init({ networks, options: {}, storage, discoveryTarget })
  return adapter
}

/** Esplora balance (confirmed + mempool) read directly. */
export async function balanceOf(network: CaipNetwork, address: string): Promise<bigint> {
  const body = (await (await fetch(`${esploraOf(network)}/address/${address}`)).json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  const sum = (s: { funded_txo_sum: number; spent_txo_sum: number }) =>
    BigInt(s.funded_txo_sum - s.spent_txo_sum)
  return sum(body.chain_stats) + sum(body.mempool_stats)
}

/** BIP-137 check written independently of the adapter: recover the key, compare its P2WPKH address. */
export function verifyBip137(address: string, message: string, signature: string): boolean {
  const sig = Buffer.from(signature, 'base64')
  if (sig.length !== 65) return false
  const header = sig[0]!
  const text = Buffer.from(message, 'utf8')
  const magic = Buffer.from('\x18Bitcoin Signed Message:\n', 'utf8')
  if (text.length >= 0xfd) throw new Error('test messages are short')
  const hash = bcrypto.hash256(Buffer.concat([magic, Buffer.of(text.length), text]))
  const pubkey = ecc.recover(hash, sig.subarray(1), ((header - 27) & 3) as 0 | 1 | 2 | 3, header >= 31)
  if (!pubkey) return false
  const network = address.startsWith('bcrt1') ? bnetworks.regtest : bnetworks.testnet
  return payments.p2wpkh({ pubkey, network }).address === address
}

interface EsploraTx {
  txid: string
  fee: number
  vin: { prevout: { scriptpubkey_address?: string; value: number } }[]
  vout: { scriptpubkey_address?: string; value: number }[]
}

/** Finds a transaction on either network's Esplora, with the output paying `to` (default: the first non-change). */
export async function findTransaction(txid: string) {
  for (const network of networks) {
    const response = await fetch(`${esploraOf(network)}/tx/${txid}`)
    if (!response.ok) continue
    const tx = (await response.json()) as EsploraTx
    return { tx, network }
  }
  throw new Error(`transaction ${txid} is on none of the local networks`)
}

/** A PSBT spending the address's first UTXO: `amount` to `to`, the rest minus 1000 sats fee back. */
export async function transferPsbt(from: string, to: string, amount: bigint) {
  const utxos = (await (await fetch(`${esploraOf(localRegtest)}/address/${from}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const utxo = utxos[0]!
  const psbt = new Psbt({ network: bnetworks.regtest })
  const prev = (await (await fetch(`${esploraOf(localRegtest)}/tx/${utxo.txid}`)).json()) as {
    vout: { scriptpubkey: string }[]
  }
  psbt.addInput({
    hash: utxo.txid,
    index: utxo.vout,
    witnessUtxo: {
      script: Buffer.from(prev.vout[utxo.vout]!.scriptpubkey, 'hex'),
      value: BigInt(utxo.value),
    },
  })
  psbt.addOutput({ address: to, value: amount })
  psbt.addOutput({ address: from, value: BigInt(utxo.value) - amount - 1000n })
  return psbt.toBase64()
}

/** The conformance suite's chain probe: balances and transactions from Esplora, BIP-137 checked independently. */
export const chainProbe = {
  getBalance: (address: string, network: CaipNetwork) => balanceOf(network, address),
  verifySignature: async ({
    address,
    message,
    signature,
  }: {
    address: string
    message: string
    signature: string
  }) => verifyBip137(address, message, signature),
  async getTransaction(hash: string) {
    const { tx, network } = await findTransaction(hash)
    const from = tx.vin[0]?.prevout.scriptpubkey_address ?? ''
    const paid = tx.vout.find((out) => out.scriptpubkey_address !== from)
    const inputs = tx.vin.reduce((n, i) => n + BigInt(i.prevout.value), 0n)
    const outputs = tx.vout.reduce((n, o) => n + BigInt(o.value), 0n)
    return {
      from,
      to: paid?.scriptpubkey_address ?? '',
      value: BigInt(paid?.value ?? 0),
      fee: inputs - outputs,
      caipNetworkId: network.caipNetworkId,
    }
  },
}
