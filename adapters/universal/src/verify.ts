// Signature checks without a chain SDK: eip155 through viem (EOA, ERC-1271 and ERC-6492 over the network's RPC,
// loaded only when asked), solana with Ed25519, bip122 BIP-137 ("Bitcoin Signed Message") with secp256k1 public
// key recovery. A malformed signature is false, never an exception: it is hostile input like any other.
import { type CaipNetwork, LatchkeyError, rpcUrlsFor, type SignableMessage } from '@latchkey/core'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base58, base58check, base64, bech32, hex, utf8 } from '@scure/base'

/** The bytes of a message to sign or check. */
export function messageBytes(message: SignableMessage): Uint8Array {
  if (typeof message === 'string') return utf8.decode(message)
  const { raw } = message
  if (typeof raw === 'string') {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(raw))
      throw new LatchkeyError('A raw message must be 0x-prefixed hex', { code: 'INVALID_PARAMS' })
    return hex.decode(raw.slice(2).toLowerCase())
  }
  if (raw instanceof Uint8Array) return raw
  throw new LatchkeyError('The message must be text or { raw }', { code: 'INVALID_PARAMS' })
}

/** eip155: any signature viem accepts for the address (an EOA, or a smart account through ERC-1271 / ERC-6492). */
export async function verifyEvmMessage(
  params: { address: string; message: SignableMessage; signature: string; network: CaipNetwork },
  customRpcUrls?: Parameters<typeof rpcUrlsFor>[1],
): Promise<boolean> {
  const { createPublicClient, http, isAddress, isHex } = await import('viem')
  if (!isAddress(params.address, { strict: false }) || !isHex(params.signature)) return false
  const url = rpcUrlsFor(params.network, customRpcUrls)[0]
  if (!url)
    throw new LatchkeyError(`No RPC URL for ${params.network.caipNetworkId}`, { code: 'NETWORK_NOT_FOUND' })
  const client = createPublicClient({ transport: http(url, { retryCount: 1 }) })
  const message = typeof params.message === 'string' ? params.message : { raw: messageBytes(params.message) }
  try {
    return await client.verifyMessage({ address: params.address, message, signature: params.signature })
  } catch {
    return false
  }
}

/** solana: an Ed25519 signature (base58) of the message bytes by the address's key. */
export function verifySolanaMessage(address: string, message: SignableMessage, signature: string): boolean {
  try {
    const key = base58.decode(address)
    const sig = base58.decode(signature)
    return key.length === 32 && sig.length === 64 && ed25519.verify(sig, messageBytes(message), key)
  } catch {
    return false
  }
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

const hash160 = (data: Uint8Array) => ripemd160(sha256(data))
const MAGIC = utf8.decode('Bitcoin Signed Message:\n')

/** What one Bitcoin network's addresses start with. */
interface AddressParams {
  hrp: string
  p2pkh: number
  p2sh: number
}

/** The address prefixes of an address's network, read from the address itself. */
function paramsOf(address: string): AddressParams | undefined {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 }
  if (lower.startsWith('tb1') || /^[mn2]/.test(address)) return { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 }
  if (lower.startsWith('bc1') || /^[13]/.test(address)) return { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 }
  return undefined
}

/** The addresses a public key has on a network: P2PKH, P2SH-P2WPKH and P2WPKH. */
function addressesOf(publicKey: Uint8Array, params: AddressParams): string[] {
  const keyHash = hash160(publicKey)
  const check = base58check(sha256)
  const withVersion = (version: number, payload: Uint8Array) =>
    check.encode(Uint8Array.of(version, ...payload))
  const witness = Uint8Array.of(0x00, 0x14, ...keyHash)
  return [
    withVersion(params.p2pkh, keyHash),
    withVersion(params.p2sh, hash160(witness)),
    bech32.encode(params.hrp, [0, ...bech32.toWords(keyHash)]),
  ]
}

/**
 * bip122: a BIP-137 signature (65 bytes, base64 or hex) of the message by the address's key. The header byte's
 * address type is not trusted: the recovered key must own the address as P2PKH, P2SH-P2WPKH or P2WPKH, as
 * wallets that sign segwit addresses with a legacy header expect.
 * @throws LatchkeyError UNSUPPORTED_OPERATION for a BIP-322 signature (a serialized witness): check those with
 * `@latchkey/adapter-bitcoin`.
 */
export function verifyBitcoinMessage(address: string, message: SignableMessage, signature: string): boolean {
  let bytes: Uint8Array
  try {
    bytes = /^(0x)?[0-9a-fA-F]{130}$/.test(signature)
      ? hex.decode(signature.replace(/^0x/, '').toLowerCase())
      : base64.decode(signature)
  } catch {
    return false
  }
  const header = bytes[0] ?? 0
  if (bytes.length !== 65 || header < 27 || header > 42) {
    throw new LatchkeyError('BIP-322 signatures are checked by @latchkey/adapter-bitcoin', {
      code: 'UNSUPPORTED_OPERATION',
    })
  }
  const params = paramsOf(address)
  if (!params) return false
  try {
    const text = messageBytes(message)
    const digest = sha256(
      sha256(Uint8Array.from([...varint(MAGIC.length), ...MAGIC, ...varint(text.length), ...text])),
    )
    const recovery = (header - 27) & 3
    const point = secp256k1.Signature.fromCompact(bytes.slice(1))
      .addRecoveryBit(recovery)
      .recoverPublicKey(digest)
    const compressed = header >= 31
    const candidates = compressed
      ? addressesOf(point.toRawBytes(true), params)
      : [base58check(sha256).encode(Uint8Array.of(params.p2pkh, ...hash160(point.toRawBytes(false))))]
    return candidates.some((candidate) => candidate.toLowerCase() === address.toLowerCase())
  } catch {
    return false
  }
}
