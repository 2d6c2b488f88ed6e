import type { SignableMessage } from '@latchkey/core'
import { base58Decode, messageBytes } from './encoding.js'

/**
 * Checks an ed25519 signature (base58) of a message by a Solana address with Web Crypto (Node 20+ and current
 * browsers). False for a malformed address or signature; never throws for bad input.
 */
export async function verifyEd25519(params: {
  address: string
  message: SignableMessage
  signature: string
}): Promise<boolean> {
  let publicKey: Uint8Array
  let signature: Uint8Array
  let data: Uint8Array
  try {
    publicKey = base58Decode(params.address)
    signature = base58Decode(params.signature)
    data = messageBytes(params.message)
  } catch {
    return false
  }
  if (publicKey.length !== 32 || signature.length !== 64) return false
  const subtle = globalThis.crypto?.subtle
  if (!subtle) throw new Error('Web Crypto is not available to verify an ed25519 signature')
  const key = await subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, ['verify'])
  return subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, data as BufferSource)
}
