// The embedded wallet's connector of the Solana adapter (ID_AUTH): core's EmbeddedWalletProvider, the wallet in the
// secure frame, as one more WalletSession, so connecting, signing, sending and switching reuse the adapter's code
// for every wallet. What lives here is the mapping onto the frame's solana_* RPC methods (WalletConnect's
// conventions) and the checks of its answers: the frame is another origin, its answers are untrusted input.
import {
  type AdapterContext,
  type CaipNetwork,
  type EmbeddedWalletProvider,
  LatchkeyError,
  Messages,
  malformedWalletAnswer,
  ProviderRpcError,
  RpcErrorCode,
  walletResultObject,
} from '@latchkey/core'
import { frameChainIdOf } from '@latchkey/core/embedded'
import type { VersionedTransaction } from '@solana/web3.js'
import { sameBytes, signatureOf, signedBytes } from './answers.js'
import { walletChainsOf } from './chains.js'
import { base58Decode, base58Encode, toBase64 } from './encoding.js'
import type { LibsOf } from './libs.js'
import type { WalletChange, WalletSession } from './wallet-session.js'

/** A WalletSession over the embedded wallet: it holds a cluster of its own, moved without a prompt. */
export interface SolanaEmbeddedSession extends WalletSession {
  readonly provider: EmbeddedWalletProvider | undefined
  network(): CaipNetwork | undefined
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Drops the listeners (the adapter is destroyed); the frame's session is left as it is. */
  destroy(): void
}

/** The Solana address the frame gave: canonical base58 of 32 bytes, or the malformed-answer error. */
function solanaAddressOf(user: unknown): string {
  const address = walletResultObject(user, 'getUser').address
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof address === 'string' ? base58Decode(address) : undefined
  } catch {
    bytes = undefined
  }
  if (bytes?.length !== 32 || base58Encode(bytes) !== address) {
    throw malformedWalletAnswer(
      'getUser',
      `an address that is not a Solana address (base58 of 32 bytes): ${String(address).slice(0, 64)}`,
    )
  }
  return address
}

/** The slot of `signer` among the transaction's required signers; -1 when it signs nothing there. */
function signerSlot(transaction: VersionedTransaction, signer: string): number {
  const { staticAccountKeys, header } = transaction.message
  const slot = staticAccountKeys.findIndex((key) => key.toBase58() === signer)
  return slot < header.numRequiredSignatures ? slot : -1
}

/**
 * The embedded wallet for one adapter. It never logs the visitor in (the kit does, before connecting): `connect`
 * only adopts the frame's session. Requests name the session's cluster, which the adapter keeps on its own active
 * network (`switchNetwork`, no prompt). The provider (and with it the frame) loads on first use, never at creation.
 */
