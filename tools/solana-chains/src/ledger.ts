// One cluster's state: a litesvm instance plus what a node remembers around it (slot, signature
// statuses, landed transactions) and the change events the WebSocket subscriptions follow.

import { PublicKey, VersionedTransaction } from '@solana/web3.js'
import {
  Account,
  FailedTransactionMetadata,
  LiteSvm,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js'
import { encodeBase58 } from './base58.js'
import { invalidParams, RPC_ERROR, RpcError } from './errors.js'
import { messageFee } from './fees.js'
import {
  decodeMint,
  decodeTokenAccount,
  isTokenProgram,
  type TokenBalanceJson,
  uiTokenAmount,
} from './tokens.js'
import { type TransactionErrorJson, transactionErrorJson, transactionErrorText } from './tx-errors.js'

/** Largest serialized transaction a node accepts (one packet). */
const MAX_TRANSACTION_BYTES = 1232
/** The rent epoch a node reports for rent-exempt accounts (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n

export interface LedgerAccount {
  readonly lamports: bigint
  readonly data: Uint8Array
  readonly owner: PublicKey
  readonly executable: boolean
  readonly rentEpoch: bigint
}

/** What the node remembers of a processed transaction (or airdrop, which has no `transaction`). */
export interface TransactionRecord {
  readonly signature: string
  readonly slot: number
  readonly blockTime: number
  readonly transaction: VersionedTransaction | undefined
  readonly err: TransactionErrorJson | null
  readonly fee: number
  readonly preBalances: number[]
  readonly postBalances: number[]
  readonly preTokenBalances: TokenBalanceJson[]
  readonly postTokenBalances: TokenBalanceJson[]
  readonly logs: string[]
  readonly unitsConsumed: number
}

export type LedgerEvent =
  | {
      readonly type: 'transaction'
      readonly record: TransactionRecord
      readonly accounts: readonly PublicKey[]
    }
  | { readonly type: 'slot'; readonly slot: number }

interface SimulationResult {
  readonly err: TransactionErrorJson | null
  readonly logs: string[]
  readonly unitsConsumed: number
  readonly replacementBlockhash: string | undefined
}

/** A cluster's ledger; every method is synchronous, so one request's reads and writes never interleave. */
export interface Ledger {
  readonly genesisHash: string
  slot(): number
  blockhash(): string
  transactionCount(): number
  account(address: PublicKey): LedgerAccount | undefined
  /** Writes an account directly (start-up funding only). */
  setAccount(address: PublicKey, account: Omit<LedgerAccount, 'rentEpoch' | 'executable'>): void
  minimumBalanceForRentExemption(dataLength: number): number
  programAccounts(programId: PublicKey): { address: PublicKey; account: LedgerAccount }[]
  /** Processes a serialized transaction; throws RpcError as a node's sendTransaction does. */
  send(bytes: Uint8Array, options: { skipPreflight: boolean }): string
  simulate(
    bytes: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult
  airdrop(address: PublicKey, lamports: bigint): string
  record(signature: string): TransactionRecord | undefined
  subscribe(listener: (event: LedgerEvent) => void): () => void
}

function toLedgerAccount(account: Account | null): LedgerAccount | undefined {
  if (!account || account.lamports() === 0n) return undefined
  return {
    lamports: account.lamports(),
    data: account.data(),
    owner: new PublicKey(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  }
}

/** Parses wire bytes, throwing -32602 as a node does for undecodable or oversized transactions. */
function deserializeTransaction(bytes: Uint8Array): VersionedTransaction {
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    throw invalidParams(`transaction too large: ${bytes.length} bytes (max: ${MAX_TRANSACTION_BYTES})`)
  }
  try {
    return VersionedTransaction.deserialize(bytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`)
  }
}

/**
 * Creates a ledger. `blockhashOffset` expires litesvm's starting blockhash that many times, so two
 * clusters never share a blockhash (litesvm's blockhashes are deterministic).
 */
export function createLedger(options: { genesisHash: string; blockhashOffset: number }): Ledger {
  const svm = new LiteSvm()
  svm.setSysvars()
  svm.setBuiltins()
  svm.setDefaultPrograms()
  svm.setPrecompiles()
  for (let i = 0; i < options.blockhashOffset; i++) svm.expireBlockhash()
  const clock = svm.getClock()
  clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
  svm.setClock(clock)
  let slot = Number(clock.slot)
  let transactionCount = 0
  const records = new Map<string, TransactionRecord>()
  const listeners = new Set<(event: LedgerEvent) => void>()

  const account = (address: PublicKey) => toLedgerAccount(svm.getAccount(address.toBytes()))
  const balances = (keys: readonly PublicKey[]) => keys.map((key) => Number(account(key)?.lamports ?? 0n))
  const tokenBalances = (keys: readonly PublicKey[]): TokenBalanceJson[] =>
    keys.flatMap((key, accountIndex) => {
      const state = account(key)
      if (!state || !isTokenProgram(state.owner)) return []
      const token = decodeTokenAccount(state.data)
      const mintData = token && account(token.mint)?.data
      const mint = mintData && decodeMint(mintData)
      if (!token || !mint) return []
      return [
        {
          accountIndex,
          mint: token.mint.toBase58(),
          owner: token.owner.toBase58(),
          programId: state.owner.toBase58(),
          uiTokenAmount: uiTokenAmount(token.amount, mint.decimals),
        },
      ]
    })
  const emit = (event: LedgerEvent) => {
    for (const listener of listeners) listener(event)
  }
  // Each landed transaction is a block of its own: the slot moves on, the blockhash stays (litesvm only
  // accepts its latest blockhash, and web3.js reuses a fetched one for a while).
  const nextSlot = () => {
    slot++
    svm.warpToSlot(BigInt(slot))
    emit({ type: 'slot', slot })
    return slot
  }
  const land = (record: Omit<TransactionRecord, 'slot' | 'blockTime'>, accounts: readonly PublicKey[]) => {
    const landed: TransactionRecord = {
      ...record,
      slot: nextSlot(),
      blockTime: Math.floor(Date.now() / 1000),
    }
    records.set(landed.signature, landed)
    transactionCount++
    emit({ type: 'transaction', record: landed, accounts })
    return landed.signature
  }
  const metaOf = (result: TransactionMetadata | FailedTransactionMetadata) =>
    result instanceof FailedTransactionMetadata ? result.meta() : result

  return {
    genesisHash: options.genesisHash,
    slot: () => slot,
    blockhash: () => svm.latestBlockhash(),
    transactionCount: () => transactionCount,
    account,
    setAccount(address, state) {
      svm.setAccount(
        address.toBytes(),
        new Account(state.lamports, state.data, state.owner.toBytes(), false, RENT_EXEMPT_EPOCH),
      )
    },
    minimumBalanceForRentExemption: (dataLength) =>
      Number(svm.minimumBalanceForRentExemption(BigInt(dataLength))),
    programAccounts: (programId) =>
      svm.getProgramAccounts(programId.toBytes()).flatMap((entry) => {
        const state = toLedgerAccount(entry.account())
        return state ? [{ address: new PublicKey(entry.address), account: state }] : []
      }),
    send(bytes, { skipPreflight }) {
      const transaction = deserializeTransaction(bytes)
      const first = transaction.signatures[0]
      if (!first || first.every((byte) => byte === 0)) {
        throw new RpcError(
          RPC_ERROR.transactionSignatureVerificationFailure,
          'Transaction signature verification failure',
        )
      }
      const signature = encodeBase58(first)
      const keys = transaction.message.staticAccountKeys
      const preBalances = balances(keys)
      const preTokenBalances = tokenBalances(keys)
      const result =
        transaction.version === 'legacy'
          ? svm.sendLegacyTransaction(bytes)
          : svm.sendVersionedTransaction(bytes)
      const meta = metaOf(result)
      const logs = meta.logs()
      const unitsConsumed = Number(meta.computeUnitsConsumed())
      if (result instanceof FailedTransactionMetadata) {
        const err = transactionErrorJson(result)
        if (err === 'SignatureFailure') {
          throw new RpcError(
            RPC_ERROR.transactionSignatureVerificationFailure,
            'Transaction signature verification failure',
          )
        }
        if (!skipPreflight) {
          throw new RpcError(
            RPC_ERROR.sendTransactionPreflightFailure,
            `Transaction simulation failed: ${transactionErrorText(err)}`,
            {
              accounts: null,
              err,
              innerInstructions: null,
              logs,
              replacementBlockhash: null,
              returnData: null,
              unitsConsumed,
            },
          )
        }
        // Without preflight a node would still land the transaction with its error; record it likewise.
        const postBalances = balances(keys)
        const fee = Math.max(0, (preBalances[0] ?? 0) - (postBalances[0] ?? 0))
        return land(
          {
            signature,
            transaction,
            err,
            fee,
            preBalances,
            postBalances,
            preTokenBalances,
            postTokenBalances: tokenBalances(keys),
            logs,
            unitsConsumed,
          },
          keys,
        )
      }
      return land(
        {
          signature,
          transaction,
          err: null,
          fee: messageFee(transaction.message),
          preBalances,
          postBalances: balances(keys),
          preTokenBalances,
          postTokenBalances: tokenBalances(keys),
          logs,
          unitsConsumed,
        },
        keys,
      )
    },
    simulate(bytes, { sigVerify, replaceRecentBlockhash }) {
      if (sigVerify && replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      const transaction = deserializeTransaction(bytes)
      let wire = bytes
      let replacementBlockhash: string | undefined
      if (replaceRecentBlockhash) {
        replacementBlockhash = svm.latestBlockhash()
        transaction.message.recentBlockhash = replacementBlockhash
        wire = transaction.serialize()
      }
      svm.setSigverify(sigVerify)
      try {
        const result =
          transaction.version === 'legacy'
            ? svm.simulateLegacyTransaction(wire)
            : svm.simulateVersionedTransaction(wire)
        const meta = result.meta()
        return {
          err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result) : null,
          logs: meta.logs(),
          unitsConsumed: Number(meta.computeUnitsConsumed()),
          replacementBlockhash,
        }
      } finally {
        svm.setSigverify(true)
      }
    },
    airdrop(address, lamports) {
      const preBalances = balances([address])
      const result = svm.airdrop(address.toBytes(), lamports)
      if (!result || result instanceof FailedTransactionMetadata) {
        throw new RpcError(RPC_ERROR.internal, 'airdrop request failed: the faucet could not send')
      }
      return land(
        {
          signature: encodeBase58(result.signature()),
          transaction: undefined,
          err: null,
          fee: 0,
          preBalances,
          postBalances: balances([address]),
          preTokenBalances: [],
          postTokenBalances: [],
          logs: result.logs(),
          unitsConsumed: Number(result.computeUnitsConsumed()),
        },
        [address],
      )
    },
    record: (signature) => records.get(signature),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
