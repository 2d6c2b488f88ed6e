import { describe, expect, test } from 'vitest'
import { type BalanceService, balanceFromService } from '../../src/index.js'
import { latchkeyLocal } from '../../src/networks/local.js'

const params = { address: '0x00000000000000000000000000000000000000aa', network: latchkeyLocal }
const result = { value: 5n, decimals: 18, symbol: 'ETH', formatted: '0.000000000000000005' }
const service = (getBalance: BalanceService['getBalance']): BalanceService => ({ getBalance })

describe('balanceFromService', () => {
  test('answers what the Blockchain API answers', async () => {
    expect(
      await balanceFromService(
        service(async () => result),
        params,
      ),
    ).toEqual(result)
  })

  test('is null, for the adapter to read the chain, without a service, for a network it does not serve, or when it fails', async () => {
    expect(await balanceFromService(undefined, params)).toBeNull()
    expect(
      await balanceFromService(
        service(async () => null),
        params,
      ),
    ).toBeNull()
    expect(
      await balanceFromService(
        service(async () => {
          throw new Error('HTTP status code: 500')
        }),
        params,
      ),
    ).toBeNull()
  })
})
