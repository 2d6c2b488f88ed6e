/** PSBT signing through the adapter: hex- and base64-answering wallets give the same base64; broadcast lands. */
import { describe, expect, test } from 'vitest'
import {
  adapterFor,
  balanceOf,
  freshAddress,
  fundedKeys,
  localRegtest,
  PROVIDER_ID,
  testWallet,
  transferPsbt,
} from './support.js'

async function connectedWallet(psbtFormat: 'hex' | 'base64', keys?: { payment: string; ordinals: string }[]) {
  const setup = testWallet(keys ?? (await fundedKeys(1)), psbtFormat)
  const adapter = await adapterFor(setup.discoveryTarget)
  const result = await adapter.connect({ connectorId: PROVIDER_ID, network: localRegtest })
  return { ...setup, adapter, result }
}

describe('signPsbt', () => {
  test('a hex-answering and a base64-answering wallet give the same base64 PSBT; broadcast moves the balances', async () => {
    const keys = await fundedKeys(1)
    const hexSide = await connectedWallet('hex', keys)
    const b64Side = await connectedWallet('base64', keys)
    const from = hexSide.result.accounts[0]!.address
    const to = freshAddress()
    const psbt = await transferPsbt(from, to, 50_000n)
    const signInputs = [{ address: from, index: [0] }]
    const viaHex = await hexSide.adapter.signPsbt({ psbt, signInputs })
    const viaBase64 = await b64Side.adapter.signPsbt({ psbt, signInputs })
    expect(viaHex.psbt).toMatch(/^cHNidP8/)
    expect(viaHex.psbt).toBe(viaBase64.psbt)
    expect(hexSide.wallet.log.find((e) => e.method === 'signPsbt')?.result).toMatchObject({
      psbt: expect.stringMatching(/^70736274ff/),
    })
    const before = await balanceOf(localRegtest, from)
    const sent = await hexSide.adapter.signPsbt({ psbt, signInputs, broadcast: true })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(sent.psbt).toBe(viaHex.psbt)
    expect(await balanceOf(localRegtest, to)).toBe(50_000n)
    expect(before - (await balanceOf(localRegtest, from))).toBe(51_000n)
  })

  test('a rejected signPsbt is 4001 and broadcasts nothing', async () => {
    const { adapter, wallet, result } = await connectedWallet('base64')
    const from = result.accounts[0]!.address
    const to = freshAddress()
    const psbt = await transferPsbt(from, to, 10_000n)
    wallet.setPolicy('reject')
    await expect(
      adapter.signPsbt({ psbt, signInputs: [{ address: from, index: [0] }], broadcast: true }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(localRegtest, to)).toBe(0n)
  })

  test('a malformed PSBT is refused before the wallet sees it', async () => {
    const { adapter, wallet, result } = await connectedWallet('base64')
    await expect(
      adapter.signPsbt({
        psbt: 'not a psbt',
        signInputs: [{ address: result.accounts[0]!.address, index: [0] }],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(wallet.log.some((e) => e.method === 'signPsbt')).toBe(false)
  })
})

describe('accounts and connectors', () => {
  test('allAccounts: payment then ordinal, through sats-connect and the Wallet Standard', async () => {
    const setup = testWallet(await fundedKeys(1))
    const adapter = await adapterFor(setup.discoveryTarget)
    const ids = adapter.getConnectors().map((c) => c.id)
    expect(ids).toEqual([PROVIDER_ID, 'Latchkey Bitcoin Standard Wallet'])
    const sats = await adapter.connect({ connectorId: PROVIDER_ID })
    expect(sats.accounts.map((a) => [a.type, a.address])).toEqual([
      ['payment', setup.wallet.paymentAddress],
      ['ordinal', setup.wallet.ordinalsAddress],
    ])
    await adapter.disconnect()
    const standard = await adapter.connect({ connectorId: 'Latchkey Bitcoin Standard Wallet' })
    expect(standard.accounts.map((a) => a.caipAddress)).toEqual(sats.accounts.map((a) => a.caipAddress))
    expect(standard.network.caipNetworkId).toBe(localRegtest.caipNetworkId)
  })

  test('a rejected connect is 4001; an unknown connector is CONNECTOR_NOT_FOUND; estimateGas is unsupported', async () => {
    const setup = testWallet(await fundedKeys(1))
    const adapter = await adapterFor(setup.discoveryTarget)
    setup.wallet.setPolicy('reject')
    await expect(adapter.connect({ connectorId: PROVIDER_ID })).rejects.toMatchObject({ code: 4001 })
    await expect(adapter.connect({ connectorId: 'Latchkey Bitcoin Standard Wallet' })).rejects.toMatchObject({
      code: 4001,
    })
    expect(adapter.getAccounts()).toEqual([])
    await expect(adapter.connect({ connectorId: 'nope' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
    await expect(adapter.estimateGas()).rejects.toMatchObject({ code: 'UNSUPPORTED_OPERATION' })
    expect(adapter.parseUnits('1.5', 8)).toBe(150_000_000n)
    expect(adapter.formatUnits(150_000_000n, 8)).toBe('1.5')
  })
})
