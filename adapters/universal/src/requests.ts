// The wallet requests of each namespace over WalletConnect (the method names and shapes of each chain's WalletConnect
// RPC reference), and the checks on what the wallet answers: a wallet is hostile input like any other.
import {
  type ChainNamespace,
  LatchkeyError,
  malformedWalletAnswer,
  type SendTransactionParams,
  type SignableMessage,
} from '@latchkey/core'
import type { WalletConnectConnection } from '@latchkey/core/walletconnect'
import { base58, base64, hex, utf8 } from '@scure/base'
import {
  adr036SignDoc,
  cosmosKeyOwns,
  messageBytes,
  polkadotSignature,
  verifyCosmosMessage,
  verifyPolkadotMessage,
} from './verify.js'

/** A wallet answer that is not what the method returns. */
const badAnswer = malformedWalletAnswer

function field(answer: unknown, key: string): unknown {
  return typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined
}

/** 0x-prefixed hex of `bytes`. */
const toHex = (bytes: Uint8Array): `0x${string}` => `0x${hex.encode(bytes)}`

/**
 * Asks the wallet to sign a message with `address`; resolves with the signature as the namespace writes it: hex
 * (eip155), base58 (solana), base64 (bip122, cosmos), hex (polkadot).
 */
export async function signMessageRequest(
  connection: WalletConnectConnection,
  namespace: ChainNamespace,
  params: { message: SignableMessage; address: string; protocol?: 'ecdsa' | 'bip322' },
): Promise<string> {
  const bytes = messageBytes(params.message)
  switch (namespace) {
    case 'eip155': {
      const signature = await connection.request<unknown>('personal_sign', [toHex(bytes), params.address])
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw badAnswer('personal_sign', 'something that is not a hex signature')
      return signature
    }
    case 'solana': {
      const answer = await connection.request<unknown>('solana_signMessage', {
        message: base58.encode(bytes),
        pubkey: params.address,
      })
      const signature = field(answer, 'signature')
      if (typeof signature !== 'string' || decodedLength(base58, signature) !== 64)
        throw badAnswer('solana_signMessage', 'a signature that is not 64 bytes of base58')
      return signature
    }
    case 'bip122': {
      if (typeof params.message !== 'string')
        throw new LatchkeyError('Bitcoin wallets sign text messages only', { code: 'INVALID_PARAMS' })
      const answer = await connection.request<unknown>('signMessage', {
        account: params.address,
        address: params.address,
        message: params.message,
        ...(params.protocol ? { protocol: params.protocol } : {}),
      })
      return bitcoinSignature(field(answer, 'signature'))
    }
    case 'polkadot': {
      const answer = await connection.request<unknown>('polkadot_signMessage', {
        address: params.address,
        message: toHex(bytes),
      })
      const signature = field(answer, 'signature')
      if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(signature))
        throw badAnswer('polkadot_signMessage', 'something that is not a hex signature')
      if (!polkadotSignature(signature))
        throw badAnswer(
          'polkadot_signMessage',
          'a signature that is neither 64 bytes nor 65 with an Ed25519 (0x00) or Sr25519 (0x01) type byte',
        )
      if (!(await verifyPolkadotMessage(params.address, { raw: bytes }, signature)))
        throw badAnswer('polkadot_signMessage', "a signature that is not the account's")
      return signature
    }
    case 'cosmos': {
      // ADR-036: an off-chain message is an amino sign doc with one MsgSignData and an empty fee and chain id.
      const answer = await connection.request<unknown>('cosmos_signAmino', {
        signerAddress: params.address,
        signDoc: adr036SignDoc(params.address, bytes),
      })
      const stdSignature = field(answer, 'signature')
      const signature = field(stdSignature, 'signature')
      if (typeof signature !== 'string' || decodedLength(base64, signature) !== 64)
        throw badAnswer('cosmos_signAmino', 'a signature that is not 64 bytes of base64')
      const publicKey = cosmosPublicKey(field(stdSignature, 'pub_key'), params.address)
      // Checked over the sign doc sent, not the `signed` one the wallet echoes.
      if (!verifyCosmosMessage(params.address, { raw: bytes }, signature, publicKey))
        throw badAnswer('cosmos_signAmino', "a signature that is not the account's")
      return signature
    }
  }
}

/**
 * The compressed secp256k1 key of a cosmos_signAmino answer's `pub_key` (`{ type: 'tendermint/PubKeySecp256k1',
 * value: base64 }`), after checking it hashes to the signer's address; undefined when the wallet sent none (the key
 * is then recovered from the signature).
 */
