// How a send is estimated, checked against the chain and handed to the adapter, per namespace: native and ERC-20
// transfers on eip155 (USDT-style tokens through their own ABI), SOL and SPL transfers on solana.
import type { ChainAdapter, SendTransactionResult } from '../adapter/adapter.js'
import { erc20AbiFor } from '../eip155/abi.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import * as SendMessages from '../errors/messages-send.js'
import type { CaipNetwork } from '../networks/define.js'
import type { TokenBalance } from '../services/types.js'
import { formatUnits, parseUnits } from '../utils/units.js'
import type { SendChain } from './send-chain.js'
import type { SendFee } from './types.js'
import { isReceiverAddress } from './validate.js'

/** One send, checked: the adapter, the network, who sends what to whom, in base units. */
export interface SendPlan {
  adapter: ChainAdapter
  network: CaipNetwork
  from: string
  /** The receiver as typed (a native recipient may not look like an address: the wallet has the last word). */
  to: string
  token: TokenBalance
  /** The amount in the token's base units. */
  units: bigint
}

/** The namespaces the kit sends on (SPEC §9 "Supported namespaces": send eip155 and solana). */
export const SEND_NAMESPACES = ['eip155', 'solana'] as const

/** The contract (eip155) or mint (solana) of a token, from its `chain:address` id; undefined for the native currency. */
function contractOf(token: TokenBalance): string | undefined {
  if (token.address === undefined) return undefined
  const prefix = `${token.chainId}:`
  return token.address.startsWith(prefix)
    ? token.address.slice(prefix.length)
    : token.address.split(':').pop()
}

const decimalsOf = (token: TokenBalance): number => {
  const decimals = Number(token.quantity.decimals)
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : 0
}

/** The amount in base units, or 0n when the text is not a positive amount of the token. */
export function unitsOf(token: TokenBalance, amount: string | undefined): bigint {
  try {
    const units = parseUnits((amount ?? '').trim(), decimalsOf(token))
    return units > 0n ? units : 0n
  } catch {
    return 0n
  }
}

/** ERC-20 `transfer(address,uint256)` calldata. */
function transferData(to: string, units: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${units.toString(16).padStart(64, '0')}`
}

/**
 * The fee of sending `plan` now, in the native currency. eip155: the adapter's gas estimate times the fees per gas
 * the send will pass (so "Max" leaves exactly this); solana: the cluster's fee for the message.
 * @throws the adapter's or the chain's error.
 */
export async function estimateSendFee(plan: SendPlan, chain: SendChain): Promise<SendFee> {
  const { adapter, network, from, token } = plan
  const native = network.nativeCurrency
  const contract = contractOf(token)
  // An amount above the balance is refused by the form; the estimate uses at most the balance, so it still answers.
  const balance = unitsOf(token, token.quantity.numeric)
  let units = plan.units
  if (units > balance) units = balance
  // Where the receiver is not (yet) an address, the estimate sends to the sender: the fee is the same.
  const to = isReceiverAddress(network.chainNamespace, plan.to) ? plan.to : from
  if (network.chainNamespace === 'solana') {
    const fee = await adapter.estimateGas({ to, value: contract ? 0n : units, from, network })
    return { value: formatUnits(fee, native.decimals), symbol: native.symbol, units: fee }
  }
  const [limit, fees] = await Promise.all([
    contract
      ? adapter.estimateGas({ to: contract, data: transferData(to, units), from, network })
      : adapter.estimateGas({ to, value: units, from, network }),
    chain.gasFees(network),
  ])
  const fee = limit * fees.maxFeePerGas
  return {
    value: formatUnits(fee, native.decimals),
    symbol: native.symbol,
    units: fee,
    gas: { limit, ...fees },
  }
}

/**
 * The chain's own rules a form check cannot see: on solana, a SOL transfer to an account that does not exist must
 * fund it to the rent-exempt minimum, and the sender may empty its account but not leave less than that minimum.
 * Returns the problem's message, or undefined. @throws the chain's error.
 */
export async function chainProblem(
  plan: SendPlan,
  chain: SendChain,
  fee?: SendFee,
): Promise<string | undefined> {
  const { network, token } = plan
  if (network.chainNamespace !== 'solana' || token.address !== undefined) return undefined
  if (!isReceiverAddress('solana', plan.to)) return undefined
  const { decimals, symbol } = network.nativeCurrency
  const [minimum, receiverBalance, senderBalance] = await Promise.all([
    chain.rentExemptMinimum(network),
    chain.lamports(network, plan.to),
    chain.lamports(network, plan.from),
  ])
  if (receiverBalance === 0n && plan.units < minimum) {
    return SendMessages.rentExemptReceiver(formatUnits(minimum, decimals), symbol)
  }
  const left = senderBalance - plan.units - (fee?.units ?? 0n)
  if (left > 0n && left < minimum)
    return SendMessages.rentExemptSender(formatUnits(minimum, decimals), symbol)
  return undefined
}

/**
 * Hands the send to the adapter: eip155 native (with the estimate's gas and fees) or ERC-20 `transfer`; solana SOL
 * or SPL (the adapter creates the receiver's token account when needed).
 * @throws LatchkeyError 'Unsupported chain' outside eip155 and solana; the adapter's or the wallet's error.
 */
export async function dispatchSend(plan: SendPlan, fee?: SendFee): Promise<SendTransactionResult> {
  const { adapter, network, token, units, to } = plan
  const namespace = network.chainNamespace
  const contract = contractOf(token)
  if (namespace === 'eip155') {
    if (!contract) {
      return adapter.sendTransaction({
        to,
        value: units,
        network,
        ...(fee?.gas
          ? {
              gas: fee.gas.limit,
              maxFeePerGas: fee.gas.maxFeePerGas,
              maxPriorityFeePerGas: fee.gas.maxPriorityFeePerGas,
            }
          : {}),
      })
    }
    if (!adapter.writeContract) {
      throw new LatchkeyError(SendMessages.tokenSendUnsupported(namespace), { code: 'UNSUPPORTED_OPERATION' })
    }
    return adapter.writeContract({
      address: contract,
      abi: erc20AbiFor(network.caipNetworkId, contract),
      functionName: 'transfer',
      args: [to, units],
      network,
    })
  }
  if (namespace === 'solana') {
    if (!contract) return adapter.sendTransaction({ to, value: units, network })
    if (!adapter.sendSplTransfer) {
      throw new LatchkeyError(SendMessages.tokenSendUnsupported(namespace), { code: 'UNSUPPORTED_OPERATION' })
    }
    return adapter.sendSplTransfer({ mint: contract, to, amount: units, network })
  }
  throw new LatchkeyError(Messages.unsupportedChain, { code: 'UNSUPPORTED_CHAIN' })
}
