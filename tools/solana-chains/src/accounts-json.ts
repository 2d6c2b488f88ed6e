// Accounts as the RPC returns them, in base58, base64 or jsonParsed encoding.

import type { PublicKey } from '@solana/web3.js'
import { encodeBase58 } from './base58.js'
import { invalidParams } from './errors.js'
import type { Ledger, LedgerAccount } from './ledger.js'
import { decodeMint, isTokenProgram, parseTokenProgramAccount } from './tokens.js'

export const ACCOUNT_ENCODINGS = ['base58', 'base64', 'jsonParsed'] as const
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number]

/** Base58 is only given for small accounts, as a node does. */
const MAX_BASE58_BYTES = 128

/** The decimals of a mint on this ledger, if it is one. */
export function mintDecimals(ledger: Ledger, mint: PublicKey): number | undefined {
  const state = ledger.account(mint)
  if (!state || !isTokenProgram(state.owner)) return undefined
  return decodeMint(state.data)?.decimals
}

/** An account in the RPC's JSON form. Throws -32602 for base58 of a large account. */
export function accountJson(ledger: Ledger, account: LedgerAccount, encoding: AccountEncoding) {
  let data: unknown
  if (encoding === 'jsonParsed' && isTokenProgram(account.owner)) {
    data = parseTokenProgramAccount(account.owner, account.data, (mint) => mintDecimals(ledger, mint))
  }
  if (data === undefined && encoding === 'base58') {
    if (account.data.length > MAX_BASE58_BYTES) {
      throw invalidParams(
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      )
    }
    data = [encodeBase58(account.data), 'base58']
  }
  data ??= [Buffer.from(account.data).toString('base64'), 'base64']
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner.toBase58(),
    rentEpoch: Number(account.rentEpoch),
    space: account.data.length,
  }
}
