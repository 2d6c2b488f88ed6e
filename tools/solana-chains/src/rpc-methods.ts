// The HTTP JSON-RPC methods of a local cluster: what @solana/web3.js Connection and the spl-token helpers
// call. Each handler takes the params list and returns the result or throws RpcError.

import { type PublicKey, VersionedMessage } from '@solana/web3.js'
import { ACCOUNT_ENCODINGS, accountJson, mintDecimals } from './accounts-json.js'
import { invalidParams, RPC_ERROR, RpcError } from './errors.js'
import { messageFee } from './fees.js'
import type { Ledger } from './ledger.js'
import { configAt, decodeWire, encodingOf, integerAt, pubkeyAt, stringAt } from './params.js'
import { decodeMint, decodeTokenAccount, isTokenProgram, uiTokenAmount } from './tokens.js'
import { getTransactionResult, signatureStatus } from './transaction-json.js'

/** The Solana version this stand-in reports (its RPC shapes follow Agave 2.x). */
export const REPORTED_SOLANA_VERSION = '2.2.0'
/** How far ahead lastValidBlockHeight is reported: litesvm's blockhash does not expire on its own. */
export const BLOCKHASH_VALIDITY_BLOCKS = 1_000_000
/** Slots per epoch reported by getEpochInfo (mainnet's). */
const SLOTS_PER_EPOCH = 432_000
/** Most lamports one airdrop may request (1000 SOL). */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000
const MAX_SIGNATURES_PER_STATUS_REQUEST = 256
const MAX_MULTIPLE_ACCOUNTS = 100

type Handler = (params: unknown[]) => unknown

