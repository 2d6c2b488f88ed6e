import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileContracts, GENERATED_PATH, renderContractsModule } from '../scripts/compile-contracts.mjs'
import {
  LatchkeySmartAccount,
  LatchkeyTether,
  LatchkeyToken,
  LatchkeyUSD,
} from '../src/contracts.generated.js'

describe('contracts.generated.ts', () => {
  const compiled = compileContracts()

  it('matches a fresh compile of the contracts/ sources', () => {
    expect(LatchkeyUSD.bytecode).toBe(compiled.contracts.LatchkeyUSD.bytecode)
    expect(LatchkeyToken.bytecode).toBe(compiled.contracts.LatchkeyToken.bytecode)
    expect(LatchkeyTether.bytecode).toBe(compiled.contracts.LatchkeyTether.bytecode)
    expect(LatchkeyUSD.abi).toEqual(compiled.contracts.LatchkeyUSD.abi)
    expect(LatchkeyToken.abi).toEqual(compiled.contracts.LatchkeyToken.abi)
    expect(LatchkeyTether.abi).toEqual(compiled.contracts.LatchkeyTether.abi)
    expect(LatchkeySmartAccount.bytecode).toBe(compiled.contracts.LatchkeySmartAccount.bytecode)
    // The whole file, so hand edits are caught too. On failure: npm run generate:contracts -w tools/evm-chains
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(renderContractsModule(compiled))
  })

  it('gives LUSD and LKT bool-returning writes and LUSDT none', () => {
    const outputsOf = (
      abi: readonly { type: string; name?: string; outputs?: readonly unknown[] }[],
      name: string,
    ) => abi.find((item) => item.type === 'function' && item.name === name)?.outputs
    for (const name of ['transfer', 'transferFrom', 'approve']) {
      expect(outputsOf(LatchkeyUSD.abi, name)).toEqual([{ internalType: 'bool', name: '', type: 'bool' }])
      expect(outputsOf(LatchkeyToken.abi, name)).toEqual([{ internalType: 'bool', name: '', type: 'bool' }])
      expect(outputsOf(LatchkeyTether.abi, name)).toEqual([])
    }
  })
})
