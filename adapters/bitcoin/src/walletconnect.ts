// The WalletConnect connector of the Bitcoin adapter: the bip122 side of the kit's shared WalletConnect session
// (core's WalletConnectConnection) as one more BitcoinWalletClient, so connecting, signing, PSBTs, transfers and
// Esplora broadcasts reuse the adapter's code for every wallet. What lives here is the mapping onto WalletConnect's
// Bitcoin methods (Reown's Bitcoin RPC reference: getAccountAddresses, signMessage, signPsbt, sendTransfer) and the
// checks of the wallet's answers: a wallet at the other end of a relay is as hostile as any other.
import {
  type AdapterContext,
  type CaipAddress,
  type CaipNetworkId,
  LatchkeyError,
  Messages,
  malformedWalletAnswer,
  parseCaipAddress,
  readJson,
  type WalletConnectProvider,
  walletResultObject,
} from '@latchkey/core'
import { WalletConnectConnection } from '@latchkey/core/walletconnect'
import type { Psbt } from 'bitcoinjs-lib'
import { isAddressOn } from './chains.js'
import type { BitcoinWalletClient, WalletAddress, WalletChange, WalletSnapshot } from './client.js'
import { parsePsbt, unsignedTransactionHex } from './psbt.js'

/** Where the adapter's storage keeps what getAccountAddresses answered, per session account (CAIP-10 id). */
const ADDRESSES_KEY = 'walletconnect-addresses'

/**
 * How long a getAccountAddresses waits for the wallet. The wallet is asked while the user is at it (right after the
 * approval, for every approved network) and the answers are kept; a later miss (a new account, a lost cache) must
 * not hang a switch or a reload on a phone that is asleep: the session's payment address alone serves meanwhile.
 */
const ADDRESSES_WAIT_MS = 5_000

/** The Bitcoin side of the kit's WalletConnect session, for one adapter. */
export interface BitcoinWalletConnectClient extends BitcoinWalletClient {
  /** The kit's WalletConnect provider while connected through it. */
  readonly provider: WalletConnectProvider | undefined
  /** Stops following the session (the adapter is destroyed); the session itself is left as it is. */
  destroy(): void
}

/** Wallet text quoted in an error, capped so a hostile answer cannot flood a log. */
const quote = (value: unknown) => JSON.stringify(String(value).slice(0, 100))

function txidOf(value: unknown, method: string): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value))
    throw malformedWalletAnswer(method, `a txid that is not 64 hex characters (${quote(value)})`)
  return value.toLowerCase()
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * A message signature as base64 (what the adapter answers and verifies), or undefined for anything else. The
 * reference's wallets answer hex (AppKit converts it the same way); some answer base64, as sats-connect does. Hex
 * is read first: a base64 signature made only of hex digits is vanishingly unlikely.
 */
function signatureToBase64(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2_000) return undefined
  let bytes: Uint8Array
  if (HEX.test(value)) bytes = Uint8Array.from(value.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  else if (BASE64.test(value)) bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
  else return undefined
  return bytes.length > 0 ? btoa(String.fromCharCode(...bytes)) : undefined
}

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

/**
 * The Bitcoin side of the kit's WalletConnect session as a {@link BitcoinWalletClient}. Requests go to the session's
 * active network, which the adapter moves without a prompt (`changeNetwork`); the wallet's account and network
 * changes and the session's end reach the `watch` listeners once per cause. The session's accounts are payment
 * addresses (a WalletConnect Bitcoin account is its first external address); getAccountAddresses adds the public
 * key and the ordinals address of the active one.
 */
