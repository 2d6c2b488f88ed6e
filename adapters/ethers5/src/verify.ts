import { HttpRequestError, type SignableMessage, TimeoutError } from '@latchkey/core'
import { ERC1271_ABI, ERC1271_MAGIC_VALUE } from '@latchkey/core/eip155'
import type { providers } from 'ethers5'
import { invalidParams, readError, reading } from './errors.js'
import type { EthersLib } from './ethers.js'

/** The bytes (or UTF-8 text) ethers signs and hashes for a message. */
export function messageBytes({ utils }: EthersLib, message: SignableMessage): string | Uint8Array {
  if (typeof message === 'string') return message
  if (message.raw instanceof Uint8Array) return message.raw
  if (!utils.isHexString(message.raw)) throw invalidParams('A raw message must be bytes or 0x hex')
  return utils.arrayify(message.raw)
}

/** The signer ethers recovers from an EIP-191 signature, or undefined for a malformed one. */
function recoverSigner(
  { utils }: EthersLib,
  message: string | Uint8Array,
  signature: string,
): string | undefined {
  try {
    return utils.verifyMessage(message, signature)
  } catch {
    return undefined
  }
}

/**
 * Checks an EIP-191 (personal_sign) signature with ethers v5: true when it recovers to `address`, else, when
 * `address` holds code, when its ERC-1271 `isValidSignature(hashMessage(message), signature)` answers the
 * magic value. A revert (or a malformed answer) of that call is a false, not an error.
 * @throws LatchkeyError INVALID_PARAMS for a malformed address; core's transport errors when the RPC fails.
 */
export async function verifyMessageSignature(
  ethers: EthersLib,
  provider: providers.BaseProvider,
  params: { address: string; message: SignableMessage; signature: string },
): Promise<boolean> {
  const { Contract, utils } = ethers
  if (!utils.isAddress(params.address)) throw invalidParams(`Invalid address: ${params.address}`)
  const address = utils.getAddress(params.address)
  const message = messageBytes(ethers, params.message)
  if (recoverSigner(ethers, message, params.signature) === address) return true
  const code = await reading(() => provider.getCode(address))
  if (code === '0x') return false
  if (!utils.isHexString(params.signature)) return false
  const account = new Contract(address, ERC1271_ABI, provider)
  try {
    const answer: unknown = await account.isValidSignature(utils.hashMessage(message), params.signature)
    return typeof answer === 'string' && answer.toLowerCase() === ERC1271_MAGIC_VALUE
  } catch (error) {
    // The RPC failing is an error; the account reverting or answering garbage is a signature it rejects.
    const converted = readError(error)
    if (converted instanceof HttpRequestError || converted instanceof TimeoutError) throw converted
    return false
  }
}
