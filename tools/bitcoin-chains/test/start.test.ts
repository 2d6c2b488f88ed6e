import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BitcoinNetworks,
  FUNDED_UTXO_COUNT,
  FUNDED_UTXO_SATS,
  getTestAccounts,
  PortInUseError,
  startBitcoinNetworks,
} from '../src/index.js'
import { type AddressStats, getJson, getText, type Utxo } from './helpers.js'

let btc: BitcoinNetworks

beforeAll(async () => {
  btc = await startBitcoinNetworks({ ephemeral: true })
})
afterAll(async () => {
  await btc.stop()
})

describe('startBitcoinNetworks', () => {
  it('starts a regtest and a testnet network on 127.0.0.1 and describes them in a JSON-safe info object', () => {
    const info = btc.info()
    expect(info.networks.map(({ name, network }) => ({ name, network }))).toEqual([
      { name: 'Latchkey Bitcoin Regtest', network: 'regtest' },
      { name: 'Latchkey Bitcoin Testnet', network: 'testnet' },
    ])
    for (const network of info.networks) expect(network.esploraUrl).toBe(`http://127.0.0.1:${network.port}`)
    expect(info.accounts).toHaveLength(10)
    expect(JSON.parse(JSON.stringify(info))).toEqual(info)
  })

  it('derives the documented BIP-84 / BIP-86 addresses of the test mnemonic', () => {
    // Reference values from an independent BIP-32 implementation (bip32 + @scure/bip39).
    const [account0] = getTestAccounts(1)
    expect(account0!.payment.path).toBe("m/84'/1'/0'/0/0")
    expect(account0!.taproot.path).toBe("m/86'/1'/0'/0/0")
    const third = btc.accounts[3]!
    expect(third.payment.addresses).toEqual({
      regtest: 'bcrt1q0rvyhr5465rrdfmavlj67u7ru5vr434c08qx4e',
      testnet: 'tb1q0rvyhr5465rrdfmavlj67u7ru5vr434cdwetzs',
    })
    expect(third.taproot.addresses.regtest).toBe(
      'bcrt1plafgmyp8xpy9fvljgmeaea57zsad2aqujxcqmag6u9r3zpmyg6aqek54f7',
    )
  })

  it('starts from the real genesis block of its kind, so the genesis hash (the CAIP-2 id) is the one wallets use', async () => {
    const expected = {
      regtest: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
      testnet: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    }
    for (const network of btc.networks) {
      const genesis = await getText(`${network.esploraUrl}/block-height/0`)
      expect(genesis).toEqual({ status: 200, text: expected[network.network] })
      // Its coinbase, the one every Bitcoin network shares, is there and pays nobody the ledger knows.
      const coinbase = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'
      expect(await getJson(`${network.esploraUrl}/tx/${coinbase}/status`)).toMatchObject({
        confirmed: true,
        block_height: 0,
        block_hash: expected[network.network],
      })
    }
  })

  it('funds every account on both networks, confirmed in block 1', async () => {
    for (const network of btc.networks) {
      const kind = network.network
      expect(await getText(`${network.esploraUrl}/blocks/tip/height`)).toEqual({ status: 200, text: '1' })
      for (const account of btc.accounts) {
        for (const address of [account.payment.addresses[kind], account.taproot.addresses[kind]]) {
          const stats = await getJson<AddressStats>(`${network.esploraUrl}/address/${address}`)
          expect(stats).toEqual({
            address,
            chain_stats: {
              funded_txo_count: FUNDED_UTXO_COUNT,
              funded_txo_sum: FUNDED_UTXO_COUNT * FUNDED_UTXO_SATS,
              spent_txo_count: 0,
              spent_txo_sum: 0,
              tx_count: 1,
            },
            mempool_stats: {
              funded_txo_count: 0,
              funded_txo_sum: 0,
              spent_txo_count: 0,
              spent_txo_sum: 0,
              tx_count: 0,
            },
          })
        }
      }
      const utxos = await getJson<Utxo[]>(
        `${network.esploraUrl}/address/${btc.accounts[0]!.payment.addresses[kind]}/utxo`,
      )
      expect(utxos).toHaveLength(FUNDED_UTXO_COUNT)
      expect(utxos[0]!.status).toMatchObject({ confirmed: true, block_height: 1 })
    }
  })

  it('refuses an address of the other network with a 400 and a clear message', async () => {
    const [regtest] = btc.networks
    const testnetAddress = btc.accounts[0]!.payment.addresses.testnet
    expect(await getText(`${regtest.esploraUrl}/address/${testnetAddress}`)).toEqual({
      status: 400,
      text: `Invalid Bitcoin address: ${testnetAddress}`,
    })
    expect((await getText(`${regtest.esploraUrl}/tx/${'ab'.repeat(32)}`)).status).toBe(404)
    expect((await getText(`${regtest.esploraUrl}/nothing`)).status).toBe(404)
  })

  it('answers fee estimates with Esplora keys and positive sat/vB rates, faster targets costing more', async () => {
    const estimates = await getJson<Record<string, number>>(`${btc.networks[0].esploraUrl}/fee-estimates`)
    const targets = Object.keys(estimates)
      .map(Number)
      .sort((a, b) => a - b)
    expect(targets).toEqual([...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008])
    for (const rate of Object.values(estimates)) expect(rate).toBeGreaterThanOrEqual(1)
    expect(estimates['1']!).toBeGreaterThan(estimates['6']!)
    expect(estimates['6']!).toBeGreaterThan(estimates['144']!)
  })

  it('throws PortInUseError naming the variable when a fixed port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(
        startBitcoinNetworks({ env: { LATCHKEY_BTC1_PORT: String(port), LATCHKEY_BTC2_PORT: '0' } }),
      ).rejects.toThrow(new PortInUseError(port, 'LATCHKEY_BTC1_PORT'))
      await expect(startBitcoinNetworks({ ports: { btc1: 0, btc2: port } })).rejects.toThrow(
        `Port ${port} is already in use`,
      )
      await expect(startBitcoinNetworks({ env: { LATCHKEY_BTC1_PORT: 'x' } })).rejects.toThrow(
        "LATCHKEY_BTC1_PORT must be a port number between 0 and 65535, got 'x'.",
      )
    } finally {
      blocker.close()
    }
  })
})
