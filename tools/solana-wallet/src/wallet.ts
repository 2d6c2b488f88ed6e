// The Solana test wallet: a Wallet Standard wallet holding keypairs, driven by a simulated user.

import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionInput,
  SolanaSignMessage,
  type SolanaSignMessageInput,
  SolanaSignTransaction,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectInput,
  StandardDisconnect,
  StandardEvents,
  type StandardEventsChangeProperties,
} from '@wallet-standard/features'
import { registerWallet } from '@wallet-standard/wallet'
import { type Approvals, createApprovals } from './approvals.js'
import { type SendOptions, sendTransaction } from './cluster-rpc.js'
import { signEd25519 } from './ed25519.js'
import { SolanaWalletError, WalletErrorCode } from './errors.js'
import { DEFAULT_ICON } from './icon.js'
import type {
  PendingRequest,
  RequestLogEntry,
  SolanaStandardWallet,
  SolanaTestWalletOptions,
  SolanaWalletCluster,
} from './types.js'

/** The features every account offers. */
const ACCOUNT_FEATURES = [SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage] as const

/** The Wallet Standard chain id of a cluster: its `chain`, else `solana:` + the first 32 characters of its genesis hash. */
export function clusterChainId(cluster: SolanaWalletCluster): `solana:${string}` {
  if (cluster.chain) return cluster.chain
  if (!cluster.genesisHash)
    throw new Error(`The cluster '${cluster.name}' needs a chain id or a genesis hash.`)
  return `solana:${cluster.genesisHash.slice(0, 32)}`
}

/** A Solana test wallet: the Wallet Standard object plus the simulated user's controls. */
export interface SolanaTestWallet {
  /** What apps see; register it with {@link SolanaTestWallet.register}. */
  readonly wallet: SolanaStandardWallet
  /** Registers the wallet with apps: on `window` by default, or on an EventTarget (Node tests). */
  register(target?: EventTarget): void
  readonly policy: Approvals['policy']
  setPolicy: Approvals['setPolicy']
  pending(): PendingRequest[]
  nextPending(): Promise<PendingRequest>
  approve(id?: number): void
  reject(id?: number): void
  /** Every request since creation or clearLog(), oldest first. */
  readonly log: readonly RequestLogEntry[]
  /** The logged requests the user was asked about. */
  prompts(): RequestLogEntry[]
  clearLog(): void
  /** Whether the site is authorized. */
  readonly connected: boolean
  /** The selected account's address (base58). */
  readonly address: string
  /** The current cluster. */
  readonly cluster: SolanaWalletCluster & { readonly chain: `solana:${string}` }
  /** User action: select another held account (by index or address); emits `change` when connected. */
  switchAccount(which: number | string): void
  /** User action: move to another cluster (by name or chain id); emits one `change` with chains and accounts. */
  switchCluster(which: string): void
  /** User action: revoke the site's authorization; emits `change` with no accounts. */
  disconnect(): void
}

type ChangeListener = (properties: StandardEventsChangeProperties) => void

