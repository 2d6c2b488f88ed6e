// The sats-connect methods the wallet answers (names and shapes of @sats-connect/core 0.10).
import { Psbt } from 'bitcoinjs-lib'
import {
  activeAddresses,
  activeKeys,
  findAddress,
  networkParams,
  publicAddress,
  satsNetworkName,
} from './addresses.js'
import { fromBase64, fromHex, toBase64, toHex } from './bytes.js'
import { accessDenied, invalidParams, RpcErrorCode, WalletRpcError } from './errors.js'
import { broadcastTx, fetchBalance } from './esplora.js'
import { changeNetwork, grant, revoke } from './session.js'
import { type InputsToSign, signMessageBip322, signMessageEcdsa, signPsbtInputs } from './signing.js'
import type { WalletState } from './state.js'
import { sendTransfer } from './transfer.js'
import type { RequestLogEntry } from './types.js'

export type Handler = (params: unknown, entry: RequestLogEntry) => Promise<unknown>

const asObject = (params: unknown, method: string): Record<string, unknown> => {
  if (params === undefined || params === null) return {}
  if (typeof params !== 'object' || Array.isArray(params))
    throw invalidParams(`${method}: params must be an object`)
  return params as Record<string, unknown>
}

const PURPOSES = new Set(['payment', 'ordinals'])

function requestedAddresses(state: WalletState, purposes: unknown, method: string) {
  const addresses = activeAddresses(state)
  if (purposes === undefined) return addresses.map(publicAddress)
  if (!Array.isArray(purposes) || purposes.some((purpose) => typeof purpose !== 'string'))
    throw invalidParams(`${method}: purposes must be an array of address purposes`)
  // Purposes the wallet has no address for (stacks, spark, starknet) are left out, as wallets without them do.
  return addresses.filter((entry) => purposes.includes(entry.purpose)).map(publicAddress)
}

function networkResult(state: WalletState) {
  return {
    bitcoin: { name: satsNetworkName(state.network.network) },
    stacks: { name: 'testnet' },
    spark: { name: 'regtest' },
  }
}

function requireConnected(state: WalletState): void {
  if (!state.connected) throw accessDenied()
}