export function embeddedSession(
  context: AdapterContext,
  getProvider: () => Promise<EmbeddedWalletProvider>,
  libs: LibsOf,
): SolanaEmbeddedSession {
  const listeners = new Set<(change: WalletChange) => void>()
  const notify = (change: WalletChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  let current: EmbeddedWalletProvider | undefined
  let loading: Promise<EmbeddedWalletProvider> | undefined
  let cluster: CaipNetwork | undefined

  const load = (): Promise<EmbeddedWalletProvider> => {
    loading ??= getProvider().then(
      (provider) => {
        current = provider
        return provider
      },
      (error: unknown) => {
        // A frame that failed to load may load on the next attempt.
        loading = undefined
        throw error
      },
    )
    return loading
  }

  const activeCluster = (): CaipNetwork => {
    if (!cluster) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return cluster
  }

  /** Refuses a request for another cluster than the session's (the adapter keeps them in step). */
  const onActiveChain = (chain: string | undefined) => {
    const network = activeCluster()
    if (chain !== undefined && !walletChainsOf(network).includes(chain)) {
      throw new LatchkeyError(`The embedded wallet is on ${network.caipNetworkId}, not ${chain}`, {
        code: 'INVALID_PARAMS',
      })
    }
  }

  /** An RPC request to the frame on the session's cluster; the answer as a result object. */
  const request = async (method: string, params: Record<string, unknown>) => {
    const chainId = activeCluster().caipNetworkId
    const provider = await load()
    return walletResultObject(await provider.request<unknown>({ method, params, chainId }), method)
  }

  /**
   * A signed transaction the frame returned for `unsigned`: the same message (the frame may not sign something
   * else), and the signer's slot filled, with `signature` when the frame gave one.
   */
  const checkedSigned = (
    answer: unknown,
    unsigned: Uint8Array,
    signer: string,
    method: string,
    signature?: Uint8Array,
  ): Uint8Array => {
    const { bytes, transaction } = signedBytes(libs, answer, method)
    const sent = libs().web3.VersionedTransaction.deserialize(unsigned)
    if (!sameBytes(transaction.message.serialize(), sent.message.serialize()))
      throw malformedWalletAnswer(method, 'a transaction other than the one sent')
    const slot = signerSlot(sent, signer)
    if (slot >= 0) {
      const inSlot = transaction.signatures[slot]
      if (inSlot?.length !== 64 || inSlot.every((byte) => byte === 0))
        throw malformedWalletAnswer(method, `a transaction ${signer} did not sign`)
      if (signature && !sameBytes(inSlot, signature))
        throw malformedWalletAnswer(method, 'a transaction that does not carry the signature it gave')
    } else if (signature && !transaction.signatures.some((each) => sameBytes(each, signature))) {
      throw malformedWalletAnswer(method, 'a transaction that does not carry the signature it gave')
    }
    return bytes
  }

  /** solana_signTransaction: the signed transaction checked, or the signature alone put in the signer's slot. */
  const signOne = async (signer: string, unsigned: Uint8Array): Promise<Uint8Array> => {
    const method = 'solana_signTransaction'
    const answer = await request(method, { transaction: toBase64(unsigned) })
    const signature = signatureOf(answer.signature, method)
    if (answer.transaction !== undefined)
      return checkedSigned(answer.transaction, unsigned, signer, method, signature)
    const transaction = libs().web3.VersionedTransaction.deserialize(unsigned)
    const slot = signerSlot(transaction, signer)
    if (slot < 0)
      throw malformedWalletAnswer(method, `a signature alone, and ${signer} does not sign this transaction`)
    transaction.signatures[slot] = signature
    return transaction.serialize()
  }

  return {
    get provider() {
      return current
    },
    // The frame serves every cluster of the kit: naming one in a request selects it.
    chains: () => context.networks.map((network) => network.caipNetworkId),
    network: () => cluster,
    async connect(silent, network) {
      const target = network ?? context.networks[0]
      if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
      const provider = await load()
      const { isConnected } = ((await provider.isConnected()) ?? {}) as { isConnected?: unknown }
      if (isConnected !== true) {
        if (silent) return []
        throw new ProviderRpcError(
          RpcErrorCode.Unauthorized,
          'The embedded wallet has no session: the visitor logs in before connecting.',
        )
      }
      const address = solanaAddressOf(await provider.getUser({ chainId: frameChainIdOf(target) }))
      cluster = target
      return [address]
    },
    async switchNetwork(network) {
      activeCluster()
      const chainId = frameChainIdOf(network)
      const provider = await load()
      const answer = walletResultObject(await provider.switchNetwork({ chainId }), 'switchNetwork')
      if (answer.chainId !== chainId)
        throw malformedWalletAnswer('switchNetwork', `another network than ${String(chainId)}`)
      cluster = network
    },
    async disconnect() {
      const provider = await load()
      cluster = undefined
      await provider.signOut()
      notify({ addresses: [] })
    },
    async signMessage(address, message) {
      const method = 'solana_signMessage'
      const answer = await request(method, { message: base58Encode(message), pubkey: address })
      return signatureOf(answer.signature, method)
    },
    async signTransactions(address, transactions, chain) {
      onActiveChain(chain)
      if (transactions.length === 1) return [await signOne(address, transactions[0]!)]
      const method = 'solana_signAllTransactions'
      const answer = await request(method, { transactions: transactions.map(toBase64) })
      const signed = answer.transactions
      if (!Array.isArray(signed) || signed.length !== transactions.length)
        throw malformedWalletAnswer(method, `other than ${transactions.length} transactions`)
      return signed.map((each, i) => checkedSigned(each, transactions[i]!, address, method))
    },
    canSignAndSend: () => true,
    async signAndSend(_address, transaction, chain) {
      onActiveChain(chain)
      const method = 'solana_signAndSendTransaction'
      const answer = await request(method, { transaction: toBase64(transaction) })
      return signatureOf(answer.signature, method)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      listeners.clear()
    },
  }
}