function cosmosPublicKey(pubKey: unknown, signer: string): Uint8Array | undefined {
  if (pubKey === undefined || pubKey === null) return undefined
  const value = field(pubKey, 'value')
  const key =
    field(pubKey, 'type') === 'tendermint/PubKeySecp256k1' && typeof value === 'string'
      ? decoded(base64, value)
      : undefined
  if (key?.length !== 33)
    throw badAnswer('cosmos_signAmino', 'a pub_key that is not a compressed secp256k1 public key')
  if (!cosmosKeyOwns(signer, key)) throw badAnswer('cosmos_signAmino', "a pub_key that is not the account's")
  return key
}

/** A Bitcoin message signature as base64, whether the wallet answered base64 or hex (Reown's reference: hex). */
function bitcoinSignature(signature: unknown): string {
  if (typeof signature !== 'string' || signature.length === 0) throw badAnswer('signMessage', 'no signature')
  if (/^(0x)?([0-9a-fA-F]{2})+$/.test(signature))
    return base64.encode(hex.decode(signature.replace(/^0x/, '').toLowerCase()))
  if (decodedLength(base64, signature) > 0) return signature
  throw badAnswer('signMessage', 'a signature that is neither hex nor base64')
}

/** `text` decoded, or undefined when it is not the codec's. */
function decoded(codec: { decode(text: string): Uint8Array }, text: string): Uint8Array | undefined {
  try {
    return codec.decode(text)
  } catch {
    return undefined
  }
}

function decodedLength(codec: { decode(text: string): Uint8Array }, text: string): number {
  return decoded(codec, text)?.length ?? -1
}

/** What a send needs from the adapter besides the connection: the sender and, on Solana, a built transaction. */
export interface SendContext {
  from: string
  /** solana: the unsigned transfer's wire bytes. */
  solanaTransfer?: () => Promise<Uint8Array>
}

/**
 * Asks the wallet to send a native transfer (or an eip155 call); resolves with the hash / signature / txid as the
 * chain writes it. @throws LatchkeyError UNSUPPORTED_OPERATION on polkadot and cosmos (no transfer method in
 * their WalletConnect references that takes plain fields).
 */
export async function sendTransactionRequest(
  connection: WalletConnectConnection,
  namespace: ChainNamespace,
  params: SendTransactionParams,
  context: SendContext,
): Promise<string> {
  const quantity = (value: bigint) => `0x${value.toString(16)}`
  switch (namespace) {
    case 'eip155': {
      const hash = await connection.request<unknown>('eth_sendTransaction', [
        {
          from: context.from,
          to: params.to,
          value: quantity(params.value),
          ...(params.data ? { data: params.data } : {}),
          ...(params.gas !== undefined ? { gas: quantity(params.gas) } : {}),
          ...(params.maxFeePerGas !== undefined ? { maxFeePerGas: quantity(params.maxFeePerGas) } : {}),
          ...(params.maxPriorityFeePerGas !== undefined
            ? { maxPriorityFeePerGas: quantity(params.maxPriorityFeePerGas) }
            : {}),
        },
      ])
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
        throw badAnswer('eth_sendTransaction', 'something that is not a transaction hash')
      return hash
    }
    case 'solana': {
      if (!context.solanaTransfer)
        throw new LatchkeyError('No Solana transaction to send', { code: 'INTERNAL_SDK_ERROR' })
      const transaction = base64.encode(await context.solanaTransfer())
      const answer = await connection.request<unknown>('solana_signAndSendTransaction', { transaction })
      const signature = field(answer, 'signature')
      if (typeof signature !== 'string' || decodedLength(base58, signature) !== 64)
        throw badAnswer('solana_signAndSendTransaction', 'a signature that is not 64 bytes of base58')
      return signature
    }
    case 'bip122': {
      const answer = await connection.request<unknown>('sendTransfer', {
        account: context.from,
        recipientAddress: params.to,
        amount: params.value.toString(),
        ...(params.data ? { memo: utf8.encode(hex.decode(params.data.slice(2).toLowerCase())) } : {}),
      })
      const txid = field(answer, 'txid')
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid))
        throw badAnswer('sendTransfer', 'something that is not a txid')
      return txid
    }
    default:
      throw new LatchkeyError(
        `Sending on ${namespace} over WalletConnect takes the chain's own signed payload`,
        {
          code: 'UNSUPPORTED_OPERATION',
        },
      )
  }
}
