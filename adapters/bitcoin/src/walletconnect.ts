// The WalletConnect connector of the Bitcoin adapter: the bip122 side of the kit's shared WalletConnect session
// (core's WalletConnectConnection) as one more BitcoinWalletClient, so connecting, signing, PSBTs, transfers and
// Esplora broadcasts reuse the adapter's code for every wallet. What lives here is the mapping onto WalletConnect's
// Bitcoin methods (Reown's Bitcoin RPC reference: signMessage, signPsbt, sendTransfer) and the checks of the wallet's
// answers: a wallet at the other end of a relay is as hostile as any other. getAccountAddresses and what it tells of
// each session account are walletconnect-addresses.ts's.
import {
  type AdapterContext,
  LatchkeyError,
  Messages,
  malformedWalletAnswer,
  type WalletConnectProvider,
  walletResultObject,
} from '@latchkey/core'
import { WalletConnectConnection } from '@latchkey/core/walletconnect'
import type { Psbt } from 'bitcoinjs-lib'
import type { BitcoinWalletClient, WalletAddress, WalletChange, WalletSnapshot } from './client.js'
import { parsePsbt, unsignedTransactionHex } from './psbt.js'
import { accountAddressBook } from './walletconnect-addresses.js'

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
        void book.forget()
        notify({ kind: 'disconnect' })
      },
    },
  })

  const granted = (method: string) =>
    connection.provider?.session?.namespaces.bip122?.methods.includes(method) === true
  // What getAccountAddresses answered, kept per session account.
  const book = accountAddressBook(context, connection, granted)

  /** The session's accounts on the active network: payment addresses, then the active account's ordinals. */
  const snapshot = async (): Promise<WalletSnapshot> => {
    const provider = connection.provider
    const first = connection.accounts()[0]
    const details = provider && first ? await book.addressesOf(provider, first.caipAddress) : undefined
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
      if (provider) await book.learn(provider)
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
      await book.forget()
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
