import { LatchkeyError, type SignTypedDataParams, type WriteContractParams } from '@latchkey/core'
import { Interface, type InterfaceAbi, TypedDataEncoder, type TypedDataField } from 'ethers'

function invalid(message: string, cause?: unknown): LatchkeyError {
  return new LatchkeyError(message, { code: 'INVALID_PARAMS', cause })
}

/**
 * The call data of a contract call, encoded with ethers' Interface. Only the inputs matter, so an ABI whose
 * function returns nothing (USDT's `transfer`) encodes like any other.
 * @throws LatchkeyError INVALID_PARAMS for an ABI ethers cannot read, a function it does not have (or has
 * several of), arguments that do not fit, or a value sent to a non-payable function.
 */
export function encodeCall(params: WriteContractParams): `0x${string}` {
  let contract: Interface
  try {
    contract = new Interface(params.abi as InterfaceAbi)
  } catch (cause) {
    throw invalid('The ABI is not a valid contract ABI', cause)
  }
  let fragment: ReturnType<Interface['getFunction']>
  try {
    fragment = contract.getFunction(params.functionName)
  } catch (cause) {
    throw invalid(
      `The ABI has several functions named ${params.functionName}: name one by its signature`,
      cause,
    )
  }
  if (!fragment) throw invalid(`The ABI has no function ${String(params.functionName).slice(0, 64)}`)
  if ((params.value ?? 0n) > 0n && !fragment.payable) {
    throw invalid(`${fragment.name} is not payable: it cannot receive a value`)
  }
  try {
    return contract.encodeFunctionData(fragment, [...(params.args ?? [])]) as `0x${string}`
  } catch (cause) {
    throw invalid(`The arguments do not fit ${fragment.format('sighash')}`, cause)
  }
}

/**
 * The parts ethers' `signTypedData(domain, types, message)` takes: the types without `EIP712Domain` (ethers
 * derives it from the domain), checked by encoding them once.
 * @throws LatchkeyError INVALID_PARAMS for types ethers cannot encode, or a `primaryType` other than the one
 * the types lead to (ethers signs only that one).
 */
export function typedDataParts(params: SignTypedDataParams): {
  domain: Record<string, unknown>
  types: Record<string, TypedDataField[]>
  message: Record<string, unknown>
} {
  const { EIP712Domain: _domainType, ...rest } = params.types ?? {}
  const types = Object.fromEntries(
    Object.entries(rest).map(([name, fields]) => [name, fields.map((field) => ({ ...field }))]),
  )
  let primaryType: string
  try {
    primaryType = TypedDataEncoder.from(types).primaryType
    TypedDataEncoder.hash(params.domain, types, params.message)
  } catch (cause) {
    throw invalid('The typed data does not match its types', cause)
  }
  if (params.primaryType !== primaryType) {
    throw invalid(
      `primaryType ${String(params.primaryType).slice(0, 64)} is not the root type ${primaryType}`,
    )
  }
  return { domain: params.domain, types, message: params.message }
}
