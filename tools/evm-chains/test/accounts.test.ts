import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  DEPLOYER_ADDRESS,
  DEPLOYER_INDEX,
  getDeployerAccount,
  getTestAccounts,
  TEST_MNEMONIC,
} from '../src/index.js'

describe('test accounts', () => {
  it("derive m/44'/60'/0'/0/i of the test mnemonic, as viem does", () => {
    const accounts = getTestAccounts()
    expect(accounts).toHaveLength(10)
    for (const index of [0, 1, 9]) {
      expect(accounts[index]?.address).toBe(mnemonicToAccount(TEST_MNEMONIC, { addressIndex: index }).address)
    }
    expect(accounts[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(new Set(accounts.map((account) => account.address)).size).toBe(10)
  })

  it('use account 19 as the deployer, whose address constant is right', () => {
    expect(DEPLOYER_INDEX).toBe(19)
    const derived = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 19 }).address
    expect(DEPLOYER_ADDRESS).toBe(derived)
    expect(getDeployerAccount().address).toBe(derived)
    expect(getTestAccounts().map((account) => account.address)).not.toContain(derived)
  })
})
