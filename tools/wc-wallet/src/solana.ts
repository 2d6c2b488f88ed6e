// solana over the Solana test wallet (@latchkey/solana-wallet): WalletConnect's solana_* methods mapped onto its
// Wallet Standard features, on the request's cluster and with the account the request names.
import { clusterChainId, createSolanaTestWallet, type SolanaWalletCluster } from '@latchkey/solana-wallet'
import { base58, base64 } from '@scure/base'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import { type NamespaceDelegate, type PreparedRequest, serial } from './delegate.js'
import { invalidParams, sdkError } from './errors.js'

/** The Solana side of the wallet. */
export interface WcSolanaOptions {
  /** Ed25519 secret keys, 64 bytes each (web3.js `Keypair.secretKey`). */
  secretKeys: readonly Uint8Array[]
  /** The clusters the wallet knows, the first one current. */
  clusters: readonly SolanaWalletCluster[]
}

const SIGNING = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const
export const SOLANA_METHODS: readonly string[] = ['solana_getAccounts', 'solana_requestAccounts', ...SIGNING]
export const SOLANA_EVENTS: readonly string[] = ['accountsChanged', 'chainChanged']

/** The Wallet Standard account and the features the delegate calls (structural, as the test wallet defines them). */
interface StandardAccount {
  readonly address: string
}
type Feature<Name extends string, Input, Output> = Record<Name, (...inputs: Input[]) => Promise<Output[]>>
interface Features {
  'solana:signMessage': Feature<
    'signMessage',
    { account: StandardAccount; message: Uint8Array },
    { signature: Uint8Array }
  >
  'solana:signTransaction': Feature<
    'signTransaction',
    { account: StandardAccount; transaction: Uint8Array; chain: string },
    { signedTransaction: Uint8Array }
  >
  'solana:signAndSendTransaction': Feature<
    'signAndSendTransaction',
    { account: StandardAccount; transaction: Uint8Array; chain: string; options?: Record<string, unknown> },
    { signature: Uint8Array }
  >
}

const asObject = (method: string, params: unknown): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalidParams(`${method} expects an object`)
  }
  return params as Record<string, unknown>
}

const decodeBase64 = (what: string, text: unknown): Uint8Array => {
  if (typeof text !== 'string' || text.length === 0) throw invalidParams(`${what} must be a base64 string`)
  try {
    return base64.decode(text)
  } catch {
    throw invalidParams(`${what} is not valid base64`)
  }
}

