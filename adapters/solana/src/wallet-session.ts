import type { CaipNetwork, EmbeddedWalletProvider, WalletConnectProvider } from '@latchkey/core'
import type { Adapter } from '@solana/wallet-adapter-base'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Connection, VersionedTransaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import { base58Decode } from './encoding.js'
import type { LibsOf } from './libs.js'

/** A change the wallet reports: new accounts (active first), new chains, or both. */
export interface WalletChange {
  addresses?: string[]
  chains?: string[]
}

/**
 * One connected wallet, whatever its protocol: a Wallet Standard wallet or a wallet-adapter adapter. Every
 * method passes the wallet's own errors through unchanged; the adapter normalizes them.
 */
export interface WalletSession {
  /** The wallet object; a WalletConnect session's or the embedded wallet's provider once it is loaded. */
  readonly provider: Wallet | Adapter | WalletConnectProvider | EmbeddedWalletProvider | undefined
  /** The chains the wallet says it serves; empty when it does not say (wallet-adapter adapters). */
  chains(): readonly string[]
  /**
   * Asks for the accounts (prompting unless `silent`); the active address first, empty when not authorized.
   * `network` is the cluster wanted, for a session that has one of its own (WalletConnect).
   */
  connect(silent: boolean, network?: CaipNetwork): Promise<string[]>
  /** The cluster a session that has one of its own is on (WalletConnect, embedded); read after `connect`. */
  network?(): CaipNetwork | undefined
  /** Moves such a session to another cluster, without a prompt. @throws LatchkeyError UNSUPPORTED_CHAIN. */
  switchNetwork?(network: CaipNetwork): Promise<void>
  disconnect(): Promise<void>
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>
  /** Signs wire-format transactions with one prompt; `chain` is passed on when given. */
  signTransactions(address: string, transactions: Uint8Array[], chain?: string): Promise<Uint8Array[]>
  /** Signs and sends on `chain` (the wallet sends) or through `connection`; returns the signature bytes. */
  signAndSend(
    address: string,
    transaction: Uint8Array,
    chain: string,
    connection: Connection,
  ): Promise<Uint8Array>
  /** Whether {@link signAndSend} lets the wallet send (else the adapter signs and sends itself). */
  canSignAndSend(): boolean
  onChange(listener: (change: WalletChange) => void): () => void
}

const addressesOf = (accounts: readonly WalletAccount[]): string[] =>
  accounts.map((account) => account.address).filter((address) => typeof address === 'string')

/** A Wallet Standard wallet as a {@link WalletSession}. */
export function standardSession(wallet: Wallet): WalletSession {
  const feature = <F>(name: string): F => {
    const found = (wallet.features as Record<string, unknown>)[name]
    if (!found) throw new Error(`The wallet ${wallet.name} has no ${name} feature`)
    return found as F
  }
  let known: readonly WalletAccount[] = []
  const accountOf = (address: string): WalletAccount => {
    const account =
      known.find((a) => a.address === address) ?? wallet.accounts.find((a) => a.address === address)
    if (!account) throw Object.assign(new Error(`The wallet holds no account ${address}`), { code: 4100 })
    return account
  }
  return {
    provider: wallet,
    chains: () => [...wallet.chains],
    async connect(silent) {
      const connect = feature<StandardConnectFeature[typeof StandardConnect]>(StandardConnect)
      const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
      known = accounts
      return addressesOf(accounts)
    },
    async disconnect() {
      const disconnect = (wallet.features as Partial<StandardDisconnectFeature>)[StandardDisconnect]
      known = []
      await disconnect?.disconnect()
    },
    async signMessage(address, message) {
      const sign = feature<SolanaSignMessageFeature[typeof SolanaSignMessage]>(SolanaSignMessage)
      const [output] = await sign.signMessage({ account: accountOf(address), message })
      if (!output) throw new Error('The wallet returned no signature')
      return output.signature
    },
    async signTransactions(address, transactions, chain) {
      const sign = feature<SolanaSignTransactionFeature[typeof SolanaSignTransaction]>(SolanaSignTransaction)
      const account = accountOf(address)
      const outputs = await sign.signTransaction(
        ...transactions.map((transaction) => ({
          account,
          transaction,
          ...(chain ? { chain: chain as `${string}:${string}` } : {}),
        })),
      )
      if (outputs.length !== transactions.length) throw new Error('The wallet returned the wrong count')
      return outputs.map((output) => output.signedTransaction)
    },
    canSignAndSend: () => SolanaSignAndSendTransaction in wallet.features,
    async signAndSend(address, transaction, chain) {
      const send = feature<SolanaSignAndSendTransactionFeature[typeof SolanaSignAndSendTransaction]>(
        SolanaSignAndSendTransaction,
      )
      const [output] = await send.signAndSendTransaction({
        account: accountOf(address),
        transaction,
        chain: chain as `${string}:${string}`,
        options: { commitment: 'confirmed' },
      })
      if (!output) throw new Error('The wallet returned no signature')
      return output.signature
    },
    onChange(listener) {
      const events = (wallet.features as Partial<StandardEventsFeature>)[StandardEvents]
      if (!events) return () => {}
      return events.on('change', (properties) => {
        const change: WalletChange = {}
        if (properties.accounts) {
          known = properties.accounts
          change.addresses = addressesOf(properties.accounts)
        }
        if (properties.chains) change.chains = [...properties.chains]
        listener(change)
      })
    },
  }
}