export function walletConnectClient(
  context: AdapterContext,
  getProvider: () => Promise<WalletConnectProvider>,
): BitcoinWalletConnectClient {
  const listeners = new Set<(change: WalletChange) => void>()
  const notify = (change: WalletChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  // Set while this side moves the session: the adapter reports its own switch, the connection's report is the same cause.
  let moving = false
  const connection = new WalletConnectConnection({
    namespace: 'bip122',
    networks: () => context.networks,
    getProvider,
    customRpcUrls: () => context.options.customRpcUrls,
    networkSwitch: 'adapter',
    on: {
      // The accounts move with the network (Bitcoin addresses are per network): the adapter reads them for the
      // one networkChanged it reports.
      networkChanged: (network) => {
        if (!moving) notify({ kind: 'network', caipNetworkId: network.caipNetworkId })
      },
      accountsChanged: () => notify({ kind: 'accounts' }),
      disconnected: () => {
        void forget()
        notify({ kind: 'disconnect' })
      },
    },
  })

  const granted = (method: string) =>
    connection.provider?.session?.namespaces.bip122?.methods.includes(method) === true

  // ---- what getAccountAddresses answered, kept per session account ----

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

  /** A session account's addresses: kept ones, else the wallet's answer (one question at a time), else none. */
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

  /** Learns the addresses of the first account on every approved network the adapter serves (the user is at the wallet). */
  const learn = async (provider: WalletConnectProvider) => {
    const served = connection
      .approvedNetworks()
      .filter((id) => context.networks.some((network) => network.caipNetworkId === id))
    const accounts = provider.getAccounts('bip122')
    const firsts = served.flatMap((id) => accounts.find((account) => account.startsWith(`${id}:`)) ?? [])
    await Promise.all(firsts.map((caipAddress) => addressesOf(provider, caipAddress)))
  }

  /** The session's accounts on the active network: payment addresses, then the active account's ordinals. */
  const snapshot = async (): Promise<WalletSnapshot> => {
    const provider = connection.provider
    const first = connection.accounts()[0]
    const details = provider && first ? await addressesOf(provider, first.caipAddress) : undefined
    // Read after the wallet's answer: the session may have moved meanwhile, and the answer serves its own account only.
    const accounts = connection.accounts()
    const own = details && details[0]?.address === accounts[0]?.address ? details : undefined
    return {
      addresses: [
        ...accounts.map(
          (account, i): WalletAddress =>
            i === 0 && own?.[0] ? own[0] : { address: account.address, purpose: 'payment' },
        ),
        ...(own?.slice(1) ?? []),
      ],
      caipNetworkId: connection.network()?.caipNetworkId,
    }
  }

  /**
   * The session account a request names (`account`: a WalletConnect Bitcoin account is its payment address): the
   * address itself when it is one, else the active account, whose ordinals address is the only other one held.
   */
  const accountOf = (address: string | undefined) => {
    const accounts = connection.accounts()
    return accounts.find((account) => account.address === address)?.address ?? accounts[0]?.address
  }

  /** The signed PSBT the wallet answered, checked: it parses, and it is the transaction the adapter sent. */
  const signedPsbt = (value: unknown, sent: Psbt, method: string): Psbt => {
    let signed: Psbt
    try {
      signed = parsePsbt(typeof value === 'string' ? value : '', 'The PSBT')
    } catch (cause) {
      throw malformedWalletAnswer(method, 'a PSBT that does not parse', cause)
    }
    if (unsignedTransactionHex(signed) !== unsignedTransactionHex(sent))
      throw malformedWalletAnswer(method, 'a PSBT of another transaction than the one sent')
    return signed
  }

  return {
    networkSwitch: 'adapter',
    get transfers() {
      return granted('sendTransfer')
    },
    get provider() {
      return connection.provider
    },

    async connect(caipNetworkId) {
      const network = context.networks.find((n) => n.caipNetworkId === caipNetworkId)
      await connection.connect(network ? { network } : {})
      const provider = connection.provider
      // The user is at the wallet now: learn every approved network's addresses, so that switches and reloads
      // need no wallet round trip.
      if (provider) await learn(provider)
      return snapshot()
    },

    // A reload: only a live session is adopted, never a proposal.
    async silent() {
      if (!connection.connected && !(await connection.restore())) return null
      return snapshot()
    },

    async changeNetwork(caipNetworkId) {
      const network = context.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) throw new LatchkeyError(Messages.unsupportedChain, { code: 'UNSUPPORTED_CHAIN' })
      moving = true
      try {
        await connection.switchNetwork(network)
      } finally {
        moving = false
      }
    },

    async signMessage({ address, message, protocol }) {
      const method = 'signMessage'
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(message)
      } catch (cause) {
        throw new LatchkeyError('WalletConnect Bitcoin wallets sign text: the message must be UTF-8', {
          code: 'INVALID_PARAMS',
          cause,
        })
      }
      const answer = walletResultObject(
        await connection.request(method, {
          account: accountOf(address),
          message: text,
          address,
          ...(protocol ? { protocol } : {}),
        }),
        method,
      )
      // The address is optional in the answer; when given it must be the signer asked for.
      if (answer.address !== undefined && answer.address !== address) {
        const held = connection.accounts().some((account) => account.address === answer.address)
        throw malformedWalletAnswer(
          method,
          held
            ? `a signature of ${quote(answer.address)}, not of ${address}`
            : `an address the session does not hold (${quote(answer.address)})`,
        )
      }
      const signature = signatureToBase64(answer.signature)
      if (!signature) throw malformedWalletAnswer(method, 'a signature that is neither base64 nor hex')
      return signature
    },

    async signPsbt({ psbt, signInputs, broadcast }) {
      const method = 'signPsbt'
      const sent = parsePsbt(psbt, 'psbt')
      const answer = walletResultObject(
        await connection.request(method, {
          account: accountOf(signInputs[0]?.address),
          psbt,
          // The reference names one input per entry.
          signInputs: signInputs.flatMap(({ address, index, sighashTypes }) =>
            index.map((i) => ({
              address,
              index: i,
              ...(sighashTypes ? { sighashTypes: [...sighashTypes] } : {}),
            })),
          ),
          broadcast,
        }),
        method,
      )
      const signed = signedPsbt(answer.psbt, sent, method)
      if (answer.txid === undefined) return { psbt: signed.toBase64() }
      const txid = txidOf(answer.txid, method)
      // A wallet that says it broadcast must name the transaction it signed (when that one is complete).
      let own: string | undefined
      try {
        own = signed.extractTransaction(true).getId()
      } catch {
        own = undefined
      }
      if (own !== undefined && own !== txid)
        throw malformedWalletAnswer(method, `the txid ${txid}, not the signed transaction's (${own})`)
      return { psbt: signed.toBase64(), txid }
    },

    async sendTransfer({ to, amount }) {
      const method = 'sendTransfer'
      const answer = walletResultObject(
        await connection.request(method, {
          account: accountOf(undefined),
          recipientAddress: to,
          // Satoshis as a decimal string, as the reference has it (a bigint does not cross JSON).
          amount: amount.toString(),
        }),
        method,
      )
      return txidOf(answer.txid, method)
    },

    async disconnect() {
      await connection.disconnect()
      await forget()
    },

    watch(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    destroy() {
      listeners.clear()
      connection.destroy()
    },
  }
}
