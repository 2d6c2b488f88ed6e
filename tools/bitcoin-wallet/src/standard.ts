// The Wallet Standard face: standard:connect / disconnect / events and the bitcoin:* features as published by
// ExodusMovement/bitcoin-wallet-standard (bitcoin:connect, bitcoin:signMessage, bitcoin:signTransaction,
// bitcoin:signAndSendTransaction, version 1.0.0 each).
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { Psbt } from 'bitcoinjs-lib'
import { activeAddresses, networkParams, standardChain } from './addresses.js'
import { fromHex } from './bytes.js'
import { invalidParams } from './errors.js'
import { planFromSignInputs, signAndMaybeBroadcast, signMessageFor } from './methods.js'
import type { Run } from './router.js'
import { grant, revoke } from './session.js'
import type { WalletState } from './state.js'

const FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'bitcoin:connect',
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
  'bitcoin:signAndSendTransaction',
] as const

interface SignTransactionInput {
  psbt: Uint8Array
  chain: IdentifierString
  inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[]
}

/** Creates the Wallet Standard wallet of a test wallet's state. */
export function createStandardWallet(state: WalletState, run: Run, name: string, icon: string): Wallet {
  const listeners = new Set<
    (properties: { accounts?: readonly WalletAccount[]; chains?: readonly IdentifierString[] }) => void
  >()
  let accounts: readonly WalletAccount[] = []
  const makeAccounts = (): readonly WalletAccount[] =>
    state.connected
      ? activeAddresses(state).map((entry) =>
          Object.freeze({
            address: entry.address,
            publicKey: fromHex(entry.publicKey),
            chains: [standardChain(state.network.network)] as const,
            features: FEATURES.filter((feature) => feature.startsWith('bitcoin:')),
            label: entry.purpose,
          }),
        )
      : []
  const sameAccounts = (a: readonly WalletAccount[], b: readonly WalletAccount[]) =>
    a.length === b.length &&
    a.every((account, i) => account.address === b[i]!.address && account.chains[0] === b[i]!.chains[0])
  state.standardListeners.add(() => {
    const next = makeAccounts()
    if (sameAccounts(next, accounts)) return
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  })
  accounts = makeAccounts()

  const connect = async (silent: boolean, method: string, input: unknown) =>
    run(method, input, async (entry) => {
      if (!state.connected) {
        if (silent) return { accounts: [] }
        await state.approvals.prompt(entry)
        grant(state)
      }
      return { accounts }
    }) as Promise<{ accounts: readonly WalletAccount[] }>

  const checkChain = (chain: unknown) => {
    if (chain !== standardChain(state.network.network))
      throw invalidParams(`The wallet is on ${standardChain(state.network.network)}, not ${String(chain)}`)
  }
  const signOne = async (input: SignTransactionInput, broadcast: boolean) => {
    if (!(input?.psbt instanceof Uint8Array)) throw invalidParams('psbt must be a Uint8Array')
    checkChain(input.chain)
    let psbt: Psbt
    try {
      psbt = Psbt.fromBuffer(input.psbt, { network: networkParams(state.network.network) })
    } catch (error) {
      throw invalidParams(
        `psbt is not a valid PSBT: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    if (!Array.isArray(input.inputsToSign) || input.inputsToSign.length === 0)
      throw invalidParams('inputsToSign must list inputs')
    const plan = input.inputsToSign.flatMap((item) =>
      planFromSignInputs(state, psbt, { [String(item?.account?.address)]: item?.signingIndexes }).map(
        (entry) => (item.sigHash === undefined ? entry : { ...entry, sighashTypes: [item.sigHash] }),
      ),
    )
    return { psbt, plan, broadcast }
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: icon as WalletIcon,
    get chains() {
      return state.networks.map((network) => standardChain(network.network))
    },
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: (input?: { silent?: boolean }) =>
          connect(input?.silent === true, 'standard:connect', input ?? {}),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await run('standard:disconnect', {}, async () => {
            revoke(state)
            return null
          })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => {
            listeners.delete(listener)
          }
        },
      },
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async (input: { purposes: ('payment' | 'ordinals')[] }) => {
          const { accounts: all } = await connect(false, 'bitcoin:connect', input)
          const purposes = Array.isArray(input?.purposes) ? input.purposes : ['payment', 'ordinals']
          return {
            accounts: purposes.flatMap((purpose) => all.filter((account) => account.label === purpose)),
          }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          run('bitcoin:signMessage', inputs, async (entry) => {
            if (!state.connected) throw invalidParams('The site is not connected')
            for (const input of inputs) {
              if (!(input?.message instanceof Uint8Array)) throw invalidParams('message must be a Uint8Array')
              signMessageFor(state, input.account?.address, input.message, undefined)
            }
            await state.approvals.prompt(entry)
            return inputs.map((input) => {
              const signed = signMessageFor(state, input.account.address, input.message, undefined)
              return { signedMessage: input.message, signature: signed.signature }
            })
          }),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: (...inputs: SignTransactionInput[]) =>
          run('bitcoin:signTransaction', inputs, async (entry) => {
            if (!state.connected) throw invalidParams('The site is not connected')
            const jobs = await Promise.all(inputs.map((input) => signOne(input, false)))
            await state.approvals.prompt(entry)
            const out = []
            for (const job of jobs) {
              await signAndMaybeBroadcast(state, job.psbt, job.plan, false)
              out.push({ signedPsbt: job.psbt.toBuffer() })
            }
            return out
          }),
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: (...inputs: SignTransactionInput[]) =>
          run('bitcoin:signAndSendTransaction', inputs, async (entry) => {
            if (!state.connected) throw invalidParams('The site is not connected')
            const jobs = await Promise.all(inputs.map((input) => signOne(input, true)))
            await state.approvals.prompt(entry)
            const out = []
            for (const job of jobs) {
              const { txid } = await signAndMaybeBroadcast(state, job.psbt, job.plan, true)
              out.push({ txId: txid! })
            }
            return out
          }),
      },
    },
  }
  return wallet
}
