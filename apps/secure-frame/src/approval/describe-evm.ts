/**
 * The EVM methods' approvals: personal_sign, eth_sendTransaction and wallet_sendCalls (eth_signTypedData_v4 is in
 * describe-typed-data.ts). A message in 0x hex is bytes; calldata of an ERC-20 transfer, transferFrom or approve is
 * decoded.
 */
import { decodeFunctionData, erc20Abi, getAddress, type Hex, hexToBytes, maxUint256 } from 'viem'
import { utf8Bytes } from './bytes.js'
import {
  address,
  checksummedOrRaw,
  HEX_BYTES,
  hexData,
  isOtherChain,
  optionalAddress,
  paramsArray,
  quantity,
  sameAddress,
} from './evm-params.js'
import { describeMessage } from './message.js'
import type { ApprovalRow, ApprovalSection, ApprovalSummary, DescribeInput, Fields } from './model.js'
import { fail, isRecord, nativeAmount, networkName, row } from './model.js'

/** At most this many calls in one wallet_sendCalls. */
const MAX_CALLS = 100

// ---------------------------------------------------------------------------------------------------------------
// personal_sign

export function describePersonalSign(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 2)
  const message = params[0]
  if (typeof message !== 'string') fail('params[0]', 'must be a 0x hex string or text')
  const signer = address(params[1], 'params[1]')
  const bytes = HEX_BYTES.test(message) ? hexToBytes(message as Hex) : utf8Bytes(message)
  return describeMessage(input, bytes, signer, !sameAddress(signer, input.account))
}

// ---------------------------------------------------------------------------------------------------------------
// eth_sendTransaction and wallet_sendCalls

interface DecodedCall {
  /** The call's own rows: To, Value, what its data is. */
  rows: ApprovalRow[]
  /** A decoded ERC-20 call, when the data is one. */
  token?: ApprovalRow[]
  warnings: string[]
  value: bigint
}

