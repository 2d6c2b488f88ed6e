/**
 * `describeRequest`: what a request that needs the visitor's approval will do, as a summary the card shows (pure, no
 * DOM). Only the methods below have an approval; any other method, or malformed params, throws
 * {@link ApprovalDecodeError} naming the param.
 */
import { describePersonalSign, describeSendCalls, describeSendTransaction } from './describe-evm.js'
import {
  describeSolanaMessage,
  describeSolanaTransaction,
  describeSolanaTransactions,
} from './describe-solana.js'
import { describeTypedData } from './describe-typed-data.js'
import { ApprovalDecodeError, type ApprovalSummary, type DescribeInput, quote } from './model.js'

type Describer = (input: DescribeInput) => ApprovalSummary

const DESCRIBERS: ReadonlyMap<string, { namespace: 'eip155' | 'solana'; describe: Describer }> = new Map([
  ['personal_sign', { namespace: 'eip155', describe: describePersonalSign }],
  ['eth_signTypedData_v4', { namespace: 'eip155', describe: describeTypedData }],
  ['eth_sendTransaction', { namespace: 'eip155', describe: describeSendTransaction }],
  ['wallet_sendCalls', { namespace: 'eip155', describe: describeSendCalls }],
  ['solana_signMessage', { namespace: 'solana', describe: describeSolanaMessage }],
  ['solana_signTransaction', { namespace: 'solana', describe: describeSolanaTransaction }],
  ['solana_signAndSendTransaction', { namespace: 'solana', describe: describeSolanaTransaction }],
  ['solana_signAllTransactions', { namespace: 'solana', describe: describeSolanaTransactions }],
])

/**
 * The approval summary of one request.
 * @throws ApprovalDecodeError for a method without an approval, a chain of the other namespace, or malformed params
 */
export function describeRequest(input: DescribeInput): ApprovalSummary {
  const method = typeof input.method === 'string' ? input.method : String(input.method)
  const entry = DESCRIBERS.get(method)
  if (!entry) throw new ApprovalDecodeError(`method ${quote(method)} has no approval`)
  if (input.chain.namespace !== entry.namespace) {
    throw new ApprovalDecodeError(
      `method ${method} needs a chain of namespace ${entry.namespace}, not ${input.chain.namespace}`,
    )
  }
  return entry.describe(input)
}
