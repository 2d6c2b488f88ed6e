// Signing in the service: each endpoint needs a live session and answers only the signature or the signed bytes,
// which verify against the user's addresses with the chains' own libraries.
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, errorOf, type Login, signUp, startTestAuth, type TestAuth } from './helpers.js'

let auth: TestAuth
let login: Login
beforeAll(async () => {
  auth = await startTestAuth()
  login = await signUp(auth)
})

/** A signing request with the test user's session, another token, or none (null). */
const sign = (path: string, body: unknown, token: string | null = login.token) =>
  call(auth.url, `/v1/sign/${path}`, { body, ...(token ? { token } : {}) })

const typedData = {
  domain: {
    name: 'Latchkey',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', contents: 'hello' },
} as const

describe('EVM signing', () => {
  it('personal_sign (EIP-191) of text and of raw bytes verifies against the user address', async () => {
    const address = login.user.evmAddress as `0x${string}`
    const text = await sign('evm/message', { message: 'Sign in to Latchkey' })
    expect(Object.keys(text.body)).toEqual(['signature'])
    const signature = text.body.signature as `0x${string}`
    expect(await verifyMessage({ address, message: 'Sign in to Latchkey', signature })).toBe(true)
    const raw = await sign('evm/message', { raw: '0xdeadbeef' })
    expect(
      await verifyMessage({
        address,
        message: { raw: '0xdeadbeef' },
        signature: raw.body.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(errorOf(await sign('evm/message', { message: 'a', raw: '0x00' }))).toMatchObject({
      field: 'message',
    })
  })

  it('eth_signTypedData_v4, as an object or its JSON text, verifies', async () => {
    for (const payload of [typedData, JSON.stringify(typedData)]) {
      const answer = await sign('evm/typed-data', { typedData: payload })
      expect(
        await verifyTypedData({
          ...(typedData as unknown as Parameters<typeof verifyTypedData>[0]),
          address: login.user.evmAddress as `0x${string}`,
          signature: answer.body.signature as `0x${string}`,
        }),
      ).toBe(true)
    }
    const broken = await sign('evm/typed-data', { typedData: { ...typedData, primaryType: 'Nope' } })
    expect(errorOf(broken)).toMatchObject({ code: 'INVALID_BODY', field: 'typedData' })
  })

  it('signs EIP-1559 and legacy transactions: the signer recovered from the signed bytes is the user', async () => {
    const eip1559 = await sign('evm/transaction', {
      transaction: {
        chainId: 31337,
        from: login.user.evmAddress,
        to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        value: '0xde0b6b3a7640000',
        nonce: 0,
        gas: '21000',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x3b9aca00',
      },
    })
    expect(Object.keys(eip1559.body)).toEqual(['signedTransaction'])
    const signed = eip1559.body.signedTransaction as `0x${string}`
    expect(parseTransaction(signed)).toMatchObject({ type: 'eip1559', chainId: 31337, value: 10n ** 18n })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      login.user.evmAddress,
    )
    const legacy = await sign('evm/transaction', {
      transaction: {
        chainId: 31338,
        to: null,
        data: '0x6000',
        nonce: 3,
        gas: 100000,
        gasPrice: '1000000000',
      },
    })
    const legacySigned = legacy.body.signedTransaction as `0x${string}`
    expect(parseTransaction(legacySigned)).toMatchObject({ type: 'legacy', chainId: 31338, nonce: 3 })
    expect(await recoverTransactionAddress({ serializedTransaction: legacySigned as never })).toBe(
      login.user.evmAddress,
    )
    const other = await sign('evm/transaction', {
      transaction: {
        chainId: 1,
        from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        nonce: 0,
        gas: 21000,
        gasPrice: 1,
      },
    })
    expect(errorOf(other)).toMatchObject({ code: 'INVALID_BODY', field: 'transaction.from' })
    const missing = await sign('evm/transaction', { transaction: { chainId: 1, nonce: 0, maxFeePerGas: 1 } })
    expect(errorOf(missing)).toMatchObject({ field: 'transaction.gas' })
    const unknown = await sign('evm/transaction', {
      transaction: { chainId: 1, nonce: 0, gas: 1, gasPrice: 1, input: '0x' },
    })
    expect(errorOf(unknown)).toMatchObject({ field: 'transaction.input' })
  })
})

describe('Solana signing', () => {
  it('signs a message (ed25519, base58): the signature verifies with the user public key', async () => {
    const message = new TextEncoder().encode('Sign in to Latchkey on Solana')
    const answer = await sign('solana/message', { message: base58.encode(message) })
    expect(Object.keys(answer.body)).toEqual(['signature'])
    const publicKey = new PublicKey(login.user.solanaAddress).toBytes()
    expect(ed25519.verify(base58.decode(answer.body.signature as string), message, publicKey)).toBe(true)
    expect(errorOf(await sign('solana/message', { message: '0OIl' }))).toMatchObject({ field: 'message' })
  })

  it('signs legacy and v0 transactions in the user signer slot, leaving the other signer slots as they were', async () => {
    const user = new PublicKey(login.user.solanaAddress)
    const feePayer = Keypair.generate()
    const recentBlockhash = base58.encode(new Uint8Array(32).fill(7))
    const legacy = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash }).add(
      SystemProgram.transfer({ fromPubkey: user, toPubkey: feePayer.publicKey, lamports: 5000 }),
    )
    legacy.partialSign(feePayer)
    const wire = legacy.serialize({ requireAllSignatures: false }).toString('base64')
    const answer = await sign('solana/transaction', { transaction: wire })
    const signed = Transaction.from(Buffer.from(answer.body.transaction as string, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    const mine = signed.signatures.find((entry) => entry.publicKey.equals(user))
    expect(base58.encode(mine?.signature ?? new Uint8Array())).toBe(answer.body.signature)

    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: user,
        recentBlockhash,
        instructions: [
          SystemProgram.transfer({ fromPubkey: user, toPubkey: feePayer.publicKey, lamports: 1 }),
        ],
      }).compileToV0Message(),
    )
    const v0Answer = await sign('solana/transaction', {
      transaction: Buffer.from(v0.serialize()).toString('base64'),
    })
    const v0Signed = VersionedTransaction.deserialize(
      Buffer.from(v0Answer.body.transaction as string, 'base64'),
    )
    expect(
      ed25519.verify(
        v0Signed.signatures[0] ?? new Uint8Array(),
        v0Signed.message.serialize(),
        user.toBytes(),
      ),
    ).toBe(true)

    const foreign = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash }).add(
      SystemProgram.transfer({ fromPubkey: feePayer.publicKey, toPubkey: user, lamports: 1 }),
    )
    const refused = await sign('solana/transaction', {
      transaction: foreign.serialize({ requireAllSignatures: false }).toString('base64'),
    })
    expect(errorOf(refused)).toMatchObject({ code: 'INVALID_BODY', field: 'transaction' })
  })
})

describe('without a live session', () => {
  it('every signing endpoint answers 401 and signs nothing', async () => {
    const bodies: [string, unknown][] = [
      ['evm/message', { message: 'x' }],
      ['evm/typed-data', { typedData }],
      ['evm/transaction', { transaction: { chainId: 1, nonce: 0, gas: 21000, gasPrice: 1 } }],
      ['solana/message', { message: '2' }],
      ['solana/transaction', { transaction: 'AA==' }],
    ]
    const other = await signUp(auth)
    await call(auth.url, '/v1/signout', { method: 'POST', token: other.token })
    for (const [path, body] of bodies) {
      for (const token of [null, other.token]) {
        const answer = await sign(path, body, token)
        expect(answer.status).toBe(401)
        expect(Object.keys(answer.body)).toEqual(['error'])
      }
    }
  })
})
