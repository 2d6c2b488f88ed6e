// The keys a wallet holds: viem local accounts from a mnemonic and/or raw private keys.

import type { LocalAccount } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { DEFAULT_TEST_MNEMONIC } from './defaults.js'
import type { TestWalletOptions } from './types.js'

/** Derived accounts by `${index}:${mnemonic}`: derivation is slow and tests create many wallets. */
const accountCache = new Map<string, LocalAccount>()

function mnemonicAccount(mnemonic: string, index: number): LocalAccount {
  const key = `${index}:${mnemonic}`
  let account = accountCache.get(key)
  if (!account) {
    account = mnemonicToAccount(mnemonic, { addressIndex: index })
    accountCache.set(key, account)
  }
  return account
}

/** The wallet's keys in the order of the options; throws when there are none or one is listed twice. */
export function loadKeys(options: TestWalletOptions): LocalAccount[] {
  const keys: LocalAccount[] = []
  const usesMnemonic = options.mnemonic !== undefined || !options.privateKeys?.length
  if (usesMnemonic) {
    const mnemonic = options.mnemonic ?? DEFAULT_TEST_MNEMONIC
    for (const index of options.accountIndices ?? [0]) {
      if (!Number.isInteger(index) || index < 0)
        throw new Error(`createTestWallet: bad account index ${index}`)
      keys.push(mnemonicAccount(mnemonic, index))
    }
  }
  for (const key of options.privateKeys ?? []) keys.push(privateKeyToAccount(key))
  if (keys.length === 0) throw new Error('createTestWallet: the wallet holds no account')
  if (new Set(keys.map((key) => key.address)).size !== keys.length) {
    throw new Error('createTestWallet: the same account is listed twice')
  }
  return keys
}
