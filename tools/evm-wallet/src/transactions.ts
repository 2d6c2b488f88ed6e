// Transactions: parse, fill (nonce, gas, fees), sign locally and broadcast; eth_sendTransaction. Sends are
// queued per sender and chain endpoint so nonces never collide.

import type { Address, Hex, LocalAccount, TransactionSerializable } from 'viem'
import { hexToBigInt, numberToHex } from 'viem/utils'
import { chainRpc, currentChain } from './chains.js'
import { keyFor, senderKey } from './connection.js'
import { invalidParams } from './errors.js'
import {
  isObject,
  optionalQuantity,
  paramsArray,
  parseAddress,
  parseChainId,
  parseData,
  quantity,
} from './params.js'
import type { ChainState, MethodHandlers, WalletState } from './state.js'

/** The fields of a transaction the site chose; the wallet fills in the rest. */
export interface TxFields {
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  accessList?: { address: Address; storageKeys: Hex[] }[]
  legacy?: boolean
}

/** Tail of the send queue per `${rpcUrl}|${address}`, shared by every wallet in this realm. */
const sendQueues = new Map<string, Promise<void>>()

function parseTxFields(tx: Record<string, unknown>): TxFields {
  const fields: TxFields = {}
  if (tx.to !== undefined && tx.to !== null) fields.to = parseAddress(tx.to, 'to')
  const value = optionalQuantity(tx.value, 'value')
  if (value !== undefined) fields.value = value
  const input = tx.data ?? tx.input
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) {
    throw invalidParams('"data" and "input" differ')
  }
  const data = parseData(input, 'data')
  if (data !== undefined) fields.data = data
  const gas = optionalQuantity(tx.gas ?? tx.gasLimit, 'gas')
  if (gas !== undefined) fields.gas = gas
  const gasPrice = optionalQuantity(tx.gasPrice, 'gasPrice')
  if (gasPrice !== undefined) fields.gasPrice = gasPrice
  const maxFeePerGas = optionalQuantity(tx.maxFeePerGas, 'maxFeePerGas')
  if (maxFeePerGas !== undefined) fields.maxFeePerGas = maxFeePerGas
  const maxPriorityFeePerGas = optionalQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  if (maxPriorityFeePerGas !== undefined) fields.maxPriorityFeePerGas = maxPriorityFeePerGas
  const nonce = optionalQuantity(tx.nonce, 'nonce')
  if (nonce !== undefined) fields.nonce = Number(nonce)
  if (Array.isArray(tx.accessList)) {
    fields.accessList = tx.accessList.map((item, i) => {
      if (!isObject(item)) throw invalidParams(`"accessList[${i}]" must be an object`)
      const keys = Array.isArray(item.storageKeys) ? item.storageKeys : []
      return {
        address: parseAddress(item.address, `accessList[${i}].address`),
        storageKeys: keys.map((key, k) => parseData(key, `accessList[${i}].storageKeys[${k}]`) ?? '0x'),
      }
    })
  }
  if (tx.type !== undefined && tx.type !== null) {
    const type = quantity(tx.type, 'type')
    if (type === 0n || type === 1n) fields.legacy = true
    else if (type !== 2n) throw invalidParams(`transaction type ${type} is not supported (only 0, 1 and 2)`)
  }
  if (gasPrice !== undefined && maxFeePerGas === undefined && maxPriorityFeePerGas === undefined) {
    fields.legacy = true
  }
  if (fields.legacy && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('a legacy transaction cannot carry EIP-1559 fees')
  }
  return fields
}

/** Fills, signs and broadcasts one transaction; resolves with its hash. */
export function sendTransaction(
  state: WalletState,
  key: LocalAccount,
  chain: ChainState,
  tx: TxFields,
): Promise<Hex> {
  const from = key.address
  const rpc = (method: string, params: unknown) => chainRpc(state, chain, method, params)
  const run = async (): Promise<Hex> => {
    const nonce =
      tx.nonce ?? Number(hexToBigInt((await rpc('eth_getTransactionCount', [from, 'pending'])) as Hex))
    const gas =
      tx.gas ??
      hexToBigInt(
        (await rpc('eth_estimateGas', [
          {
            from,
            ...(tx.to ? { to: tx.to } : {}),
            ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
            ...(tx.data ? { data: tx.data } : {}),
          },
        ])) as Hex,
      )
    const common = {
      chainId: chain.chainId,
      nonce,
      gas,
      ...(tx.to ? { to: tx.to } : {}),
      value: tx.value ?? 0n,
      ...(tx.data ? { data: tx.data } : {}),
    }
    const accessList = tx.accessList ? { accessList: tx.accessList } : {}
    let serializable: TransactionSerializable
    const block = tx.legacy
      ? undefined
      : ((await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null)
    if (tx.legacy || !block?.baseFeePerGas) {
      const gasPrice = tx.gasPrice ?? hexToBigInt((await rpc('eth_gasPrice', [])) as Hex)
      serializable = tx.accessList
        ? { ...common, type: 'eip2930', gasPrice, accessList: tx.accessList }
        : { ...common, type: 'legacy', gasPrice }
    } else {
      const baseFee = hexToBigInt(block.baseFeePerGas)
      let priority = tx.maxPriorityFeePerGas
      if (priority === undefined) {
        try {
          priority = hexToBigInt((await rpc('eth_maxPriorityFeePerGas', [])) as Hex)
        } catch {
          priority = 1_000_000_000n
        }
      }
      const maxFeePerGas = tx.maxFeePerGas ?? baseFee * 2n + priority
      if (priority > maxFeePerGas) priority = maxFeePerGas
      serializable = {
        ...common,
        ...accessList,
        type: 'eip1559',
        maxFeePerGas,
        maxPriorityFeePerGas: priority,
      }
    }
    const signed = await key.signTransaction(serializable)
    return (await rpc('eth_sendRawTransaction', [signed])) as Hex
  }
  // Queued per chain endpoint and sender, across wallet instances, so two sends never take the same nonce.
  const queueKey = `${chain.rpcUrl}|${from}`
  const previous = sendQueues.get(queueKey) ?? Promise.resolve()
  const result = previous.then(run, run)
  const settled = result.then(
    () => undefined,
    () => undefined,
  )
  sendQueues.set(queueKey, settled)
  void settled.then(() => {
    if (sendQueues.get(queueKey) === settled) sendQueues.delete(queueKey)
  })
  return result
}

export function transactionHandlers(state: WalletState): MethodHandlers {
  return {
    eth_sendTransaction: async (params, entry) => {
      const [tx] = paramsArray(params, 'eth_sendTransaction', 1)
      if (!isObject(tx)) throw invalidParams('expected [transaction]')
      const key = senderKey(state, tx.from)
      const fields = parseTxFields(tx)
      // The transaction is bound to the chain the wallet is on when the request arrives.
      const chain = currentChain(state)
      if (tx.chainId !== undefined && tx.chainId !== null && parseChainId(tx.chainId) !== chain.chainId) {
        throw invalidParams(
          `The transaction's chainId ${parseChainId(tx.chainId)} does not match the wallet's current chain ${chain.chainId}`,
        )
      }
      await state.approvals.prompt(entry)
      keyFor(state, key.address, 'from')
      return sendTransaction(state, key, chain, fields)
    },
  }
}
