// The WalletConnect connector of the Solana adapter: the solana side of the kit's shared WalletConnect session
// (core's WalletConnectConnection) as one more WalletSession, so connecting, signing, sending and following the
// wallet reuse the adapter's code for every wallet. What lives here is the mapping onto WalletConnect's solana_*
// methods and the checks of the wallet's answers: a wallet at the other end of a relay is as hostile as any other.
import {
  type AdapterContext,
  type CaipNetwork,
  LatchkeyError,
  malformedWalletAnswer,
  type WalletConnectProvider,
  walletResultObject,
} from '@latchkey/core'
import { WalletConnectConnection } from '@latchkey/core/walletconnect'
import { sameBytes, signatureOf, signedBytes } from './answers.js'
import { walletChainsOf } from './chains.js'
import { base58Encode, toBase64 } from './encoding.js'
import type { LibsOf } from './libs.js'
import type { WalletChange, WalletSession } from './wallet-session.js'

/** A WalletSession over the WalletConnect session: it holds a cluster of its own, moved without a prompt. */
export interface SolanaWalletConnectSession extends WalletSession {
  readonly provider: WalletConnectProvider | undefined
  network(): CaipNetwork | undefined
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Stops following the session (the adapter is destroyed); the session itself is left as it is. */
  destroy(): void
}

/**
 * The Solana side of the kit's WalletConnect session, for one adapter. Requests go to the session's active
 * cluster, which the adapter keeps on its own active network (`switchNetwork`, no prompt); the wallet's account
 * and cluster changes and the session's end reach `onChange` listeners once each, as any wallet's would.
 */
export function walletConnectSession(
  context: AdapterContext,
  getProvider: () => Promise<WalletConnectProvider>,
  libs: LibsOf,
): SolanaWalletConnectSession {
  const listeners = new Set<(change: WalletChange) => void>()
  const notify = (change: WalletChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  // The cluster this side is moving the session to: the adapter reports its own switch, the echo is not a second cause.
  let moving: string | undefined
  const connection = new WalletConnectConnection({
    namespace: 'solana',
    networks: () => context.networks,
    getProvider,
    customRpcUrls: () => context.options.customRpcUrls,
    networkSwitch: 'adapter',
    on: {
      accountsChanged: (accounts) => notify({ addresses: accounts.map((account) => account.address) }),
      networkChanged: (network) => {
        if (network.caipNetworkId !== moving) notify({ chains: [network.caipNetworkId] })
      },
      // What a Wallet Standard wallet says when it drops the site: no account left.
      disconnected: () => notify({ addresses: [] }),
    },
  })
  const addresses = () => connection.accounts().map((account) => account.address)

  /** Refuses a request for another cluster than the session's active one (the adapter keeps them in step). */
  const onActiveChain = (chain: string | undefined) => {
    const network = connection.network()
    if (chain !== undefined && !(network && walletChainsOf(network).includes(chain))) {
      throw new LatchkeyError(`The WalletConnect session is on ${network?.caipNetworkId}, not ${chain}`, {
        code: 'INVALID_PARAMS',
      })
    }
  }

  /**
   * solana_signTransaction answers the signature and, optionally, the signed transaction: the one returned must
   * carry that signature; without one, the signature goes into the signer's slot of the transaction sent.
   */
  const signOne = async (signer: string, unsigned: Uint8Array) => {
    const method = 'solana_signTransaction'
    const answer = walletResultObject(
      await connection.request(method, { transaction: toBase64(unsigned) }),
      method,
    )
    const signature = signatureOf(answer.signature, method)
    if (answer.transaction !== undefined) {
      const { bytes, transaction } = signedBytes(libs, answer.transaction, method)
      if (!transaction.signatures.some((each) => sameBytes(each, signature)))
        throw malformedWalletAnswer(method, 'a transaction that does not carry the signature it gave')
      return bytes
    }
    const transaction = libs().web3.VersionedTransaction.deserialize(unsigned)
    const { staticAccountKeys, header } = transaction.message
    const slot = staticAccountKeys.findIndex((key) => key.toBase58() === signer)
    if (slot < 0 || slot >= header.numRequiredSignatures)
      throw malformedWalletAnswer(method, `a signature alone, and ${signer} does not sign this transaction`)
    transaction.signatures[slot] = signature
    return transaction.serialize()
  }

  const switchNetwork = async (network: CaipNetwork) => {
    moving = network.caipNetworkId
    try {
      await connection.switchNetwork(network)
    } finally {
      moving = undefined
    }
  }

  return {
    get provider() {
      return connection.provider
    },
    chains: () => connection.approvedNetworks(),
    network: () => connection.network(),
    async connect(silent, network) {
      if (!silent) {
        await connection.connect(network ? { network } : {})
        return addresses()
      }
      // A reload: only a live session is adopted (never a proposal), then put back on the remembered cluster.
      const restored = await connection.restore()
      if (restored && network && connection.approvedNetworks().includes(network.caipNetworkId))
        await switchNetwork(network)
      return addresses()
    },
    disconnect: () => connection.disconnect(),
    switchNetwork,
    async signMessage(address, message) {
      const method = 'solana_signMessage'
      const answer = await connection.request(method, { message: base58Encode(message), pubkey: address })
      return signatureOf(walletResultObject(answer, method).signature, method)
    },
    async signTransactions(address, transactions, chain) {
      onActiveChain(chain)
      if (transactions.length === 1) return [await signOne(address, transactions[0]!)]
      const method = 'solana_signAllTransactions'
      const answer = await connection.request(method, { transactions: transactions.map(toBase64) })
      const signed = walletResultObject(answer, method).transactions
      if (!Array.isArray(signed) || signed.length !== transactions.length)
        throw malformedWalletAnswer(method, `other than ${transactions.length} transactions`)
      return signed.map((each) => signedBytes(libs, each, method).bytes)
    },
    // The wallet sends only when the session granted it; otherwise the adapter sends what the wallet signed.
    canSignAndSend: () =>
      connection.provider?.session?.namespaces.solana?.methods.includes('solana_signAndSendTransaction') ===
      true,
    async signAndSend(_address, transaction, chain) {
      onActiveChain(chain)
      const method = 'solana_signAndSendTransaction'
      const answer = await connection.request(method, {
        transaction: toBase64(transaction),
        sendOptions: { preflightCommitment: 'confirmed' },
      })
      return signatureOf(walletResultObject(answer, method).signature, method)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      listeners.clear()
      connection.destroy()
    },
  }
}