/**
 * Creates a Solana test wallet. Throws when no secret key or cluster is given, a secret key is not a valid
 * 64-byte ed25519 keypair, or two clusters share a chain id.
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWallet {
  if (options.secretKeys.length === 0)
    throw new Error('The Solana test wallet needs at least one secret key.')
  if (options.clusters.length === 0) throw new Error('The Solana test wallet needs at least one cluster.')
  const keypairs = options.secretKeys.map((secretKey, index) => {
    try {
      return Keypair.fromSecretKey(Uint8Array.from(secretKey))
    } catch {
      throw new Error(`Secret key ${index} is not a 64-byte ed25519 keypair.`)
    }
  })
  const clusters = options.clusters.map((cluster) => ({ ...cluster, chain: clusterChainId(cluster) }))
  if (new Set(clusters.map((cluster) => cluster.chain)).size !== clusters.length) {
    throw new Error('Two clusters of the Solana test wallet share a chain id.')
  }
  const approvals = createApprovals(options.policy ?? 'approve')
  let log: RequestLogEntry[] = []
  let nextId = 1
  let authorized = options.connected === true
  let selected = 0
  let current = clusters[0]!
  const listeners = new Set<ChangeListener>()

  const accountOf = (keypair: Keypair): WalletAccount =>
    Object.freeze({
      address: keypair.publicKey.toBase58(),
      publicKey: keypair.publicKey.toBytes(),
      chains: [current.chain],
      features: ACCOUNT_FEATURES,
    })
  let account = accountOf(keypairs[selected]!)
  const visibleAccounts = () => (authorized ? [account] : [])
  const emit = (properties: StandardEventsChangeProperties) => {
    for (const listener of [...listeners]) listener(properties)
  }

  const begin = (method: string, params: unknown): RequestLogEntry => {
    const entry: RequestLogEntry = {
      id: nextId++,
      method,
      params,
      at: Date.now(),
      prompted: false,
      status: 'pending',
    }
    log.push(entry)
    return entry
  }
  const run = async <T>(entry: RequestLogEntry, work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work()
      entry.status = 'approved'
      return result
    } catch (error) {
      entry.status =
        (error as SolanaWalletError).code === WalletErrorCode.userRejected ? 'rejected' : 'failed'
      throw error
    }
  }
  const keypairFor = (input: { account: WalletAccount }): Keypair => {
    if (!authorized || input.account?.address !== account.address) {
      throw new SolanaWalletError(
        WalletErrorCode.unauthorized,
        `The account ${String(input.account?.address)} is not authorized; connect first.`,
      )
    }
    return keypairs[selected]!
  }
  const checkChain = (chain: IdentifierString | undefined) => {
    if (chain !== undefined && chain !== current.chain) {
      throw new SolanaWalletError(
        WalletErrorCode.wrongChain,
        `The wallet is on ${current.name} (${current.chain}), not ${chain}; switch the wallet first.`,
      )
    }
  }
  const decode = (bytes: Uint8Array, index: number): VersionedTransaction => {
    try {
      return VersionedTransaction.deserialize(bytes)
    } catch (error) {
      throw new SolanaWalletError(
        WalletErrorCode.invalidParams,
        `Transaction ${index} could not be decoded: ${(error as Error).message}`,
      )
    }
  }
  const sign = (input: SolanaSignTransactionInput, index: number): VersionedTransaction => {
    const keypair = keypairFor(input)
    const transaction = decode(input.transaction, index)
    const signers = transaction.message.staticAccountKeys.slice(
      0,
      transaction.message.header.numRequiredSignatures,
    )
    if (!signers.some((key) => key.equals(keypair.publicKey))) {
      throw new SolanaWalletError(
        WalletErrorCode.invalidParams,
        `Transaction ${index} does not need a signature from ${keypair.publicKey.toBase58()}.`,
      )
    }
    transaction.sign([keypair])
    return transaction
  }
  /** Checks every input before the user is asked, so a bad request never reaches a prompt. */
  const precheck = (inputs: readonly SolanaSignTransactionInput[]) => {
    if (inputs.length === 0)
      throw new SolanaWalletError(WalletErrorCode.invalidParams, 'No transaction to sign.')
    inputs.forEach((input, index) => {
      keypairFor(input)
      checkChain(input.chain)
      decode(input.transaction, index)
    })
  }
  const summary = (inputs: readonly { account: WalletAccount; chain?: IdentifierString }[]) => ({
    account: inputs[0]?.account?.address,
    chain: inputs[0]?.chain ?? current.chain,
    count: inputs.length,
  })

  const features = {
    [StandardConnect]: {
      version: '1.0.0',
      connect: (input?: StandardConnectInput) => {
        const entry = begin(StandardConnect, { silent: input?.silent === true })
        return run(entry, async () => {
          if (!authorized && !input?.silent) {
            await approvals.prompt(entry)
            authorized = true
            emit({ accounts: visibleAccounts() })
          }
          return { accounts: visibleAccounts() }
        })
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      disconnect: async () => {
        const entry = begin(StandardDisconnect, {})
        entry.status = 'approved'
        if (authorized) {
          authorized = false
          emit({ accounts: [] })
        }
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on: (event: string, listener: ChangeListener) => {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    [SolanaSignMessage]: {
      version: '1.1.0',
      signMessage: (...inputs: SolanaSignMessageInput[]) => {
        const entry = begin(SolanaSignMessage, summary(inputs))
        return run(entry, async () => {
          if (inputs.length === 0)
            throw new SolanaWalletError(WalletErrorCode.invalidParams, 'No message to sign.')
          for (const input of inputs) keypairFor(input)
          await approvals.prompt(entry)
          return Promise.all(
            inputs.map(async (input) => ({
              signedMessage: input.message,
              signature: await signEd25519(keypairFor(input).secretKey, input.message),
              signatureType: 'ed25519' as const,
            })),
          )
        })
      },
    },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: (...inputs: SolanaSignTransactionInput[]) => {
        const entry = begin(SolanaSignTransaction, summary(inputs))
        return run(entry, async () => {
          precheck(inputs)
          await approvals.prompt(entry)
          return inputs.map((input, index) => ({ signedTransaction: sign(input, index).serialize() }))
        })
      },
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: (...inputs: SolanaSignAndSendTransactionInput[]) => {
        const entry = begin(SolanaSignAndSendTransaction, summary(inputs))
        return run(entry, async () => {
          precheck(inputs)
          await approvals.prompt(entry)
          // The cluster it is on now: a switch while the prompt was open must not send to the old one.
          const target = current
          const outputs = []
          for (const [index, input] of inputs.entries()) {
            checkChain(input.chain)
            const transaction = sign(input, index)
            await sendTransaction(
              target.rpcUrl,
              transaction.serialize(),
              (input.options ?? {}) as SendOptions,
            )
            outputs.push({ signature: transaction.signatures[0]! })
          }
          return outputs
        })
      },
    },
  }

  const wallet: SolanaStandardWallet = {
    version: '1.0.0',
    name: options.name ?? 'Latchkey Solana Test',
    icon: options.icon ?? DEFAULT_ICON,
    get chains() {
      return [current.chain]
    },
    get accounts() {
      return visibleAccounts()
    },
    features,
  }

  const pick = <T>(list: readonly T[], match: (item: T, index: number) => boolean, what: string): number => {
    const index = list.findIndex(match)
    if (index < 0) throw new Error(`The wallet has no ${what}.`)
    return index
  }

  return {
    wallet,
    register(target) {
      if (!target) {
        if (!(globalThis as { window?: unknown }).window) {
          throw new Error('No window to register the wallet on; pass an EventTarget.')
        }
        registerWallet(wallet)
        return
      }
      // The same protocol registerWallet speaks on window, on the given target.
      const callback = (api: { register(wallet: SolanaStandardWallet): unknown }) => api.register(wallet)
      const event = new Event('wallet-standard:register-wallet')
      Object.defineProperty(event, 'detail', { value: callback })
      target.dispatchEvent(event)
      target.addEventListener('wallet-standard:app-ready', (ready) => callback((ready as CustomEvent).detail))
    },
    get policy() {
      return approvals.policy
    },
    setPolicy: approvals.setPolicy,
    pending: approvals.pending,
    nextPending: approvals.nextPending,
    approve: approvals.approve,
    reject: approvals.reject,
    get log() {
      return log
    },
    prompts: () => log.filter((entry) => entry.prompted),
    clearLog() {
      log = []
    },
    get connected() {
      return authorized
    },
    get address() {
      return account.address
    },
    get cluster() {
      return current
    },
    switchAccount(which) {
      selected = pick(
        keypairs,
        (keypair, index) =>
          typeof which === 'number' ? index === which : keypair.publicKey.toBase58() === which,
        `account ${which}`,
      )
      account = accountOf(keypairs[selected]!)
      if (authorized) emit({ accounts: visibleAccounts() })
    },
    switchCluster(which) {
      current =
        clusters[
          pick(clusters, (cluster) => cluster.name === which || cluster.chain === which, `cluster ${which}`)
        ]!
      account = accountOf(keypairs[selected]!)
      emit(
        authorized ? { chains: [current.chain], accounts: visibleAccounts() } : { chains: [current.chain] },
      )
    },
    disconnect() {
      if (!authorized) return
      authorized = false
      emit({ accounts: [] })
    },
  }
}
