// Landed transactions as getTransaction returns them (json or base64 encoding).

import { encodeBase58 } from './base58.js'
import type { TransactionRecord } from './ledger.js'

/** The `transaction` member in json encoding. */
function transactionJson(record: TransactionRecord) {
  const transaction = record.transaction!
  const message = transaction.message
  return {
    signatures: transaction.signatures.map((signature) => encodeBase58(signature)),
    message: {
      accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
      header: message.header,
      instructions: message.compiledInstructions.map((instruction) => ({
        programIdIndex: instruction.programIdIndex,
        accounts: instruction.accountKeyIndexes,
        data: encodeBase58(instruction.data),
        stackHeight: null,
      })),
      recentBlockhash: message.recentBlockhash,
      ...(transaction.version === 'legacy'
        ? {}
        : {
            addressTableLookups: message.addressTableLookups.map((lookup) => ({
              accountKey: lookup.accountKey.toBase58(),
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }),
    },
  }
}

/** A getTransaction result for `record` (which must carry a transaction). */
export function getTransactionResult(record: TransactionRecord, encoding: 'json' | 'base64') {
  const transaction = record.transaction!
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: transaction.version,
    transaction:
      encoding === 'base64'
        ? [Buffer.from(transaction.serialize()).toString('base64'), 'base64']
        : transactionJson(record),
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      innerInstructions: [],
      logMessages: record.logs,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.unitsConsumed,
    },
  }
}

/** A getSignatureStatuses entry for `record`. */
export function signatureStatus(record: TransactionRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: 'finalized',
  }
}
