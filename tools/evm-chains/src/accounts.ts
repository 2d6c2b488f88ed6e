import { pbkdf2Sync } from 'node:crypto'
import type { Address } from 'viem'
import { type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts'

/** The well-known test mnemonic (the one anvil and hardhat use). Never use it for anything real. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

/** BIP-44 path prefix of the test accounts: account i is `m/44'/60'/0'/0/i`. */
export const DERIVATION_PATH_PREFIX = "m/44'/60'/0'/0/"

/** Accounts 0..9 are funded with ETH and every token on both local chains. */
export const FUNDED_ACCOUNT_COUNT = 10

/** ETH balance of each funded account at genesis (whole ETH). */
export const FUNDED_ETH_BALANCE = 10_000

/** Tokens minted to each funded account by every token's constructor (whole tokens). */
export const FUNDED_TOKEN_BALANCE = 1_000_000

/**
 * The mnemonic account that deploys the tokens. Kept apart from accounts 0..9 so that tests and the
 * lab can spend those freely without moving the deployer's nonce.
 */
export const DEPLOYER_INDEX = 19

/** Address of mnemonic account 19 (checked against the derivation by a test). */
export const DEPLOYER_ADDRESS: Address = '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199'

let rootKey: HDKey | undefined
const derived = new Map<number, HDAccount>()

/** Mnemonic to BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"), done natively for speed. */
function masterKey(): HDKey {
  rootKey ??= HDKey.fromMasterSeed(
    pbkdf2Sync(TEST_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'),
  )
  return rootKey
}

/** The viem local account for `m/44'/60'/0'/0/index` of the test mnemonic. */
export function getTestAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Invalid account index: ${index}`)
  let account = derived.get(index)
  if (!account) {
    account = hdKeyToAccount(masterKey(), { addressIndex: index })
    derived.set(index, account)
  }
  return account
}

/** The first `count` test accounts (default: the 10 funded ones), as viem local accounts that can sign. */
export function getTestAccounts(count: number = FUNDED_ACCOUNT_COUNT): HDAccount[] {
  return Array.from({ length: count }, (_, index) => getTestAccount(index))
}

/** The deployer (mnemonic account 19) as a viem local account. */
export function getDeployerAccount(): HDAccount {
  return getTestAccount(DEPLOYER_INDEX)
}
