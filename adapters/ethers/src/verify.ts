import { LatchkeyError, type SignableMessage } from '@latchkey/core'
import { ERC1271_ABI, ERC1271_MAGIC_VALUE } from '@latchkey/core/eip155'
import {
  type AbstractProvider,
  Contract,
  getBytes,
  hashMessage,
  isAddress,
  isError,
  verifyMessage,
} from 'ethers'
import { readError } from './errors.js'

/** The bytes or text ethers signs for a kit message: text as UTF-8, `raw` as its bytes. */
export function messageData(message: SignableMessage): string | Uint8Array {
  if (typeof message === 'string') return message
  if (typeof message?.raw === 'string') {
    try {
      return getBytes(message.raw)
    } catch (cause) {
      throw new LatchkeyError('The raw message is not hex bytes', { code: 'INVALID_PARAMS', cause })
    }
  }
  if (message?.raw instanceof Uint8Array) return message.raw
  throw new LatchkeyError('The message must be text or { raw: bytes }', { code: 'INVALID_PARAMS' })
}

/**
 * Checks an EIP-191 signature of `message` for `address`: an EOA signature recovered with ethers'
 * `verifyMessage`, else, when the address has code, the contract's ERC-1271 `isValidSignature` of the
 * message's EIP-191 hash. False for a malformed signature or a contract that reverts.
 * @throws LatchkeyError INVALID_PARAMS for a malformed address or message; HttpRequestError / ProviderRpcError
 * when the chain cannot be read.
 */
export async function verifySignature(params: {
  provider: AbstractProvider
  address: string
  message: SignableMessage
  signature: string
}): Promise<boolean> {
  const { provider, address, signature } = params
  if (!isAddress(address)) {
    throw new LatchkeyError(`${String(address)} is not an EVM address`, { code: 'INVALID_PARAMS' })
  }
  const data = messageData(params.message)
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]*$/.test(signature)) return false
  if (recovers(data, signature, address)) return true
  let code: string
  try {
    code = await provider.getCode(address)
  } catch (error) {
    throw readError(error)
  }
  if (code === '0x') return false
  try {
    const contract = new Contract(address, ERC1271_ABI, provider)
    const isValidSignature = contract.getFunction('isValidSignature')
    const answer: unknown = await isValidSignature(hashMessage(data), signature)
    return typeof answer === 'string' && answer.toLowerCase() === ERC1271_MAGIC_VALUE
  } catch (error) {
    // A contract that reverts or answers garbage does not vouch for the signature; a dead node is an error.
    if (isError(error, 'CALL_EXCEPTION') || isError(error, 'BAD_DATA')) return false
    throw readError(error)
  }
}

function recovers(data: string | Uint8Array, signature: string, address: string): boolean {
  try {
    return verifyMessage(data, signature).toLowerCase() === address.toLowerCase()
  } catch {
    return false
  }
}
