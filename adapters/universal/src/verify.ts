// Signature checks without a chain SDK: eip155 through viem (EOA, ERC-1271 and ERC-6492 over the network's RPC,
// loaded only when asked), solana with Ed25519, bip122 BIP-137 ("Bitcoin Signed Message") with secp256k1 public
// key recovery, polkadot Ed25519 or Sr25519 (@scure/sr25519, loaded only when asked) by an SS58 address's key,
// cosmos ADR-036 (secp256k1 over the amino sign doc) by a bech32 address's key. A malformed signature is false,
// never an exception: it is hostile input like any other.
import { type CaipNetwork, LatchkeyError, rpcUrlsFor, type SignableMessage } from '@latchkey/core'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2'
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

// ---- polkadot ----

const SS58_CONTEXT = utf8.decode('SS58PRE')
const BYTES_OPEN = utf8.decode('<Bytes>')
const BYTES_CLOSE = utf8.decode('</Bytes>')

/**
 * The 32-byte public key an SS58 address names, or undefined when it is not one: base58 of a network prefix (one
 * byte below 64, or two bytes whose first is 64 to 127), the key, and the first two bytes of
 * blake2b-512("SS58PRE" ‖ prefix ‖ key).
 */
function ss58PublicKey(address: string): Uint8Array | undefined {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return undefined
  }
  const first = bytes[0] ?? 0xff
  const prefixLength = first < 64 ? 1 : first < 128 ? 2 : 0
  if (prefixLength === 0 || bytes.length !== prefixLength + 32 + 2) return undefined
  const body = bytes.subarray(0, prefixLength + 32)
  const checksum = blake2b(Uint8Array.from([...SS58_CONTEXT, ...body]), { dkLen: 64 })
  if (checksum[0] !== bytes[prefixLength + 32] || checksum[1] !== bytes[prefixLength + 33]) return undefined
  return bytes.slice(prefixLength, prefixLength + 32)
}

type PolkadotScheme = 'ed25519' | 'sr25519'

/**
 * A polkadot signature's bytes and the schemes it may be: 64 bytes (Ed25519 or Sr25519), or 65 whose first byte
 * names the scheme (0x00 Ed25519, 0x01 Sr25519). Undefined for anything else: not 0x-hex, another length, or another
 * type byte (0x02, ECDSA, is not checked here).
 */
export function polkadotSignature(
  signature: string,
): { bytes: Uint8Array; schemes: readonly PolkadotScheme[] } | undefined {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(signature)) return undefined
  const bytes = hex.decode(signature.slice(2).toLowerCase())
  if (bytes.length === 64) return { bytes, schemes: ['ed25519', 'sr25519'] }
  // The type byte is a MultiSignature's variant index.
  const scheme = bytes[0] === 0x00 ? 'ed25519' : bytes[0] === 0x01 ? 'sr25519' : undefined
  if (bytes.length === 65 && scheme) return { bytes: bytes.slice(1), schemes: [scheme] }
  return undefined
}

/**
 * polkadot: an Ed25519 or Sr25519 signature (0x-hex, see `polkadotSignature`) by the key the SS58 address names, of
 * the message bytes or of them wrapped in `<Bytes>…</Bytes>` (what polkadot.js extension wallets sign for `signRaw`).
 * Sr25519 uses the "substrate" signing context, as every Substrate wallet does.
 */
export async function verifyPolkadotMessage(
  address: string,
  message: SignableMessage,
  signature: string,
): Promise<boolean> {
  const key = ss58PublicKey(address)
  const parsed = polkadotSignature(signature)
  if (!key || !parsed) return false
  let bytes: Uint8Array
  try {
    bytes = messageBytes(message)
  } catch {
    return false
  }
  const candidates = [bytes, Uint8Array.from([...BYTES_OPEN, ...bytes, ...BYTES_CLOSE])]
  const sr25519 = parsed.schemes.includes('sr25519') ? await import('@scure/sr25519') : undefined
  return candidates.some((candidate) =>
    parsed.schemes.some((scheme) => {
      try {
        return scheme === 'ed25519'
          ? ed25519.verify(parsed.bytes, candidate, key)
          : sr25519?.verify(candidate, parsed.bytes, key) === true
      } catch {
        return false
      }
    }),
  )
}

// ---- cosmos ----

/**
 * Whether a compressed secp256k1 public key is the bech32 address's: ripemd160(sha256(key)) under the address's
 * prefix.
 */
export function cosmosKeyOwns(address: string, publicKey: Uint8Array): boolean {
  try {
    const { prefix } = bech32.decode(address as `${string}1${string}`)
    return bech32.encode(prefix, bech32.toWords(hash160(publicKey))) === address.toLowerCase()
  } catch {
    return false
  }
}

/** Amino JSON as signed: keys sorted at every level, no whitespace, and &, <, > escaped as Go (and CosmJS) write them. */
function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : typeof item === 'object' && item !== null
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
          )
        : item
  return JSON.stringify(sorted(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

/**
 * ADR-036's amino sign doc for off-chain data: one `sign/MsgSignData` naming the signer and carrying the data
 * (base64), an empty chain id and memo, zero account number and sequence, a zero-gas fee with no amount.
 */
export function adr036SignDoc(signer: string, data: Uint8Array) {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as never[] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(data) } }],
    memo: '',
  }
}

/**
 * cosmos: an ADR-036 signature (base64, 64 bytes r ‖ s, low s) of the message by the bech32 address's secp256k1
 * key: over sha256 of the canonical amino JSON of the sign doc naming the address. With `publicKey` (the compressed
 * key the wallet returned) that key must hash to the address; without, the key is recovered (both recovery ids)
 * and one whose address is the signer's must have signed.
 */
export function verifyCosmosMessage(
  address: string,
  message: SignableMessage,
  signature: string,
  publicKey?: Uint8Array,
): boolean {
  try {
    const { words } = bech32.decode(address as `${string}1${string}`)
    if (bech32.fromWords(words).length !== 20) return false
    const sig = base64.decode(signature)
    if (sig.length !== 64) return false
    const digest = sha256(utf8.decode(canonicalJson(adr036SignDoc(address, messageBytes(message)))))
    const owns = (key: Uint8Array) => cosmosKeyOwns(address, key)
    if (publicKey) return owns(publicKey) && secp256k1.verify(sig, digest, publicKey)
    return [0, 1].some((recovery) => {
      try {
        const key = secp256k1.Signature.fromCompact(sig)
          .addRecoveryBit(recovery)
          .recoverPublicKey(digest)
          .toRawBytes(true)
        return owns(key) && secp256k1.verify(sig, digest, key)
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}