export function createSolanaDelegate(options: WcSolanaOptions): NamespaceDelegate {
  const keys = options.secretKeys.map((secretKey) => Keypair.fromSecretKey(Uint8Array.from(secretKey)))
  const pubkeys = keys.map((keypair) => keypair.publicKey.toBase58())
  const wallet = createSolanaTestWallet({
    secretKeys: options.secretKeys,
    clusters: options.clusters,
    // The WalletConnect wallet asks its own user; the Solana wallet only signs and sends.
    policy: 'approve',
    connected: true,
  })
  const features = wallet.wallet.features as unknown as Features
  const chains: string[] = options.clusters.map(clusterChainId)
  let active: string = chains[0]!
  let selected = 0
  const exclusive = serial()
  const ordered = () => [pubkeys[selected]!, ...pubkeys.filter((_, index) => index !== selected)]

  /** The wallet's key named `pubkey`: the SDK's UNSUPPORTED_ACCOUNTS (5103) when it holds none. */
  const held = (pubkey: unknown, what: string): string => {
    if (typeof pubkey !== 'string' || !pubkeys.includes(pubkey)) {
      throw sdkError('UNSUPPORTED_ACCOUNTS', `${what}: the wallet holds no key ${String(pubkey)}.`)
    }
    return pubkey
  }
  /** The wallet's key that must sign `bytes` (a serialized legacy or v0 transaction). */
  const signerOf = (bytes: Uint8Array, what: string): string => {
    let transaction: VersionedTransaction
    try {
      transaction = VersionedTransaction.deserialize(bytes)
    } catch (error) {
      throw invalidParams(`${what} is not a serialized transaction (${(error as Error).message})`)
    }
    const { staticAccountKeys, header } = transaction.message
    const signers = staticAccountKeys.slice(0, header.numRequiredSignatures).map((key) => key.toBase58())
    const signer = signers.find((key) => pubkeys.includes(key))
    if (!signer) throw sdkError('UNSUPPORTED_ACCOUNTS', `${what} needs no signature from this wallet.`)
    return signer
  }
  /** Puts the Solana wallet on `chainId` with `pubkey` selected; returns the Wallet Standard account. */
  const use = (chainId: string, pubkey: string): StandardAccount => {
    if (wallet.cluster.chain !== chainId) wallet.switchCluster(chainId)
    if (wallet.address !== pubkey) wallet.switchAccount(pubkey)
    const [account] = wallet.wallet.accounts
    if (!account) throw new Error('The Solana test wallet lost its authorization.')
    return account
  }
  /** The base58 signature `pubkey` put on a signed serialized transaction. */
  const signatureOf = (signed: Uint8Array, pubkey: string): string => {
    const transaction = VersionedTransaction.deserialize(signed)
    const index = transaction.message.staticAccountKeys.findIndex((key) => key.toBase58() === pubkey)
    return base58.encode(transaction.signatures[index]!)
  }
  const signOne = async (chainId: string, bytes: Uint8Array, signer: string) => {
    const [output] = await features['solana:signTransaction'].signTransaction({
      account: use(chainId, signer),
      transaction: bytes,
      chain: chainId,
    })
    return output!.signedTransaction
  }

  return {
    namespace: 'solana',
    chains,
    get activeChain() {
      return active
    },
    methods: SOLANA_METHODS,
    events: SOLANA_EVENTS,
    addresses: ordered,
    selectChain(chainId) {
      if (!chains.includes(chainId)) throw new Error(`The wallet does not know the cluster ${chainId}.`)
      active = chainId
    },
    selectAccount(which) {
      const index = typeof which === 'number' ? which : pubkeys.indexOf(which)
      if (!pubkeys[index]) throw new Error(`The wallet holds no Solana account ${which}.`)
      selected = index
    },
    chainChangedData: (chainId) => chainId,
    prepare({ chainId, method, params }): PreparedRequest {
      const needsApproval = (SIGNING as readonly string[]).includes(method)
      switch (method) {
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          return {
            needsApproval,
            run: async () => ordered().map((pubkey) => ({ pubkey })),
          }
        case 'solana_signMessage': {
          const { message, pubkey } = asObject(method, params)
          if (typeof message !== 'string' || message.length === 0) {
            throw invalidParams('message must be a base58 string')
          }
          let bytes: Uint8Array
          try {
            bytes = base58.decode(message)
          } catch {
            throw invalidParams('message is not valid base58')
          }
          const signer = held(pubkey, 'pubkey')
          return {
            needsApproval,
            run: () =>
              exclusive(async () => {
                const [output] = await features['solana:signMessage'].signMessage({
                  account: use(chainId, signer),
                  message: bytes,
                })
                return { signature: base58.encode(output!.signature) }
              }),
          }
        }
        case 'solana_signTransaction': {
          const bytes = decodeBase64('transaction', asObject(method, params).transaction)
          const signer = signerOf(bytes, 'transaction')
          return {
            needsApproval,
            run: () =>
              exclusive(async () => {
                const signed = await signOne(chainId, bytes, signer)
                return { signature: signatureOf(signed, signer), transaction: base64.encode(signed) }
              }),
          }
        }
        case 'solana_signAllTransactions': {
          const { transactions } = asObject(method, params)
          if (!Array.isArray(transactions) || transactions.length === 0) {
            throw invalidParams('transactions must be a non-empty array of base64 strings')
          }
          const inputs = transactions.map((text, index) => {
            const bytes = decodeBase64(`transactions[${index}]`, text)
            return { bytes, signer: signerOf(bytes, `transactions[${index}]`) }
          })
          return {
            needsApproval,
            run: () =>
              exclusive(async () => {
                const signed: string[] = []
                for (const { bytes, signer } of inputs) {
                  signed.push(base64.encode(await signOne(chainId, bytes, signer)))
                }
                return { transactions: signed }
              }),
          }
        }
        case 'solana_signAndSendTransaction': {
          const { transaction, sendOptions } = asObject(method, params)
          const bytes = decodeBase64('transaction', transaction)
          const signer = signerOf(bytes, 'transaction')
          if (sendOptions !== undefined && (typeof sendOptions !== 'object' || sendOptions === null)) {
            throw invalidParams('sendOptions must be an object')
          }
          return {
            needsApproval,
            run: () =>
              exclusive(async () => {
                const [output] = await features['solana:signAndSendTransaction'].signAndSendTransaction({
                  account: use(chainId, signer),
                  transaction: bytes,
                  chain: chainId,
                  ...(sendOptions ? { options: sendOptions as Record<string, unknown> } : {}),
                })
                return { signature: base58.encode(output!.signature) }
              }),
          }
        }
        default:
          throw sdkError('UNSUPPORTED_METHODS', `${method} is not a Solana method of this wallet.`)
      }
    },
  }
}
