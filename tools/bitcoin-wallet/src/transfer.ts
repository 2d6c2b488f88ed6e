// sendTransfer: coin selection from the payment address, a P2WPKH change output, fee from the fee estimates.
import { address as baddress, type Network, Psbt } from 'bitcoinjs-lib'
import { invalidParams, RpcErrorCode, WalletRpcError } from './errors.js'
import { broadcastTx, fetchFeeRate, fetchUtxos } from './esplora.js'
import type { AccountKeys } from './keys.js'
import { signPsbtInputs } from './signing.js'

const DUST = 546

function outputVbytes(script: Uint8Array): number {
  return 9 + script.length
}

/** Builds, signs and broadcasts a payment to `recipients` from the payment address; resolves with the txid. */
export async function sendTransfer(options: {
  keys: AccountKeys
  paymentAddress: string
  paymentScript: Uint8Array
  network: Network
  esploraUrl: string
  recipients: readonly { address: string; amount: number }[]
}): Promise<string> {
  const { network, paymentScript } = options
  if (options.recipients.length === 0) throw invalidParams('recipients must list at least one recipient')
  const outputs = options.recipients.map((recipient, i) => {
    let script: Uint8Array
    try {
      script = baddress.toOutputScript(recipient.address, network)
    } catch {
      throw invalidParams(`recipients[${i}].address is not an address of this network: ${recipient.address}`)
    }
    if (!Number.isSafeInteger(recipient.amount) || recipient.amount < DUST)
      throw invalidParams(`recipients[${i}].amount must be an integer number of satoshis of at least ${DUST}`)
    return { script, value: recipient.amount }
  })
  const feeRate = await fetchFeeRate(options.esploraUrl)
  const utxos = (await fetchUtxos(options.esploraUrl, options.paymentAddress)).sort(
    (a, b) => b.value - a.value,
  )
  const amount = outputs.reduce((sum, output) => sum + output.value, 0)
  const baseVbytes = 11 + outputs.reduce((sum, output) => sum + outputVbytes(output.script), 0)
  const chosen: typeof utxos = []
  let total = 0
  let fee = 0
  for (const utxo of utxos) {
    chosen.push(utxo)
    total += utxo.value
    fee = Math.ceil(feeRate * (baseVbytes + 68 * chosen.length + outputVbytes(paymentScript)))
    if (total >= amount + fee) break
  }
  if (total < amount + fee)
    throw new WalletRpcError(
      RpcErrorCode.INTERNAL_ERROR,
      `Insufficient balance: ${total} sats available, ${amount + fee} needed`,
    )
  const psbt = new Psbt({ network })
  for (const utxo of chosen)
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: paymentScript, value: BigInt(utxo.value) },
    })
  for (const output of outputs) psbt.addOutput({ script: output.script, value: BigInt(output.value) })
  const change = total - amount - fee
  if (change >= DUST) psbt.addOutput({ script: paymentScript, value: BigInt(change) })
  signPsbtInputs(psbt, options.keys, [
    { kind: 'payment', script: paymentScript, indexes: chosen.map((_, i) => i) },
  ])
  return broadcastTx(options.esploraUrl, psbt.extractTransaction(true).toHex())
}
