// Local networks for the wallet's tests (their own, on ephemeral ports) and small Esplora readers.
import { type BitcoinNetworks, startBitcoinNetworks } from '@latchkey/bitcoin-chains'
import type { BitcoinWalletNetwork } from '../src/index.js'

export async function startNetworks(): Promise<{ btc: BitcoinNetworks; networks: BitcoinWalletNetwork[] }> {
  const btc = await startBitcoinNetworks({ ephemeral: true })
  const networks = btc.networks.map(({ name, network, esploraUrl }) => ({ name, network, esploraUrl }))
  return { btc, networks }
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Esplora balance (chain + mempool) of an address. */
export async function balance(esploraUrl: string, address: string): Promise<number> {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  const { chain_stats: c, mempool_stats: m } = await getJson<{ chain_stats: Stats; mempool_stats: Stats }>(
    `${esploraUrl}/address/${address}`,
  )
  return c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum
}

export interface Utxo {
  txid: string
  vout: number
  value: number
}
