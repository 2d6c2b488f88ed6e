// The few Esplora calls the wallet makes: UTXOs, address stats, fee estimates, broadcast.
import { RpcErrorCode, WalletRpcError } from './errors.js'

export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}

interface TxoStats {
  funded_txo_sum: number
  spent_txo_sum: number
}

async function call(url: string, init?: RequestInit): Promise<string> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    throw new WalletRpcError(
      RpcErrorCode.INTERNAL_ERROR,
      `Esplora request failed: ${url}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const text = await response.text()
  if (!response.ok)
    throw new WalletRpcError(RpcErrorCode.INTERNAL_ERROR, `Esplora answered ${response.status}: ${text}`)
  return text
}

export async function fetchUtxos(esploraUrl: string, address: string): Promise<EsploraUtxo[]> {
  return JSON.parse(await call(`${esploraUrl}/address/${address}/utxo`)) as EsploraUtxo[]
}

/** Confirmed and unconfirmed balance (sats): funded - spent over chain_stats and mempool_stats. */
export async function fetchBalance(
  esploraUrl: string,
  address: string,
): Promise<{ confirmed: number; unconfirmed: number }> {
  const stats = JSON.parse(await call(`${esploraUrl}/address/${address}`)) as {
    chain_stats: TxoStats
    mempool_stats: TxoStats
  }
  return {
    confirmed: stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum,
    unconfirmed: stats.mempool_stats.funded_txo_sum - stats.mempool_stats.spent_txo_sum,
  }
}

/** The fee rate (sat/vB) for a 6-block target, at least 1. */
export async function fetchFeeRate(esploraUrl: string): Promise<number> {
  const estimates = JSON.parse(await call(`${esploraUrl}/fee-estimates`)) as Record<string, number>
  const rate = estimates['6']
  return typeof rate === 'number' && rate >= 1 ? rate : 1
}

/** POST /tx; resolves with the txid. */
export async function broadcastTx(esploraUrl: string, hex: string): Promise<string> {
  return (await call(`${esploraUrl}/tx`, { method: 'POST', body: hex })).trim()
}