/** Builds the method table of one cluster. */
export function createRpcMethods(ledger: Ledger, genesisHash: string): Record<string, Handler> {
  const context = () => ({ apiVersion: REPORTED_SOLANA_VERSION, slot: ledger.slot() })
  const withContext = (value: unknown) => ({ context: context(), value })
  const lastValidBlockHeight = () => ledger.slot() + BLOCKHASH_VALIDITY_BLOCKS

  const accountOrNull = (key: PublicKey, config: Record<string, unknown>) => {
    const encoding = encodingOf(config, ACCOUNT_ENCODINGS, 'base58')
    const state = ledger.account(key)
    return state ? accountJson(ledger, state, encoding) : null
  }
  const tokenAccountState = (key: PublicKey) => {
    const state = ledger.account(key)
    const token = state && isTokenProgram(state.owner) ? decodeTokenAccount(state.data) : undefined
    if (!token) throw invalidParams('Invalid param: not a Token account')
    return token
  }
  const transactionBytes = (params: unknown[]) => {
    const config = configAt(params, 1)
    const encoding = encodingOf(config, ['base58', 'base64'] as const, 'base58')
    return { bytes: decodeWire(stringAt(params, 0, 'transaction'), encoding, 'transaction'), config }
  }

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': REPORTED_SOLANA_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.slot(),
    getTransactionCount: () => ledger.transactionCount(),
    getEpochInfo: () => ({
      absoluteSlot: ledger.slot(),
      blockHeight: ledger.slot(),
      epoch: Math.floor(ledger.slot() / SLOTS_PER_EPOCH),
      slotIndex: ledger.slot() % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionCount(),
    }),
    getLatestBlockhash: () =>
      withContext({ blockhash: ledger.blockhash(), lastValidBlockHeight: lastValidBlockHeight() }),
    isBlockhashValid: (params) => withContext(stringAt(params, 0, 'blockhash') === ledger.blockhash()),
    getMinimumBalanceForRentExemption: (params) =>
      ledger.minimumBalanceForRentExemption(integerAt(params, 0, 'data length')),
    getRecentPrioritizationFees: () => [{ slot: ledger.slot(), prioritizationFee: 0 }],
    getFeeForMessage(params) {
      const bytes = decodeWire(stringAt(params, 0, 'message'), 'base64', 'message')
      let message: VersionedMessage
      try {
        message = VersionedMessage.deserialize(bytes)
      } catch (error) {
        throw invalidParams(`Invalid params: failed to deserialize message: ${(error as Error).message}`)
      }
      return withContext(message.recentBlockhash === ledger.blockhash() ? messageFee(message) : null)
    },
    getBalance: (params) =>
      withContext(Number(ledger.account(pubkeyAt(params, 0, 'address'))?.lamports ?? 0n)),
    getAccountInfo: (params) =>
      withContext(accountOrNull(pubkeyAt(params, 0, 'address'), configAt(params, 1))),
    getMultipleAccounts(params) {
      const keys = params[0]
      if (!Array.isArray(keys)) throw invalidParams('Invalid params: the addresses must be an array')
      if (keys.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
      }
      const config = configAt(params, 1)
      return withContext(keys.map((_, index) => accountOrNull(pubkeyAt(keys, index, 'address'), config)))
    },
    getTokenAccountBalance(params) {
      const token = tokenAccountState(pubkeyAt(params, 0, 'token account'))
      const decimals = mintDecimals(ledger, token.mint)
      if (decimals === undefined) throw invalidParams('Invalid param: could not find mint')
      return withContext(uiTokenAmount(token.amount, decimals))
    },
    getTokenSupply(params) {
      const key = pubkeyAt(params, 0, 'mint')
      const state = ledger.account(key)
      const mint = state && isTokenProgram(state.owner) ? decodeMint(state.data) : undefined
      if (!mint) throw invalidParams('Invalid param: not a Token mint')
      return withContext(uiTokenAmount(mint.supply, mint.decimals))
    },
    getTokenAccountsByOwner(params) {
      const owner = pubkeyAt(params, 0, 'owner')
      const filter = configAt(params, 1)
      const config = configAt(params, 2)
      const encoding = encodingOf(config, ACCOUNT_ENCODINGS, 'base58')
      let programs: PublicKey[]
      let mint: PublicKey | undefined
      if (typeof filter.mint === 'string') {
        mint = pubkeyAt([filter.mint], 0, 'mint')
        const mintState = ledger.account(mint)
        if (!mintState || !isTokenProgram(mintState.owner)) {
          throw invalidParams('Invalid param: could not find mint')
        }
        programs = [mintState.owner]
      } else if (typeof filter.programId === 'string') {
        const programId = pubkeyAt([filter.programId], 0, 'programId')
        if (!isTokenProgram(programId)) throw invalidParams('Invalid param: unrecognized Token program id')
        programs = [programId]
      } else {
        throw invalidParams('Invalid params: the filter must be { mint } or { programId }')
      }
      const found = programs.flatMap((program) =>
        ledger.programAccounts(program).filter(({ account }) => {
          const token = decodeTokenAccount(account.data)
          return token?.owner.equals(owner) && (!mint || token.mint.equals(mint))
        }),
      )
      return withContext(
        found.map(({ address, account }) => ({
          pubkey: address.toBase58(),
          account: accountJson(ledger, account, encoding),
        })),
      )
    },
    getSignatureStatuses(params) {
      const signatures = params[0]
      if (!Array.isArray(signatures)) throw invalidParams('Invalid params: the signatures must be an array')
      if (signatures.length > MAX_SIGNATURES_PER_STATUS_REQUEST) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURES_PER_STATUS_REQUEST}`)
      }
      return withContext(
        signatures.map((_, index) => {
          const record = ledger.record(stringAt(signatures, index, 'signature'))
          return record ? signatureStatus(record) : null
        }),
      )
    },
    getTransaction(params) {
      const record = ledger.record(stringAt(params, 0, 'signature'))
      const config = configAt(params, 1)
      const encoding = encodingOf(config, ['json', 'base64'] as const, 'json')
      if (!record?.transaction) return null
      const version = record.transaction.version
      if (version !== 'legacy' && typeof config.maxSupportedTransactionVersion !== 'number') {
        throw new RpcError(
          RPC_ERROR.transactionVersionNotSupported,
          `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
        )
      }
      return getTransactionResult(record, encoding)
    },
    requestAirdrop(params) {
      const address = pubkeyAt(params, 0, 'address')
      const lamports = integerAt(params, 1, 'lamports')
      if (lamports === 0 || lamports > MAX_AIRDROP_LAMPORTS) {
        throw invalidParams(`Invalid params: an airdrop is 1 to ${MAX_AIRDROP_LAMPORTS} lamports`)
      }
      return ledger.airdrop(address, BigInt(lamports))
    },
    sendTransaction(params) {
      const { bytes, config } = transactionBytes(params)
      return ledger.send(bytes, { skipPreflight: config.skipPreflight === true })
    },
    simulateTransaction(params) {
      const { bytes, config } = transactionBytes(params)
      const result = ledger.simulate(bytes, {
        sigVerify: config.sigVerify === true,
        replaceRecentBlockhash: config.replaceRecentBlockhash === true,
      })
      return withContext({
        err: result.err,
        logs: result.logs,
        accounts: null,
        unitsConsumed: result.unitsConsumed,
        returnData: null,
        ...(result.replacementBlockhash
          ? {
              replacementBlockhash: {
                blockhash: result.replacementBlockhash,
                lastValidBlockHeight: lastValidBlockHeight(),
              },
            }
          : {}),
      })
    },
  }
}