/** `data` as an ERC-20 transfer, transferFrom or approve: its rows and warnings, else undefined. */
function decodeTokenCall(to: string, data: Hex): { rows: ApprovalRow[]; warnings: string[] } | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
  const rows = [row('Token contract', to, true), row('Function', decoded.functionName)]
  switch (decoded.functionName) {
    case 'transfer': {
      const [recipient, value] = decoded.args
      rows.push(
        row('Recipient', getAddress(recipient), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: [] }
    }
    case 'transferFrom': {
      const [from, recipient, value] = decoded.args
      rows.push(
        row('From', getAddress(from), true),
        row('Recipient', getAddress(recipient), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: [] }
    }
    case 'approve': {
      const [spender, value] = decoded.args
      rows.push(
        row('Spender', getAddress(spender), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: value === maxUint256 ? ['Unlimited token approval'] : [] }
    }
    default:
      return undefined
  }
}

function readCall(call: Fields, path: string, request: DescribeInput): DecodedCall {
  const to = optionalAddress(call.to, `${path}.to`)
  const value = quantity(call.value, `${path}.value`) ?? 0n
  let data = hexData(call.data, `${path}.data`)
  const input = hexData(call.input, `${path}.input`)
  if (data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase()) {
    fail(path, 'has data and input that differ')
  }
  data ??= input
  const rows: ApprovalRow[] = []
  const warnings: string[] = []
  rows.push(row('To', to ?? 'New contract', to !== undefined))
  if (to === undefined) warnings.push('Contract creation')
  rows.push(row('Value', nativeAmount(value, request.chain), true))
  const size = data === undefined ? 0 : (data.length - 2) / 2
  let token: ApprovalRow[] | undefined
  if (data !== undefined && size > 0) {
    if (to === undefined) {
      rows.push(row('Contract code', `${size} bytes`))
    } else {
      const decoded = size >= 4 ? decodeTokenCall(to, data) : undefined
      if (decoded) {
        token = decoded.rows
        warnings.push(...decoded.warnings)
      } else if (size >= 4) {
        rows.push(
          row('Contract call', `selector ${data.slice(0, 10).toLowerCase()}, ${size} bytes of data`, true),
        )
      } else {
        rows.push(row('Data', `${size} bytes`, true))
      }
    }
  }
  const result: DecodedCall = { rows, warnings, value }
  if (token) result.token = token
  return result
}

export function describeSendTransaction(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 1)
  const tx = params[0]
  if (!isRecord(tx)) fail('params[0]', 'must be a transaction object')
  const from = optionalAddress(tx.from, 'params[0].from')
  const call = readCall(tx, 'params[0]', input)
  const warnings: string[] = []
  if (from !== undefined && !sameAddress(from, input.account)) {
    warnings.push(`This transaction is from another account (${from})`)
  }
  const chainId = quantity(tx.chainId, 'params[0].chainId')
  if (chainId !== undefined && isOtherChain(chainId, input.chain)) {
    warnings.push(`The transaction names chain ${chainId}, not ${networkName(input.chain)}`)
  }
  if (Array.isArray(tx.authorizationList) && tx.authorizationList.length > 0) {
    warnings.push('The transaction delegates this account to a contract (EIP-7702)')
  }
  warnings.push(...call.warnings)
  const rows = [row('From', from ?? checksummedOrRaw(input.account), true), ...call.rows]
  rows.push(row('Network', networkName(input.chain)))
  const gas = quantity(tx.gas, 'params[0].gas')
  const price =
    quantity(tx.maxFeePerGas, 'params[0].maxFeePerGas') ?? quantity(tx.gasPrice, 'params[0].gasPrice')
  quantity(tx.maxPriorityFeePerGas, 'params[0].maxPriorityFeePerGas')
  quantity(tx.nonce, 'params[0].nonce')
  if (gas !== undefined) rows.push(row('Gas limit', gas.toString(), true))
  if (gas !== undefined && price !== undefined)
    rows.push(row('Max network fee', nativeAmount(gas * price, input.chain), true))
  const sections: ApprovalSection[] = [{ title: 'Transaction', rows }]
  if (call.token) sections.push({ title: 'Token call', rows: call.token })
  return { method: input.method, title: 'Send a transaction', sections, warnings }
}

export function describeSendCalls(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 1)
  const batch = params[0]
  if (!isRecord(batch)) fail('params[0]', 'must be an object with calls')
  if (typeof batch.version !== 'string' || batch.version === '') fail('params[0].version', 'must be a string')
  const from = optionalAddress(batch.from, 'params[0].from')
  const chainId = quantity(batch.chainId, 'params[0].chainId')
  if (batch.atomicRequired !== undefined && typeof batch.atomicRequired !== 'boolean') {
    fail('params[0].atomicRequired', 'must be true or false')
  }
  const calls = batch.calls
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_CALLS) {
    fail('params[0].calls', `must be an array of 1 to ${MAX_CALLS} calls`)
  }
  const warnings: string[] = []
  if (from !== undefined && !sameAddress(from, input.account)) {
    warnings.push(`These calls are from another account (${from})`)
  }
  if (chainId !== undefined && isOtherChain(chainId, input.chain)) {
    warnings.push(`The calls name chain ${chainId}, not ${networkName(input.chain)}`)
  }
  let total = 0n
  const sections: ApprovalSection[] = []
  calls.forEach((call: unknown, index) => {
    const path = `params[0].calls[${index}]`
    if (!isRecord(call)) fail(path, 'must be an object')
    const decoded = readCall(call, path, input)
    total += decoded.value
    for (const warning of decoded.warnings) warnings.push(`${warning} (call ${index + 1})`)
    const rows = [...decoded.rows]
    if (decoded.token) rows.push(...decoded.token.filter((each) => each.label !== 'Token contract'))
    sections.push({ title: `Call ${index + 1}`, rows })
  })
  const overview = [
    row('From', from ?? checksummedOrRaw(input.account), true),
    row('Network', networkName(input.chain)),
    row('Total value', nativeAmount(total, input.chain), true),
  ]
  if (batch.atomicRequired !== undefined) {
    overview.push(row('All or nothing', batch.atomicRequired ? 'required' : 'not required'))
  }
  sections.unshift({ title: 'Calls', rows: overview })
  return {
    method: input.method,
    title: `Send ${calls.length} call${calls.length === 1 ? '' : 's'}`,
    sections,
    warnings,
  }
}
