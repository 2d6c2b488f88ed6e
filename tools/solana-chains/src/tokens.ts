// SPL Token state: the test mint's accounts at start, and the jsonParsed views of mints and token accounts.

import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  MINT_SIZE,
  MintLayout,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'

/** Decimals of the test mint (LUSD). */
export const MINT_DECIMALS = 6

/** Encodes an initialized mint with a mint authority and no freeze authority. */
export function encodeMint(authority: PublicKey, supply: bigint, decimals: number): Uint8Array {
  const data = Buffer.alloc(MINT_SIZE)
  MintLayout.encode(
    {
      mintAuthorityOption: 1,
      mintAuthority: authority,
      supply,
      decimals,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  )
  return data
}

/** Encodes an initialized token account of `mint` owned by `owner` holding `amount` base units. */
export function encodeTokenAccount(mint: PublicKey, owner: PublicKey, amount: bigint): Uint8Array {
  const data = Buffer.alloc(ACCOUNT_SIZE)
  AccountLayout.encode(
    {
      mint,
      owner,
      amount,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: AccountState.Initialized,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  )
  return data
}

/** Whether `owner` is one of the two token programs. */
export function isTokenProgram(owner: PublicKey): boolean {
  return owner.equals(TOKEN_PROGRAM_ID) || owner.equals(TOKEN_2022_PROGRAM_ID)
}

export interface DecodedTokenAccount {
  readonly mint: PublicKey
  readonly owner: PublicKey
  readonly amount: bigint
  readonly state: number
  readonly isNative: boolean
  readonly delegate: PublicKey | null
  readonly delegatedAmount: bigint
}

/** Decodes a token account's base state, or undefined when the bytes are not one. */
export function decodeTokenAccount(data: Uint8Array): DecodedTokenAccount | undefined {
  if (data.length < ACCOUNT_SIZE || data.length === MINT_SIZE) return undefined
  const raw = AccountLayout.decode(data.subarray(0, ACCOUNT_SIZE))
  if (raw.state === AccountState.Uninitialized) return undefined
  return {
    mint: raw.mint,
    owner: raw.owner,
    amount: raw.amount,
    state: raw.state,
    isNative: raw.isNativeOption === 1,
    delegate: raw.delegateOption === 1 ? raw.delegate : null,
    delegatedAmount: raw.delegatedAmount,
  }
}

export interface DecodedMint {
  readonly decimals: number
  readonly supply: bigint
  readonly mintAuthority: PublicKey | null
  readonly freezeAuthority: PublicKey | null
  readonly isInitialized: boolean
}

/** Decodes a mint's base state, or undefined when the bytes are not one. */
export function decodeMint(data: Uint8Array): DecodedMint | undefined {
  if (data.length < MINT_SIZE || (data.length > MINT_SIZE && data.length <= ACCOUNT_SIZE)) return undefined
  const raw = MintLayout.decode(data.subarray(0, MINT_SIZE))
  if (!raw.isInitialized) return undefined
  return {
    decimals: raw.decimals,
    supply: raw.supply,
    mintAuthority: raw.mintAuthorityOption === 1 ? raw.mintAuthority : null,
    freezeAuthority: raw.freezeAuthorityOption === 1 ? raw.freezeAuthority : null,
    isInitialized: raw.isInitialized,
  }
}

/** The RPC's `uiTokenAmount` shape for `amount` base units. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

const STATE_NAMES = ['uninitialized', 'initialized', 'frozen'] as const

/**
 * The jsonParsed `data` of a token-program account (`{ program, parsed, space }`), or undefined when it is
 * neither a mint nor a token account. `mintDecimals` looks up a token account's mint.
 */
export function parseTokenProgramAccount(
  programId: PublicKey,
  data: Uint8Array,
  mintDecimals: (mint: PublicKey) => number | undefined,
): { program: string; parsed: unknown; space: number } | undefined {
  const program = programId.equals(TOKEN_2022_PROGRAM_ID) ? 'spl-token-2022' : 'spl-token'
  const account = decodeTokenAccount(data)
  if (account) {
    const decimals = mintDecimals(account.mint)
    if (decimals === undefined) return undefined
    const info: Record<string, unknown> = {
      isNative: account.isNative,
      mint: account.mint.toBase58(),
      owner: account.owner.toBase58(),
      state: STATE_NAMES[account.state] ?? 'initialized',
      tokenAmount: uiTokenAmount(account.amount, decimals),
    }
    if (account.delegate) {
      info.delegate = account.delegate.toBase58()
      info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals)
    }
    return { program, parsed: { type: 'account', info }, space: data.length }
  }
  const mint = decodeMint(data)
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority?.toBase58() ?? null,
      supply: mint.supply.toString(),
    }
    return { program, parsed: { type: 'mint', info }, space: data.length }
  }
  return undefined
}

/** A pre/post token balance entry of a transaction's meta. */
export interface TokenBalanceJson {
  readonly accountIndex: number
  readonly mint: string
  readonly owner: string
  readonly programId: string
  readonly uiTokenAmount: ReturnType<typeof uiTokenAmount>
}
