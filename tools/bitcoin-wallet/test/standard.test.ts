// The wallet through the Wallet Standard in Node, discovered by @wallet-standard/app's getWallets() (on an
// EventTarget standing in for the window), then the standard:* and bitcoin:* features.
// Account 7 belongs to this file; the networks are this file's own.
import { type BitcoinNetworks, getTestAccounts, networkParams } from '@latchkey/bitcoin-chains'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { Psbt, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinTestWallet, createBitcoinTestWallet, RpcErrorCode } from '../src/index.js'
import { balance, getJson, startNetworks, type Utxo } from './helpers.js'

let btc: BitcoinNetworks
let wallet: BitcoinTestWallet
let standard: Wallet
const account7 = getTestAccounts(8)[7]!

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>>>
const feature = (name: string) => (standard.features as unknown as Features)[name]!

beforeAll(async () => {
  const started = await startNetworks()
  btc = started.btc
  wallet = createBitcoinTestWallet({
    networks: started.networks,
    accountIndices: [7],
    name: 'Latchkey Standard Test',
  })
  // @wallet-standard/app discovers wallets on `window`; in Node an EventTarget stands in for it.
  const window = new EventTarget()
  ;(globalThis as { window?: unknown }).window = window
  const { getWallets } = await import('@wallet-standard/app')
  const apps = getWallets()
  wallet.registerStandard(window)
  const registered = apps.get().filter((w) => w.name === 'Latchkey Standard Test')
  expect(registered).toHaveLength(1)
  standard = registered[0]!
})
afterAll(async () => {
  await btc.stop()
})

describe('Wallet Standard', () => {
  it('describes itself: name, icon, bitcoin chains and the bitcoin features', () => {
    expect(standard.name).toBe('Latchkey Standard Test')
    expect(standard.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(standard.chains).toEqual(['bitcoin:regtest', 'bitcoin:testnet'])
    expect(Object.keys(standard.features).sort()).toEqual([
      'bitcoin:connect',
      'bitcoin:signAndSendTransaction',
      'bitcoin:signMessage',
      'bitcoin:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(standard.accounts).toEqual([])
  })

  it('silent connect grants nothing; bitcoin:connect asks and answers accounts in the order of the purposes', async () => {
    const changes: (readonly WalletAccount[] | undefined)[] = []
    const off = (
      feature('standard:events').on as unknown as (
        e: string,
        l: (p: { accounts?: readonly WalletAccount[] }) => void,
      ) => () => void
    )('change', (properties) => changes.push(properties.accounts))
    expect(await feature('standard:connect').connect!({ silent: true } as never)).toEqual({ accounts: [] })
    expect(wallet.prompts()).toHaveLength(0)
    const { accounts } = (await feature('bitcoin:connect').connect!({
      purposes: ['ordinals', 'payment'],
    } as never)) as {
      accounts: WalletAccount[]
    }
    expect(accounts.map((account) => account.address)).toEqual([
      account7.taproot.addresses.regtest,
      account7.payment.addresses.regtest,
    ])
    expect(Buffer.from(accounts[1]!.publicKey).toString('hex')).toBe(account7.payment.publicKey)
    expect(accounts[0]!.chains).toEqual(['bitcoin:regtest'])
    expect(changes).toHaveLength(1)
    wallet.switchNetwork('Latchkey Bitcoin Testnet')
    expect(changes).toHaveLength(2)
    expect(changes[1]!.map((account) => account.address)).toEqual([
      account7.payment.addresses.testnet,
      account7.taproot.addresses.testnet,
    ])
    wallet.switchNetwork('Latchkey Bitcoin Regtest')
    off()
  })

  it('bitcoin:signTransaction signs the chosen inputs; bitcoin:signAndSendTransaction broadcasts', async () => {
    const network = networkParams('regtest')
    const esplora = wallet.network.esploraUrl
    const [payment, ordinals] = standard.accounts as [WalletAccount, WalletAccount]
    const build = async () => {
      const [utxo] = await getJson<Utxo[]>(`${esplora}/address/${ordinals.address}/utxo`)
      const psbt = new Psbt({ network })
      psbt.addInput({
        hash: utxo!.txid,
        index: utxo!.vout,
        witnessUtxo: {
          script: payments.p2tr({ address: ordinals.address, network }).output!,
          value: BigInt(utxo!.value),
        },
      })
      psbt.addOutput({ address: payment.address, value: BigInt(utxo!.value - 1_000) })
      return psbt
    }
    const psbt = await build()
    const inputs = {
      psbt: psbt.toBuffer(),
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: ordinals, signingIndexes: [0] }],
    }
    const [signed] = (await feature('bitcoin:signTransaction').signTransaction!(inputs as never)) as {
      signedPsbt: Uint8Array
    }[]
    const tx = Psbt.fromBuffer(signed!.signedPsbt).extractTransaction()
    expect(tx.ins[0]!.witness[0]).toHaveLength(64)

    const before = await balance(esplora, payment.address)
    const [sent] = (await feature('bitcoin:signAndSendTransaction').signAndSendTransaction!(
      inputs as never,
    )) as { txId: string }[]
    expect(sent!.txId).toBe(tx.getId())
    expect(await balance(esplora, payment.address)).toBe(before + Number(psbt.txOutputs[0]!.value))

    await expect(
      feature('bitcoin:signTransaction').signTransaction!({ ...inputs, chain: 'bitcoin:testnet' } as never),
    ).rejects.toMatchObject({
      code: RpcErrorCode.INVALID_PARAMS,
      message: 'The wallet is on bitcoin:regtest, not bitcoin:testnet',
    })
    wallet.setPolicy('reject')
    await expect(feature('bitcoin:signTransaction').signTransaction!(inputs as never)).rejects.toMatchObject({
      code: RpcErrorCode.USER_REJECTION,
    })
    wallet.setPolicy('approve')
  })

  it('standard:disconnect empties the accounts and notifies once', async () => {
    let count = 0
    const off = (feature('standard:events').on as unknown as (e: string, l: () => void) => () => void)(
      'change',
      () => count++,
    )
    await feature('standard:disconnect').disconnect!()
    await feature('standard:disconnect').disconnect!()
    expect(standard.accounts).toEqual([])
    expect(count).toBe(1)
    off()
  })
})
