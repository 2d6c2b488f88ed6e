import { LatchkeyError } from '@latchkey/core'
import type { Connection, PublicKey, TransactionInstruction, VersionedTransaction } from '@solana/web3.js'
import type { SolanaLibs } from './libs.js'

/** A base58 public key. @throws LatchkeyError INVALID_PARAMS naming the parameter when it is not one. */
export function publicKeyOf({ web3 }: SolanaLibs, value: unknown, name: string): PublicKey {
  try {
    if (typeof value !== 'string') throw new Error('not text')
    return new web3.PublicKey(value)
  } catch (cause) {
    throw new LatchkeyError(`${name} is not a Solana address: ${String(value).slice(0, 64)}`, {
      code: 'INVALID_PARAMS',
      cause,
    })
  }
}

/** An amount in base units. @throws LatchkeyError INVALID_PARAMS for a negative or non-bigint amount. */
export function checkAmount(value: unknown, name: string): bigint {
  if (typeof value !== 'bigint' || value < 0n || value > 0xffff_ffff_ffff_ffffn) {
    throw new LatchkeyError(`${name} must be a bigint from 0 to 2^64-1`, { code: 'INVALID_PARAMS' })
  }
  return value
}

/** An unsigned legacy transaction paid by `payer`, with the cluster's latest blockhash. */
export async function buildTransaction(
  { web3 }: SolanaLibs,
  connection: Connection,
  payer: PublicKey,
  instructions: TransactionInstruction[],
): Promise<VersionedTransaction> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed')
  const message = new web3.TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions })
  return new web3.VersionedTransaction(message.compileToLegacyMessage())
}

/** A SystemProgram transfer of `lamports` from `from` to `to`. */
export function transferInstruction(
  { web3 }: SolanaLibs,
  from: PublicKey,
  to: PublicKey,
  lamports: bigint,
): TransactionInstruction {
  return web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports })
}

/** The fee in lamports the cluster charges for the message of a transfer (`getFeeForMessage`). */
export async function transferFee(
  libs: SolanaLibs,
  connection: Connection,
  from: PublicKey,
  to: PublicKey,
  lamports: bigint,
): Promise<bigint> {
  const transaction = await buildTransaction(libs, connection, from, [
    transferInstruction(libs, from, to, lamports),
  ])
  const { value: fee } = await connection.getFeeForMessage(transaction.message, 'confirmed')
  if (fee === null) throw new LatchkeyError('The cluster gave no fee for the message', { code: 'RPC_ERROR' })
  return BigInt(fee)
}

/** The token program that owns a mint (SPL Token or Token-2022), and the mint's state. */
async function readMint({ spl }: SolanaLibs, connection: Connection, mint: PublicKey) {
  const info = await connection.getAccountInfo(mint, 'confirmed')
  if (!info) throw new LatchkeyError(`No mint at ${mint.toBase58()}`, { code: 'INVALID_PARAMS' })
  const { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } = spl
  const programId = info.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID
  if (!info.owner.equals(programId)) {
    throw new LatchkeyError(`${mint.toBase58()} is not a token mint`, { code: 'INVALID_PARAMS' })
  }
  return { programId, state: spl.unpackMint(mint, info, programId) }
}

/** The balance of `owner`'s associated token account for `mint`: 0 when the account does not exist. */
export async function tokenBalance(
  libs: SolanaLibs,
  connection: Connection,
  owner: PublicKey,
  mint: PublicKey,
) {
  const { programId, state } = await readMint(libs, connection, mint)
  const account = libs.spl.getAssociatedTokenAddressSync(mint, owner, true, programId)
  const info = await connection.getAccountInfo(account, 'confirmed')
  const value = info ? libs.spl.unpackAccount(account, info, programId).amount : 0n
  return { value, decimals: state.decimals }
}

/**
 * The instructions of an SPL transfer between the associated token accounts of `from` and `to`, creating the
 * recipient's account first when it does not exist (paid by `from`).
 */
export async function splTransferInstructions(
  libs: SolanaLibs,
  connection: Connection,
  params: { from: PublicKey; to: PublicKey; mint: PublicKey; amount: bigint },
): Promise<TransactionInstruction[]> {
  const { from, to, mint, amount } = params
  const { spl } = libs
  const { programId, state } = await readMint(libs, connection, mint)
  const source = spl.getAssociatedTokenAddressSync(mint, from, true, programId)
  const destination = spl.getAssociatedTokenAddressSync(mint, to, true, programId)
  const instructions: TransactionInstruction[] = []
  if (!(await connection.getAccountInfo(destination, 'confirmed'))) {
    instructions.push(
      spl.createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, programId),
    )
  }
  instructions.push(
    spl.createTransferCheckedInstruction(
      source,
      mint,
      destination,
      from,
      amount,
      state.decimals,
      [],
      programId,
    ),
  )
  return instructions
}

/**
 * Waits until the cluster reports `signature` confirmed, polling `getSignatureStatuses` over HTTP (no
 * WebSocket needed). @throws LatchkeyError RPC_ERROR when the transaction failed on chain, TIMEOUT after `timeoutMs`.
 */
export async function confirmSignature(connection: Connection, signature: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature])
    const status = value[0]
    if (status?.err) {
      throw new LatchkeyError(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`, {
        code: 'RPC_ERROR',
      })
    }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    if (Date.now() > deadline) {
      throw new LatchkeyError(`Transaction ${signature} was not confirmed in time`, { code: 'TIMEOUT' })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
