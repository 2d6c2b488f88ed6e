// The lab's actions on Solana and Bitcoin (the EVM ones are in actions.ts): sign, send the native currency, send
// the SPL test mint, and build, sign and broadcast a PSBT. Browser-only code.
import { BITCOIN_CHAINS, type BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import type { SolanaAdapter } from '@latchkey/adapter-solana'
import type { CaipNetwork } from '@latchkey/core'
import { address as baddress, Psbt } from 'bitcoinjs-lib'
import { LAB_SIGN_MESSAGE, type LabActions } from './actions.js'

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The Solana actions: SOL and the SPL test mint. An empty recipient is a fresh address made when the page loaded. */
export function createSolanaActions(params: {
  adapter: SolanaAdapter
  mint: { address: string; decimals: number }
  defaultRecipient: string
}): LabActions {
  const { adapter, mint } = params
  const recipient = (given: string): string => {
    const to = given || params.defaultRecipient
    if (!BASE58_ADDRESS.test(to)) throw new Error('The recipient must be a Solana address (base58)')
    return to
  }
  return {
    symbol: 'SOL',
    async sign() {
      return (await adapter.signMessage({ message: LAB_SIGN_MESSAGE })).signature
    },
    async sendNative({ to, amount }) {
      return (await adapter.sendTransaction({ to: recipient(to), value: adapter.parseUnits(amount, 9) })).hash
    },
    async sendSpl({ to, amount }) {
      const value = adapter.parseUnits(amount, mint.decimals)
      return (await adapter.sendSplTransfer({ mint: mint.address, to: recipient(to), amount: value })).hash
    },
  }
}

/** A UTXO as Esplora lists it (`/address/:address/utxo`). */
interface Utxo {
  txid: string
  vout: number
  value: number
}

/** The fee the lab's PSBT pays: one P2WPKH input, two outputs, at a few sat/vB. */
const PSBT_FEE_SATS = 1_000n

function isUtxo(value: unknown): value is Utxo {
  const u = value as Utxo
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.txid === 'string' &&
    /^[0-9a-f]{64}$/.test(u.txid) &&
    Number.isInteger(u.vout) &&
    Number.isSafeInteger(u.value)
  )
}

/**
 * The Bitcoin actions: BTC transfers through the wallet, and a PSBT the page builds itself from one of the
 * payment address's UTXOs (read from the network's Esplora API), paying `amount` to the recipient with the change
 * back, signed by the wallet for that input and broadcast. An empty recipient is the wallet's own payment address.
 */
export function createBitcoinActions(params: {
  adapter: BitcoinAdapter
  activeNetwork: () => CaipNetwork | undefined
  esploraUrls: Readonly<Record<string, string>>
}): LabActions {
  const { adapter } = params
  const payment = (): string => {
    const account = adapter.getAccounts().find((a) => a.type === 'payment') ?? adapter.getAccounts()[0]
    if (!account) throw new Error('Connect a Bitcoin wallet first')
    return account.address
  }
  const context = () => {
    const network = params.activeNetwork()
    const esplora = network ? params.esploraUrls[network.caipNetworkId] : undefined
    const chain = network ? BITCOIN_CHAINS[String(network.id)] : undefined
    if (!esplora || !chain) throw new Error('The active network is not a local Bitcoin network')
    return { esplora, params: chain.params }
  }
  return {
    symbol: 'BTC',
    async sign() {
      return (await adapter.signMessage({ message: LAB_SIGN_MESSAGE, address: payment() })).signature
    },
    async sendNative({ to, amount }) {
      return (await adapter.sendTransaction({ to: to || payment(), value: adapter.parseUnits(amount, 8) }))
        .hash
    },
    async signPsbt({ to: given, amount }) {
      const { esplora, params: network } = context()
      const from = payment()
      const to = given || from
      const outputScript = (address: string, field: string) => {
        try {
          return baddress.toOutputScript(address, network)
        } catch {
          throw new Error(`The ${field} is not an address of this network`)
        }
      }
      const toScript = outputScript(to, 'recipient')
      const fromScript = outputScript(from, 'payment address')
      const value = adapter.parseUnits(amount, 8)
      const response = await fetch(`${esplora}/address/${encodeURIComponent(from)}/utxo`)
      if (!response.ok) throw new Error(`The network answered ${response.status} for the UTXOs`)
      const listed: unknown = await response.json()
      const utxo = (Array.isArray(listed) ? listed : [])
        .filter(isUtxo)
        .find((u) => BigInt(u.value) >= value + PSBT_FEE_SATS)
      if (!utxo) throw new Error('No UTXO of the payment address covers the amount and the fee')
      const psbt = new Psbt({ network })
      psbt.addInput({
        hash: utxo.txid,
        index: utxo.vout,
        witnessUtxo: { script: fromScript, value: BigInt(utxo.value) },
      })
      psbt.addOutput({ script: toScript, value })
      const change = BigInt(utxo.value) - value - PSBT_FEE_SATS
      if (change > 546n) psbt.addOutput({ script: fromScript, value: change })
      const signed = await adapter.signPsbt({
        psbt: psbt.toBase64(),
        signInputs: [{ address: from, index: [0] }],
        broadcast: true,
      })
      if (!signed.txid) throw new Error('The PSBT was signed but not broadcast')
      return signed.txid
    },
  }
}