/**
 * A wallet-adapter adapter (the host's, from @solana/wallet-adapter-*) as a {@link WalletSession}. Adapters
 * know no cluster: they sign what they are given, and send through the connection they are handed.
 */
export function adapterSession(adapter: Adapter, libs: LibsOf): WalletSession {
  const addresses = () => (adapter.publicKey ? [adapter.publicKey.toBase58()] : [])
  const signer = () => {
    const candidate = adapter as Partial<{
      signTransaction: (tx: VersionedTransaction) => Promise<VersionedTransaction>
      signAllTransactions: (txs: VersionedTransaction[]) => Promise<VersionedTransaction[]>
      signMessage: (message: Uint8Array) => Promise<Uint8Array>
    }>
    return candidate
  }
  return {
    provider: adapter,
    chains: () => [],
    async connect(silent) {
      if (!adapter.connected) {
        if (silent) {
          // wallet-adapter's restore path: adapters connect without a prompt when the site is trusted.
          await adapter.autoConnect().catch(() => undefined)
        } else await adapter.connect()
      }
      return addresses()
    },
    disconnect: () => adapter.disconnect(),
    async signMessage(_address, message) {
      const sign = signer().signMessage
      if (!sign) throw new Error(`${adapter.name} cannot sign messages`)
      return sign.call(adapter, message)
    },
    async signTransactions(_address, transactions) {
      const { signAllTransactions, signTransaction } = signer()
      const { VersionedTransaction } = libs().web3
      const decoded = transactions.map((bytes) => VersionedTransaction.deserialize(bytes))
      let signed: VersionedTransaction[]
      if (signAllTransactions) signed = await signAllTransactions.call(adapter, decoded)
      else if (signTransaction) {
        signed = []
        for (const transaction of decoded) signed.push(await signTransaction.call(adapter, transaction))
      } else throw new Error(`${adapter.name} cannot sign transactions`)
      return signed.map((transaction) => transaction.serialize())
    },
    canSignAndSend: () => false,
    async signAndSend(_address, transaction, _chain, connection) {
      const signature = await adapter.sendTransaction(
        libs().web3.VersionedTransaction.deserialize(transaction),
        connection,
      )
      return base58Decode(signature)
    },
    onChange(listener) {
      const onConnect = () => listener({ addresses: addresses() })
      const onDisconnect = () => listener({ addresses: [] })
      adapter.on('connect', onConnect)
      adapter.on('disconnect', onDisconnect)
      return () => {
        adapter.off('connect', onConnect)
        adapter.off('disconnect', onDisconnect)
      }
    },
  }
}
