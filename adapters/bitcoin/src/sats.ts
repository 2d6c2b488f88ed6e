// sats-connect wallets, spoken to the way sats-connect does it: `btc_providers` entries on the page's window,
// each provider found by walking its dotted id from the window, requests answered as JSON-RPC 2.0 objects.
// The discovery runs on the adapter's discovery target instead of the global `window`, so it works in Node tests
// and never reads a browser global at import time.
import { caipIdOfWalletNetwork, chainInfo } from './chains.js'
import type { BitcoinWalletClient, WalletAddress, WalletChange, WalletSnapshot } from './client.js'
import { isAccessDenied } from './errors.js'

/** A `btc_providers` entry, validated. */
export interface SatsProviderEntry {
  id: string
  name: string
  icon: string | undefined
}

interface SatsProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(listener: { eventName: string; cb: (event: unknown) => void }): (() => void) | undefined
}

const PROVIDER_ID = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/

/** The valid `btc_providers` entries on `target` (wallet data is hostile: shapes are checked, names capped). */
export function satsProviders(target: object | undefined): SatsProviderEntry[] {
  const list = (target as { btc_providers?: unknown } | undefined)?.btc_providers
  if (!Array.isArray(list)) return []
  const found: SatsProviderEntry[] = []
  for (const raw of list) {
    const entry = raw as { id?: unknown; name?: unknown; icon?: unknown } | null
    if (typeof entry?.id !== 'string' || !PROVIDER_ID.test(entry.id) || typeof entry.name !== 'string')
      continue
    if (found.some((f) => f.id === entry.id)) continue
    found.push({
      id: entry.id,
      name: entry.name.slice(0, 64),
      icon: typeof entry.icon === 'string' ? entry.icon : undefined,
    })
  }
  return found
}

/** The provider object at the dotted `id` under `target`, when it has a `request` function. */
export function satsProviderAt(target: object, id: string): SatsProvider | undefined {
  let node: unknown = target
  for (const part of id.split('.')) {
    if (part === '__proto__' || part === 'constructor' || part === 'prototype') return undefined
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  }
  const provider = node as SatsProvider | undefined
  return typeof provider?.request === 'function' ? provider : undefined
}

/** Calls a sats-connect method; resolves its result, throws its `error` object ({ code, message }). */
async function rpc(provider: SatsProvider, method: string, params?: unknown): Promise<unknown> {
  const answer = (await provider.request(method, params)) as
    | { result?: unknown; error?: { code?: unknown; message?: unknown } }
    | undefined
  if (answer && typeof answer === 'object' && 'error' in answer && answer.error) throw answer.error
  if (answer && typeof answer === 'object' && 'result' in answer) return answer.result
  throw { code: -32603, message: `The wallet answered ${method} with an unknown response` }
}

function readAddresses(value: unknown): WalletAddress[] {
  const list = Array.isArray(value) ? value : (value as { addresses?: unknown } | null)?.addresses
  if (!Array.isArray(list)) throw { code: -32603, message: 'The wallet answered no address list' }
  const out: WalletAddress[] = []
  for (const raw of list) {
    const item = raw as { address?: unknown; publicKey?: unknown; purpose?: unknown } | null
    if (typeof item?.address !== 'string' || item.address.length > 100) continue
    if (item.purpose !== 'payment' && item.purpose !== 'ordinals') continue
    out.push({
      address: item.address,
      purpose: item.purpose,
      ...(typeof item.publicKey === 'string' ? { publicKey: item.publicKey } : {}),
    })
  }
  return out
}

function readNetwork(value: unknown): string | undefined {
  const name = (value as { bitcoin?: { name?: unknown } } | null)?.bitcoin?.name
  return typeof name === 'string' ? caipIdOfWalletNetwork(name) : undefined
}

/** A sats-connect wallet as a {@link BitcoinWalletClient}. */
export function satsClient(provider: SatsProvider): BitcoinWalletClient {
  const snapshot = async (addresses: WalletAddress[], network?: unknown): Promise<WalletSnapshot> => ({
    addresses,
    caipNetworkId: readNetwork(network ?? (await rpc(provider, 'wallet_getNetwork'))),
  })
  return {
    networkSwitch: 'wallet',
    transfers: true,
    provider,
    async connect() {
      const result = (await rpc(provider, 'wallet_connect', { addresses: ['payment', 'ordinals'] })) as {
        network?: unknown
      }
      return snapshot(readAddresses(result), result?.network)
    },
    async silent() {
      try {
        const result = (await rpc(provider, 'wallet_getAccount')) as { network?: unknown }
        return await snapshot(readAddresses(result), result?.network)
      } catch (error) {
        if (isAccessDenied(error)) return null
        throw error
      }
    },
    async changeNetwork(caipNetworkId) {
      const name = chainInfo(caipNetworkId)?.satsName
      if (!name) throw { code: 4902, message: `The wallet has no name for ${caipNetworkId}` }
      await rpc(provider, 'wallet_changeNetwork', { name })
    },
    async signMessage({ address, message, protocol }) {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
      const result = (await rpc(provider, 'signMessage', {
        address,
        message: text,
        ...(protocol ? { protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' } : {}),
      })) as { signature?: unknown }
      if (typeof result?.signature !== 'string') throw { code: -32603, message: 'No signature in the answer' }
      return result.signature
    },
    async signPsbt({ psbt, signInputs, broadcast }) {
      const byAddress: Record<string, number[]> = {}
      for (const entry of signInputs)
        byAddress[entry.address] = [...(byAddress[entry.address] ?? []), ...entry.index]
      const result = (await rpc(provider, 'signPsbt', { psbt, signInputs: byAddress, broadcast })) as {
        psbt?: unknown
        txid?: unknown
      }
      if (typeof result?.psbt !== 'string') throw { code: -32603, message: 'No PSBT in the answer' }
      return { psbt: result.psbt, ...(typeof result.txid === 'string' ? { txid: result.txid } : {}) }
    },
    async sendTransfer({ to, amount }) {
      if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw { code: -32602, message: 'Amount too large' }
      const result = (await rpc(provider, 'sendTransfer', {
        recipients: [{ address: to, amount: Number(amount) }],
      })) as { txid?: unknown }
      if (typeof result?.txid !== 'string') throw { code: -32603, message: 'No txid in the answer' }
      return result.txid
    },
    async disconnect() {
      await rpc(provider, 'wallet_disconnect')
    },
    watch(listener) {
      if (typeof provider.addListener !== 'function') return () => {}
      const stops = (['accountChange', 'networkChange', 'disconnect'] as const).map((eventName) =>
        provider.addListener?.({
          eventName,
          cb: (event) => {
            const change: WalletChange =
              eventName === 'accountChange'
                ? { kind: 'accounts' }
                : eventName === 'networkChange'
                  ? { kind: 'network', caipNetworkId: readNetwork(event) }
                  : { kind: 'disconnect' }
            listener(change)
          },
        }),
      )
      return () => {
        for (const stop of stops) if (typeof stop === 'function') stop()
      }
    },
  }
}