/** Parses a PSBT given in base64 or hex (wallets and sites use both). */
function parsePsbt(text: unknown, state: WalletState): Psbt {
  if (typeof text !== 'string' || text.length === 0)
    throw invalidParams('psbt must be a base64 or hex string')
  const network = networkParams(state.network.network)
  try {
    const bytes = /^70736274ff[0-9a-fA-F]*$/i.test(text) ? fromHex(text) : fromBase64(text)
    return Psbt.fromBuffer(bytes, { network })
  } catch (error) {
    throw invalidParams(`psbt is not a valid PSBT: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Builds the signing plan of a sats-connect `signInputs` map (address -> input indexes). */
export function planFromSignInputs(state: WalletState, psbt: Psbt, signInputs: unknown): InputsToSign[] {
  if (signInputs === undefined) {
    // No map: every input paying one of the wallet's addresses.
    return activeAddresses(state).map((entry) => ({
      kind: entry.purpose,
      script: entry.script,
      indexes: psbt.data.inputs.flatMap((input, index) =>
        input.witnessUtxo && toHex(input.witnessUtxo.script) === toHex(entry.script) ? [index] : [],
      ),
    }))
  }
  if (typeof signInputs !== 'object' || signInputs === null || Array.isArray(signInputs))
    throw invalidParams('signInputs must map addresses to arrays of input indexes')
  return Object.entries(signInputs).map(([address, indexes]) => {
    const entry = findAddress(state, address)
    if (!entry)
      throw invalidParams(`signInputs: ${address} is not an address of this wallet on ${state.network.name}`)
    if (!Array.isArray(indexes) || indexes.some((index) => !Number.isInteger(index)))
      throw invalidParams(`signInputs[${address}] must be an array of input indexes`)
    return { kind: entry.purpose, script: entry.script, indexes: indexes as number[] }
  })
}

/** Signs per plan; with `broadcast`, extracts and sends the transaction. Answers in the wallet's PSBT format. */
export async function signAndMaybeBroadcast(
  state: WalletState,
  psbt: Psbt,
  plan: InputsToSign[],
  broadcast: boolean,
) {
  const signed = signPsbtInputs(psbt, activeKeys(state), plan)
  if (signed.length === 0) throw invalidParams('No input of the PSBT belongs to this wallet')
  let txid: string | undefined
  if (broadcast) {
    let hex: string
    try {
      hex = psbt.extractTransaction(true).toHex()
    } catch (error) {
      throw invalidParams(
        `Cannot broadcast: not every input is signed (${error instanceof Error ? error.message : String(error)})`,
      )
    }
    txid = await broadcastTx(state.network.esploraUrl, hex)
  }
  const bytes = psbt.toBuffer()
  return { psbt: state.psbtFormat === 'hex' ? toHex(bytes) : toBase64(bytes), ...(txid ? { txid } : {}) }
}

/** Signs a message with the address's key; ECDSA (payment only) or BIP-322 simple. */
export function signMessageFor(state: WalletState, address: unknown, message: Uint8Array, protocol: unknown) {
  const entry = findAddress(state, address)
  if (!entry)
    throw invalidParams(`${String(address)} is not an address of this wallet on ${state.network.name}`)
  const chosen = protocol ?? (entry.purpose === 'payment' ? 'ECDSA' : 'BIP322')
  if (chosen !== 'ECDSA' && chosen !== 'BIP322')
    throw invalidParams(`Unknown protocol ${String(protocol)}; use ECDSA or BIP322`)
  if (chosen === 'ECDSA' && entry.purpose !== 'payment')
    throw invalidParams(
      'ECDSA message signing is for the payment address; sign with BIP322 for the ordinals (taproot) address',
    )
  const keys = activeKeys(state)
  const { signature, hash } =
    chosen === 'ECDSA'
      ? signMessageEcdsa(keys, message)
      : signMessageBip322(keys, entry.purpose, entry.script, networkParams(state.network.network), message)
  return { entry, protocol: chosen as 'ECDSA' | 'BIP322', signature, hash }
}

export const WALLET_VERSION = '1.5.0'

export function satsConnectHandlers(state: WalletState): Record<string, Handler> {
  const { approvals } = state
  const connect = async (entry: RequestLogEntry) => {
    if (!state.connected) await approvals.prompt(entry)
    grant(state)
  }
  const handlers: Record<string, Handler> = {
    async getInfo() {
      return { version: WALLET_VERSION, platform: 'web', methods: Object.keys(handlers), supports: [] }
    },
    async wallet_connect(params, entry) {
      const { addresses } = asObject(params, 'wallet_connect')
      if (
        addresses !== undefined &&
        (!Array.isArray(addresses) ||
          addresses.some(
            (p) =>
              typeof p !== 'string' || (!PURPOSES.has(p) && !['stacks', 'spark', 'starknet'].includes(p)),
          ))
      )
        throw invalidParams('wallet_connect: addresses must list address purposes')
      await connect(entry)
      return {
        id: `latchkey-${state.active}`,
        addresses: requestedAddresses(state, addresses, 'wallet_connect'),
        walletType: 'software',
        network: networkResult(state),
      }
    },
    async wallet_requestPermissions(_params, entry) {
      await connect(entry)
      return true
    },
    async getAccounts(params, entry) {
      const { purposes } = asObject(params, 'getAccounts')
      await connect(entry)
      return requestedAddresses(state, purposes, 'getAccounts')
    },
    async getAddresses(params, entry) {
      const { purposes } = asObject(params, 'getAddresses')
      await connect(entry)
      return { addresses: requestedAddresses(state, purposes, 'getAddresses'), network: networkResult(state) }
    },
    async wallet_getAccount() {
      requireConnected(state)
      return {
        id: `latchkey-${state.active}`,
        addresses: requestedAddresses(state, undefined, ''),
        walletType: 'software',
        network: networkResult(state),
      }
    },
    async wallet_getNetwork() {
      return networkResult(state)
    },
    async wallet_getWalletType() {
      return 'software'
    },
    async wallet_changeNetwork(params, entry) {
      const { name } = asObject(params, 'wallet_changeNetwork')
      const target = state.networks.find((network) => satsNetworkName(network.network) === name)
      if (!target) throw invalidParams(`wallet_changeNetwork: the wallet has no ${String(name)} network`)
      await approvals.prompt(entry)
      changeNetwork(state, target.name)
      return null
    },
    async wallet_changeNetworkById(params, entry) {
      const { id } = asObject(params, 'wallet_changeNetworkById')
      const target = state.networks.find((network) => network.name === id)
      if (!target) throw invalidParams(`wallet_changeNetworkById: unknown network id ${String(id)}`)
      await approvals.prompt(entry)
      changeNetwork(state, target.name)
      return null
    },
    async wallet_disconnect() {
      revoke(state)
      return null
    },
    async wallet_renouncePermissions() {
      revoke(state)
      return null
    },
    async getBalance() {
      requireConnected(state)
      const [payment] = activeAddresses(state)
      const { confirmed, unconfirmed } = await fetchBalance(state.network.esploraUrl, payment.address)
      return {
        confirmed: String(confirmed),
        unconfirmed: String(unconfirmed),
        total: String(confirmed + unconfirmed),
      }
    },
    async signMessage(params, entry) {
      requireConnected(state)
      const { address, message, protocol } = asObject(params, 'signMessage')
      if (typeof message !== 'string') throw invalidParams('signMessage: message must be a string')
      const bytes = new TextEncoder().encode(message)
      signMessageFor(state, address, bytes, protocol) // validates before the prompt
      await approvals.prompt(entry)
      const signed = signMessageFor(state, address, bytes, protocol)
      return {
        signature: toBase64(signed.signature),
        messageHash: toHex(signed.hash),
        address: signed.entry.address,
        protocol: signed.protocol,
      }
    },
    async signPsbt(params, entry) {
      requireConnected(state)
      const { psbt: text, signInputs, broadcast } = asObject(params, 'signPsbt')
      if (broadcast !== undefined && typeof broadcast !== 'boolean')
        throw invalidParams('signPsbt: broadcast must be a boolean')
      const psbt = parsePsbt(text, state)
      const plan = planFromSignInputs(state, psbt, signInputs)
      await approvals.prompt(entry)
      return signAndMaybeBroadcast(state, psbt, plan, broadcast === true)
    },
    async sendTransfer(params, entry) {
      requireConnected(state)
      const { recipients } = asObject(params, 'sendTransfer')
      if (!Array.isArray(recipients) || recipients.some((r) => typeof r !== 'object' || r === null))
        throw invalidParams('sendTransfer: recipients must be an array of { address, amount }')
      await approvals.prompt(entry)
      const [payment] = activeAddresses(state)
      const txid = await sendTransfer({
        keys: activeKeys(state),
        paymentAddress: payment.address,
        paymentScript: payment.script,
        network: networkParams(state.network.network),
        esploraUrl: state.network.esploraUrl,
        recipients: recipients as { address: string; amount: number }[],
      })
      return { txid }
    },
  }
  return handlers
}

export function methodNotFound(method: string): WalletRpcError {
  return new WalletRpcError(RpcErrorCode.METHOD_NOT_FOUND, `Method ${method} is not supported by this wallet`)
}
