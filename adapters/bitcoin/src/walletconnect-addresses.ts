// What stands behind each account of the kit's WalletConnect session on Bitcoin. A WalletConnect Bitcoin account is
// its payment address alone; getAccountAddresses (Reown's Bitcoin RPC reference) adds its public key, path and
// ordinals address. The wallet is asked while the user is at it, its answers are checked (a wallet at the other end
// of a relay is as hostile as any other) and kept per session account in the adapter's storage, so that switches
// and reloads need no wallet round trip.
import {
  type AdapterContext,
  type CaipAddress,
  type CaipNetworkId,
  parseCaipAddress,
  readJson,
  type WalletConnectProvider,
} from '@latchkey/core'
import type { WalletConnectConnection } from '@latchkey/core/walletconnect'
import { isAddressOn } from './chains.js'
import type { WalletAddress } from './client.js'

/** Where the adapter's storage keeps what getAccountAddresses answered, per session account (CAIP-10 id). */
const ADDRESSES_KEY = 'walletconnect-addresses'

/**
 * How long a getAccountAddresses waits for the wallet. The wallet is asked while the user is at it (right after the
 * approval, for every approved network) and the answers are kept; a later miss (a new account, a lost cache) must
 * not hang a switch or a reload on a phone that is asleep: the session's payment address alone serves meanwhile.
 */
const ADDRESSES_WAIT_MS = 5_000

/** getAccountAddresses' entry shape (Reown's reference), also how the adapter keeps the answers. */
interface AccountAddressEntry {
  address: string
  publicKey?: string
  path?: string
  intention?: 'payment' | 'ordinal'
}

/**
 * The addresses of `account` from a getAccountAddresses answer: the account itself (its payment address, with the
 * public key and path) then its ordinals addresses. Entries that are malformed, of another network or of another
 * role (change addresses) are left out; undefined when the answer lacks the account itself (nothing in it is
 * then about the account the session holds).
 */
function readAccountAddresses(
  answer: unknown,
  account: string,
  caipNetworkId: string,
): WalletAddress[] | undefined {
  if (!Array.isArray(answer)) return undefined
  let payment: WalletAddress | undefined
  const ordinals: WalletAddress[] = []
  for (const raw of answer.slice(0, 100)) {
    const item = raw as Partial<Record<keyof AccountAddressEntry, unknown>> | null
    if (typeof item?.address !== 'string' || !isAddressOn(item.address, caipNetworkId)) continue
    const extra = {
      // A compressed key (payment) or an x-only one (taproot internal key), in hex.
      ...(typeof item.publicKey === 'string' && /^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/.test(item.publicKey)
        ? { publicKey: item.publicKey.toLowerCase() }
        : {}),
      ...(typeof item.path === 'string' && item.path.length <= 100 && /^m(?:\/\d+['hH]?)*$/.test(item.path)
        ? { path: item.path }
        : {}),
    }
    if (item.address === account) {
      if (item.intention !== 'ordinal') payment ??= { address: account, purpose: 'payment', ...extra }
    } else if (item.intention === 'ordinal' && !ordinals.some((o) => o.address === item.address)) {
      ordinals.push({ address: item.address, purpose: 'ordinals', ...extra })
    }
  }
  return payment ? [payment, ...ordinals] : undefined
}

const toEntries = (addresses: readonly WalletAddress[]): AccountAddressEntry[] =>
  addresses.map(({ address, publicKey, path, purpose }) => ({
    address,
    ...(publicKey ? { publicKey } : {}),
    ...(path ? { path } : {}),
    intention: purpose === 'payment' ? 'payment' : 'ordinal',
  }))

/** `promise`'s value; undefined when it fails or takes longer than `ms` (it is then left to settle unheard). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: Parameters<typeof clearTimeout>[0]
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms)
  })
  try {
    return await Promise.race([promise.catch(() => undefined), late])
  } finally {
    clearTimeout(timer)
  }
}

/** The addresses of the session's accounts, as far as the wallet told them. */
export interface AccountAddressBook {
  /** A session account's addresses: kept ones, else the wallet's answer (one question at a time), else none. */
  addressesOf(provider: WalletConnectProvider, caipAddress: CaipAddress): Promise<WalletAddress[] | undefined>
  /** Learns the addresses of the first account on every approved network the adapter serves (the user is at the wallet). */
  learn(provider: WalletConnectProvider): Promise<void>
  /** Forgets every kept answer (the session ended). */
  forget(): Promise<void>
}

/**
 * The address book of one adapter's side of the session: `connection` is that side, `granted` tells whether the
 * session granted a method.
 */
export function accountAddressBook(
  context: AdapterContext,
  connection: WalletConnectConnection,
  granted: (method: string) => boolean,
): AccountAddressBook {
  let book: Record<string, unknown> | undefined
  const asking = new Map<string, Promise<WalletAddress[] | undefined>>()
  const loadBook = async () => {
    if (book) return
    const stored = await readJson<unknown>(context.storage, ADDRESSES_KEY)
    book ??= typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...stored } : {}
  }
  const keep = async (provider: WalletConnectProvider, caipAddress: CaipAddress, list: WalletAddress[]) => {
    await loadBook()
    // Only the session's accounts stay: the book never outgrows the session. Built without an await in between,
    // so answers arriving together all land.
    const live = new Set<string>(provider.getAccounts('bip122'))
    const next: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(book ?? {})) if (live.has(key)) next[key] = value
    next[caipAddress] = toEntries(list)
    book = next
    try {
      await context.storage.setItem(ADDRESSES_KEY, JSON.stringify(next))
    } catch {
      // A storage that refuses (quota, private mode) only costs a wallet round trip after a reload.
    }
  }
  const forget = async () => {
    book = {}
    asking.clear()
    try {
      await context.storage.removeItem(ADDRESSES_KEY)
    } catch {
      // Nothing else to do: the entries name accounts of a session that is gone.
    }
  }

  const addressesOf = async (
    provider: WalletConnectProvider,
    caipAddress: CaipAddress,
  ): Promise<WalletAddress[] | undefined> => {
    const parsed = parseCaipAddress(caipAddress)
    const { address } = parsed
    const caipNetworkId = parsed.caipNetworkId as CaipNetworkId
    await loadBook()
    const kept = book && Object.hasOwn(book, caipAddress) ? book[caipAddress] : undefined
    const known = readAccountAddresses(kept, address, caipNetworkId)
    if (known || !granted('getAccountAddresses')) return known
    let answer = asking.get(caipAddress)
    if (!answer) {
      answer = (async () => {
        const request = provider.request(
          { method: 'getAccountAddresses', params: { account: address } },
          caipNetworkId,
        )
        const list = readAccountAddresses(await within(request, ADDRESSES_WAIT_MS), address, caipNetworkId)
        // An answer that arrives after the session ended is not kept: its account is gone.
        if (list && connection.connected) await keep(provider, caipAddress, list)
        return list
      })().finally(() => asking.delete(caipAddress))
      asking.set(caipAddress, answer)
    }
    return answer
  }

  const learn = async (provider: WalletConnectProvider) => {
    const served = connection
      .approvedNetworks()
      .filter((id) => context.networks.some((network) => network.caipNetworkId === id))
    const accounts = provider.getAccounts('bip122')
    const firsts = served.flatMap((id) => accounts.find((account) => account.startsWith(`${id}:`)) ?? [])
    await Promise.all(firsts.map((caipAddress) => addressesOf(provider, caipAddress)))
  }

  return { addressesOf, learn, forget }
}
