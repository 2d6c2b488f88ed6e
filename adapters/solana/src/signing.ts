import type { CaipNetwork, SendTransactionResult } from '@latchkey/core'
import type { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js'
import { walletChainFor, walletServes } from './chains.js'
import { base58Encode, toBase64 } from './encoding.js'
import { walletError } from './errors.js'
import type { SolanaLibs } from './libs.js'
import type { Connections } from './rpc.js'
import { buildTransaction, confirmSignature, publicKeyOf } from './transactions.js'
import type { WalletSession } from './wallet-session.js'

/** Who signs, on which cluster. */
export interface SigningContext {
  session: WalletSession
  signer: string
  network: CaipNetwork
  connections: Connections
  libs: SolanaLibs
}

/** Runs a wallet call, its errors as ProviderRpcError (4001 for a rejection). */
export async function withWalletErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/** The chain to name to the wallet for `network`: only when the wallet says it serves that cluster. */
const chainFor = (session: WalletSession, network: CaipNetwork) =>
  walletServes(network, session.chains()) ? walletChainFor(network, session.chains()) : undefined

/** Has the wallet sign wire-format transactions (one prompt); base64 of each signed transaction. */
export async function signTransactions(
  context: SigningContext,
  transactions: Uint8Array[],
): Promise<string[]> {
  const { session, signer, network } = context
  const chain = chainFor(session, network)
  const signed = await withWalletErrors(() => session.signTransactions(signer, transactions, chain))
  return signed.map(toBase64)
}

/**
 * Builds a transaction from `instructions` on the context's cluster and has it signed and sent there, then
 * waits until the cluster confirms it. The wallet sends (`solana:signAndSendTransaction` naming the chain) when
 * it says it serves that cluster; a wallet-adapter adapter sends through the cluster's Connection; any other
 * wallet signs and the adapter sends. So nothing lands on whatever cluster the wallet itself happens to be on.
 */
export async function sendInstructions(
  context: SigningContext,
  instructions: (from: PublicKey, connection: Connection) => Promise<TransactionInstruction[]>,
): Promise<SendTransactionResult> {
  const { session, signer, network, connections, libs } = context
  const connection = connections.get(network)
  const from = publicKeyOf(libs, signer, 'from')
  const transaction = await connections.read(network, async (c) =>
    buildTransaction(libs, c, from, await instructions(from, c)),
  )
  const bytes = transaction.serialize()
  const chain = chainFor(session, network)
  const signature = await withWalletErrors(async () => {
    if (chain && session.canSignAndSend()) {
      return base58Encode(await session.signAndSend(signer, bytes, chain, connection))
    }
    if (session.chains().length === 0) {
      return base58Encode(await session.signAndSend(signer, bytes, network.caipNetworkId, connection))
    }
    const [signed] = await session.signTransactions(signer, [bytes], chain)
    return connections.read(network, (c) =>
      c.sendRawTransaction(signed!, { preflightCommitment: 'confirmed' }),
    )
  })
  await connections.read(network, (c) => confirmSignature(c, signature))
  return { hash: signature, network }
}
