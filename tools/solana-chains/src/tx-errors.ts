// litesvm's transaction errors in the JSON shape a Solana node gives them (`"BlockhashNotFound"`,
// `{ "InstructionError": [0, { "Custom": 1 }] }`) and the text its preflight message uses.

import * as internal from 'litesvm/dist/internal.js'

// litesvm's error enums are `const enum`s whose runtime objects cannot be read, so their names are listed
// here in litesvm's order (the number litesvm reports is the index).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

function nameOf(names: readonly string[], value: number): string {
  return names[value] ?? `UnknownError(${value})`
}

/** A transaction error as JSON-RPC returns it. */
export type TransactionErrorJson = string | Record<string, unknown>

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return nameOf(INSTRUCTION_ERRORS, error)
  if (error instanceof internal.InstructionErrorCustom) return { Custom: error.code }
  if (error instanceof internal.InstructionErrorBorshIo) return { BorshIoError: error.msg }
  return String(error)
}

/** Converts the error of a failed litesvm transaction into the RPC's JSON form. */
export function transactionErrorJson(failure: internal.FailedTransactionMetadata): TransactionErrorJson {
  const error: unknown = failure.err()
  if (typeof error === 'number') return nameOf(TRANSACTION_ERRORS, error)
  if (error instanceof internal.TransactionErrorInstructionError) {
    return { InstructionError: [error.index, instructionErrorJson(error.err())] }
  }
  if (error instanceof internal.TransactionErrorDuplicateInstruction)
    return { DuplicateInstruction: error.index }
  if (error instanceof internal.TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  }
  if (error instanceof internal.TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
  }
  return String(error)
}

const FIELDLESS_TEXT: Record<string, string> = {
  BlockhashNotFound: 'Blockhash not found',
  AlreadyProcessed: 'This transaction has already been processed',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  AccountInUse: 'Account in use',
}

/** The human text of a transaction error, as a node's "Transaction simulation failed: ..." message gives it. */
export function transactionErrorText(error: TransactionErrorJson): string {
  if (typeof error === 'string') return FIELDLESS_TEXT[error] ?? error
  const instruction = error.InstructionError
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction as [number, unknown]
    const detail =
      inner && typeof inner === 'object' && 'Custom' in inner
        ? `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`
        : typeof inner === 'string'
          ? inner
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  const rent = error.InsufficientFundsForRent as { account_index: number } | undefined
  if (rent)
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  return JSON.stringify(error)
}
