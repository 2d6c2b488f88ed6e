// PSBTs built and signed with bitcoinjs-lib, as a wallet would, and a small Esplora client over real HTTP.
import * as ecc from '@bitcoinerlab/secp256k1'
import { crypto, initEccLib, type Network, Psbt, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

export interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export async function getText(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url)
  return { status: response.status, text: await response.text() }
}

/** POST /tx; resolves with the HTTP status and the text body (txid or error message). */
export async function broadcast(esploraUrl: string, hex: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: hex })
  return { status: response.status, text: await response.text() }
}

export async function mine(esploraUrl: string, blocks = 1): Promise<{ height: number; txids: string[] }> {
  const response = await fetch(`${esploraUrl}/latchkey/mine`, {
    method: 'POST',
    body: JSON.stringify({ blocks }),
  })
  if (!response.ok) throw new Error(await response.text())
  return (await response.json()) as { height: number; txids: string[] }
}

export interface AddressStats {
  address: string
  chain_stats: Record<
    'funded_txo_count' | 'funded_txo_sum' | 'spent_txo_count' | 'spent_txo_sum' | 'tx_count',
    number
  >
  mempool_stats: Record<
    'funded_txo_count' | 'funded_txo_sum' | 'spent_txo_count' | 'spent_txo_sum' | 'tx_count',
    number
  >
}

/** Esplora balance: funded - spent over chain and mempool. */
export async function balance(esploraUrl: string, address: string): Promise<number> {
  const stats = await getJson<AddressStats>(`${esploraUrl}/address/${address}`)
  const { chain_stats: c, mempool_stats: m } = stats
  return c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum
}

/** An ECDSA signer (ecpair) of a P2WPKH key. */
export function ecdsaSigner(privateKey: Uint8Array) {
  return ECPair.fromPrivateKey(privateKey)
}

/** The BIP-86 tweaked signer of a taproot key-path output. */
function taprootSigner(privateKey: Uint8Array) {
  const internal = ecc.xOnlyPointFromScalar(privateKey)
  const negated =
    ecc.pointFromScalar(privateKey, true)![0] === 0x03 ? ecc.privateNegate(privateKey) : privateKey
  const tweaked = ecc.privateAdd(negated, crypto.taggedHash('TapTweak', internal))!
  return {
    publicKey: ecc.pointFromScalar(tweaked, true)!,
    sign: (hash: Uint8Array) => ecc.sign(hash, tweaked),
    signSchnorr: (hash: Uint8Array) => ecc.signSchnorr(hash, tweaked, new Uint8Array(32)),
  }
}

export type SpendKind = 'p2wpkh' | 'p2tr'

/**
 * Builds and signs (bitcoinjs-lib Psbt) a transaction spending `utxos` of one key to `outputs`; returns the raw hex
 * and txid.
 */
export function buildSpend(options: {
  network: Network
  kind: SpendKind
  privateKey: Uint8Array
  utxos: readonly { txid: string; vout: number; value: number }[]
  outputs: readonly { address: string; value: number }[]
}): { hex: string; txid: string } {
  const { network, kind, privateKey } = options
  const payment =
    kind === 'p2wpkh'
      ? payments.p2wpkh({ pubkey: ecc.pointFromScalar(privateKey, true)!, network })
      : payments.p2tr({ internalPubkey: ecc.xOnlyPointFromScalar(privateKey), network })
  const psbt = new Psbt({ network })
  for (const utxo of options.utxos) {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: payment.output!, value: BigInt(utxo.value) },
      ...(kind === 'p2tr' ? { tapInternalKey: ecc.xOnlyPointFromScalar(privateKey) } : {}),
    })
  }
  for (const output of options.outputs)
    psbt.addOutput({ address: output.address, value: BigInt(output.value) })
  const signer = kind === 'p2wpkh' ? ecdsaSigner(privateKey) : taprootSigner(privateKey)
  psbt.signAllInputs(signer)
  psbt.finalizeAllInputs()
  // No fee check: tests build unbalanced transactions on purpose.
  const tx = psbt.extractTransaction(true)
  return { hex: tx.toHex(), txid: tx.getId() }
}
