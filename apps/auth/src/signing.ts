// Signing, which happens here and only here: the key is opened for one signature and never leaves the service;
// the answer is the signature or the signed bytes.

import type { Queryable } from '@latchkey/service-db'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import { type TypedDataDefinition, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { invalidField } from './errors.js'
import { readEvmTransaction } from './evm-transaction.js'
import { type Chain, openKey } from './keys.js'
import type { Secrets } from './secrets.js'
import { type Body, strictObject, stringField } from './validate.js'

/** Opens the user's key on `chain`, hands it to `use`, and wipes the bytes afterwards (best effort). */
async function withKey<T>(
  db: Queryable,
  secrets: Secrets,
  userId: string,
  chain: Chain,
  use: (secret: Uint8Array, address: string) => Promise<T>,
): Promise<T> {
  const { secret, address } = await openKey(db, secrets, userId, chain)
  try {
    return await use(secret, address)
  } finally {
    secret.fill(0)
  }
}

interface Signer {
  db: Queryable
  secrets: Secrets
  userId: string
}

/** personal_sign (EIP-191): `{ message }` UTF-8 text, or `{ raw }` 0x bytes. */
export async function signEvmMessage(signer: Signer, body: Body): Promise<{ signature: string }> {
  const fields = strictObject(body, ['message', 'raw'])
  if ((fields.message === undefined) === (fields.raw === undefined)) {
    throw invalidField('message', 'give either message (text) or raw (0x bytes), not both')
  }
  const message =
    fields.message !== undefined
      ? stringField(fields, 'message', { min: 0, max: 100_000 })
      : {
          raw: stringField(fields, 'raw', {
            max: 200_002,
            pattern: /^0x(?:[0-9a-fA-F]{2})*$/,
            what: '0x bytes',
          }) as `0x${string}`,
        }
  return withKey(signer.db, signer.secrets, signer.userId, 'evm', async (secret) => ({
    signature: await privateKeyToAccount(toHex(secret)).signMessage({ message }),
  }))
}

/** eth_signTypedData_v4: `{ typedData }`, an object (or its JSON text) of domain, types, primaryType, message. */
export async function signEvmTypedData(signer: Signer, body: Body): Promise<{ signature: string }> {
  const fields = strictObject(body, ['typedData'])
  let typedData = fields.typedData
  if (typedData === undefined) throw invalidField('typedData', 'is required')
  if (typeof typedData === 'string') {
    try {
      typedData = JSON.parse(typedData) as unknown
    } catch {
      throw invalidField('typedData', 'is not valid JSON')
    }
  }
  const definition = strictObject(typedData, ['domain', 'types', 'primaryType', 'message'], 'typedData')
  for (const name of ['domain', 'types', 'message']) {
    const part = definition[name]
    if (typeof part !== 'object' || part === null || Array.isArray(part)) {
      throw invalidField(`typedData.${name}`, 'must be an object')
    }
  }
  stringField(definition, 'primaryType', { max: 256 })
  return withKey(signer.db, signer.secrets, signer.userId, 'evm', async (secret) => {
    try {
      const account = privateKeyToAccount(toHex(secret))
      return { signature: await account.signTypedData(definition as unknown as TypedDataDefinition) }
    } catch (error) {
      throw invalidField('typedData', `cannot be signed: ${(error as Error).message.split('\n')[0]}`)
    }
  })
}

/** A transaction, signed and serialized: `{ transaction }` → `{ signedTransaction }` (0x, ready to broadcast). */
export async function signEvmTransaction(signer: Signer, body: Body): Promise<{ signedTransaction: string }> {
  const fields = strictObject(body, ['transaction'])
  if (fields.transaction === undefined) throw invalidField('transaction', 'is required')
  return withKey(signer.db, signer.secrets, signer.userId, 'evm', async (secret, address) => {
    const transaction = readEvmTransaction(fields.transaction, address)
    return { signedTransaction: await privateKeyToAccount(toHex(secret)).signTransaction(transaction) }
  })
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** solana_signMessage: `{ message }` in base58 → `{ signature }` in base58 (ed25519 over the bytes). */
export async function signSolanaMessage(signer: Signer, body: Body): Promise<{ signature: string }> {
  const fields = strictObject(body, ['message'])
  const text = stringField(fields, 'message', { max: 20_000, pattern: BASE58, what: 'base58' })
  const message = base58.decode(text)
  return withKey(signer.db, signer.secrets, signer.userId, 'solana', async (seed) => ({
    signature: base58.encode(ed25519.sign(message, seed)),
  }))
}

/**
 * solana_signTransaction: `{ transaction }` (the wire bytes in base64, legacy or v0) → the same transaction with the
 * user's signature in its place, base64, and that signature in base58.
 */
export async function signSolanaTransaction(
  signer: Signer,
  body: Body,
): Promise<{ transaction: string; signature: string }> {
  const fields = strictObject(body, ['transaction'])
  const text = stringField(fields, 'transaction', { max: 4096, pattern: BASE64, what: 'base64' })
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(Buffer.from(text, 'base64'))
  } catch {
    throw invalidField('transaction', 'is not a Solana transaction')
  }
  return withKey(signer.db, signer.secrets, signer.userId, 'solana', async (seed, address) => {
    const { header, staticAccountKeys } = transaction.message
    const signers = staticAccountKeys.slice(0, header.numRequiredSignatures).map((key) => key.toBase58())
    const index = signers.indexOf(address)
    if (index < 0) throw invalidField('transaction', "does not name the user's address as a signer")
    transaction.sign([Keypair.fromSeed(seed)])
    const signature = transaction.signatures[index]
    return {
      transaction: Buffer.from(transaction.serialize()).toString('base64'),
      signature: base58.encode(signature ?? new Uint8Array()),
    }
  })
}
