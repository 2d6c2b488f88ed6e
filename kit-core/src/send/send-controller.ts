import { activeAccountOf } from '../account/active-account.js'
import type { AccountDataLoader } from '../account/types.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import { ConnectorIds } from '../adapter/connectors.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import type { RouterController } from '../controllers/navigation/router-controller.js'
import { isUserRejection, LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import * as SendMessages from '../errors/messages-send.js'
import { createStore } from '../kit/store.js'
import type { BlockchainApi, TokenBalance } from '../services/types.js'
import { createSendChain, type SendChain } from './send-chain.js'
import {
  chainProblem,
  dispatchSend,
  estimateSendFee,
  SEND_NAMESPACES,
  type SendPlan,
  unitsOf,
} from './send-dispatch.js'
import type { SendController, SendFee, SendPreview, SendResult, SendState } from './types.js'
import { maxSendAmount, validateSend } from './validate.js'

/** How long after the last change of the receiver its name is looked up (ms). */
export const IDENTITY_DEBOUNCE_MS = 300

export interface SendControllerDeps {
  chain: ChainController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  blockchainApi: BlockchainApi | undefined
  options: Pick<ResolvedOptions, 'customRpcUrls'>
  /** The account data: the token balances, read again after a send with the activity. */
  account: AccountDataLoader
  /** After a send the modal returns to Account (SPEC §2); the embedded wallet's send waits on the transaction stack. */
  router: Pick<RouterController, 'state' | 'reset' | 'pushTransaction'>
  snackbar: { showSuccess(message: string): void; showError(error: unknown): void }
  /** Tests: the chain reads, the identity debounce and the receipt polling. */
  sendChain?: SendChain
  debounceMs?: number
  receiptIntervalMs?: number
}

const EMPTY: SendState = {
  tokenBalances: [],
  receiverLoading: false,
  feeLoading: false,
  issues: [],
  loading: false,
}

const sameToken = (a: TokenBalance, b: TokenBalance) => a.chainId === b.chainId && a.address === b.address

/**
 * The send form (SPEC §3 "Send state", §4 "Send", §5): the token, amount and receiver the visitor chose, checked as
 * they change; the receiver's name looked up as they type; the fee estimated; the send handed to the active
 * namespace's adapter; afterwards the form resets, balances and activity are read again and the modal returns to
 * Account with a success snackbar.
 */
export function createSendController(deps: SendControllerDeps): SendController & { dispose(): void } {
  const { chain } = deps
  const state = createStore<SendState>({ ...EMPTY })
  const sendChain =
    deps.sendChain ??
    createSendChain({
      rpcUrl: (network) =>
        deps.options.customRpcUrls[network.caipNetworkId]?.[0]?.url ?? network.rpcUrls.default.http[0],
    })
  const active = () => activeAccountOf(chain.state.get())
  const aborts = new AbortController()

  /** The form checked as it stands (SPEC §5), with the estimate's fee for native sends. */
  const check = () => {
    const { token, sendTokenAmount, receiverAddress, fee } = state.get()
    const namespace = active()?.namespace ?? chain.state.get().activeNamespace ?? 'eip155'
    state.patch({
      issues: validateSend({
        namespace,
        token,
        amount: sendTokenAmount,
        receiverAddress,
        fee: token && token.address === undefined ? fee?.value : undefined,
      }),
    })
  }

  // The balances follow the account data; the chosen token follows its balance.
  let stopBalances: (() => void) | undefined
  let syncBalances: (() => void) | undefined
  const followBalances = () => {
    void deps.account.load().then(
      (data) => {
        if (aborts.signal.aborted || stopBalances) return
        const sync = () => {
          const balances = data.balances.state.get()
          const account = active()
          const tokens = account && balances.caipAddress === account.caipAddress ? balances.tokens : []
          const chosen = state.get().token
          const token = chosen && tokens.find((t) => sameToken(t, chosen))
          state.patch({ tokenBalances: tokens, ...(token ? { token } : {}) })
          if (token) check()
        }
        stopBalances = data.balances.state.subscribe(sync)
        syncBalances = sync
        sync()
      },
      () => undefined, // The view shows the account data's own failure.
    )
  }
  followBalances()

  // The receiver's name (eip155 identity), 300 ms after the last change; an answer for an older receiver is dropped.
  let identityTimer: ReturnType<typeof setTimeout> | undefined
  let identityRound = 0
  const lookUpReceiver = (receiver: string | undefined) => {
    clearTimeout(identityTimer)
    const round = ++identityRound
    const account = active()
    const api = deps.blockchainApi
    state.patch({ receiverProfileName: undefined, receiverProfileImage: undefined, receiverLoading: false })
    if (!receiver || !api || account?.namespace !== 'eip155' || !/^0x[0-9a-fA-F]{40}$/.test(receiver)) return
    state.patch({ receiverLoading: true })
    identityTimer = setTimeout(() => {
      api
        .getIdentity({
          address: receiver,
          caipNetworkId: account.network.caipNetworkId,
          sender: account.address,
        })
        .then(
          (identity) => {
            if (round !== identityRound) return
            state.patch({
              receiverLoading: false,
              receiverProfileName: identity?.name ?? undefined,
              receiverProfileImage: identity?.avatar ?? undefined,
            })
          },
          () => {
            if (round === identityRound) state.patch({ receiverLoading: false })
          },
        )
    }, deps.debounceMs ?? IDENTITY_DEBOUNCE_MS)
  }

  /** The send as the form stands, on the active account. @throws 'Unsupported chain' where sends are not served. */
  const planOf = (): SendPlan => {
    const account = active()
    if (!account) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    const { namespace, network } = account
    if (!(SEND_NAMESPACES as readonly string[]).includes(namespace)) {
      throw new LatchkeyError(Messages.unsupportedChain, { code: 'UNSUPPORTED_CHAIN' })
    }
    const adapter = deps.getAdapter(namespace)
    if (!adapter) throw new LatchkeyError(Messages.adapterMissing(namespace), { code: 'ADAPTER_NOT_FOUND' })
    const { token, sendTokenAmount, receiverAddress } = state.get()
    if (!token) throw new LatchkeyError(SendMessages.tokenRequired, { code: 'INVALID_PARAMS' })
    return {
      adapter,
      network,
      from: account.address,
      to: (receiverAddress ?? '').trim(),
      token,
      units: unitsOf(token, sendTokenAmount),
    }
  }

  /** What the estimate was made for: a fee of another form is estimated again. */
  const formKey = () => {
    const { token, sendTokenAmount, receiverAddress } = state.get()
    return JSON.stringify([
      active()?.caipAddress,
      token?.chainId,
      token?.address,
      sendTokenAmount,
      receiverAddress,
    ])
  }
  let feeKey: string | undefined
  let feeRound = 0

  async function estimateFee(): Promise<SendFee | undefined> {
    const round = ++feeRound
    const key = formKey()
    let plan: SendPlan
    try {
      plan = planOf()
    } catch {
      state.patch({ fee: undefined, feeLoading: false, feeError: undefined })
      return undefined
    }
    state.patch({ feeLoading: true, feeError: undefined })
    try {
      const fee = await estimateSendFee(plan, sendChain)
      if (round === feeRound) {
        feeKey = key
        state.patch({ fee, feeLoading: false })
        check()
      }
      return fee
    } catch {
      if (round === feeRound) {
        feeKey = undefined
        state.patch({ fee: undefined, feeLoading: false, feeError: SendMessages.feeUnavailable })
        check()
      }
      return undefined
    }
  }

  /** The fee of the form as it stands: the last estimate when it was of this form, else a new one. */
  const currentFee = async () => (feeKey === formKey() && state.get().fee) || (await estimateFee())

  /** Every check before a send: the form (SPEC §5), the fee, the chain's rules. @throws the first problem. */
  async function checked(acceptWarnings: boolean): Promise<{ plan: SendPlan; preview: SendPreview }> {
    const plan = planOf()
    const fee = await currentFee()
    check()
    const issues = state.get().issues
    const error = issues.find((issue) => issue.level === 'error')
    if (error) throw new LatchkeyError(error.message, { code: 'INVALID_PARAMS' })
    const warnings = issues.filter((issue) => issue.level === 'warning')
    if (!acceptWarnings && warnings[0])
      throw new LatchkeyError(warnings[0].message, { code: 'INVALID_PARAMS' })
    const problem = await chainProblem(plan, sendChain, fee)
    if (problem) throw new LatchkeyError(problem, { code: 'INVALID_PARAMS' })
    const amount = (state.get().sendTokenAmount ?? '').trim()
    const price = plan.token.price
    return {
      plan,
      preview: {
        from: plan.from,
        to: plan.to,
        amount,
        token: plan.token,
        ...(price > 0 ? { value: Number(amount) * price } : {}),
        ...(fee ? { fee } : {}),
        network: plan.network,
        warnings,
      },
    }
  }

  /** After a send: the balances and activity read again once the chain has the transaction. */
  async function afterSend(result: SendResult, namespace: ChainNamespace): Promise<void> {
    if (namespace === 'eip155') {
      const outcome = await sendChain.receipt(result.network, result.hash, {
        intervalMs: deps.receiptIntervalMs,
        signal: aborts.signal,
      })
      if (outcome === 'reverted') deps.snackbar.showError(SendMessages.sendReverted)
    }
    if (aborts.signal.aborted) return
    const data = deps.account.current()
    await Promise.all([
      chain.syncBalance(namespace, { force: true }),
      data?.balances.refresh({ force: true }),
      data?.transactions.refresh(),
    ])
  }

  async function send(options: { acceptWarnings?: boolean } = {}): Promise<SendResult> {
    if (state.get().loading) throw new LatchkeyError(SendMessages.sendUnderWay, { code: 'INVALID_PARAMS' })
    state.patch({ loading: true, error: undefined })
    const fail = (error: unknown, toast: boolean) => {
      const message = isUserRejection(error)
        ? Messages.signatureDeclined
        : error instanceof Error && error.message
          ? error.message
          : Messages.somethingWentWrong
      state.patch({ loading: false, error: message })
      if (toast) deps.snackbar.showError(message)
      return error
    }
    let plan: SendPlan
    try {
      plan = (await checked(options.acceptWarnings === true)).plan
    } catch (error) {
      // A problem of the form: shown in the form, the snackbar stays for the wallet's answers.
      throw fail(error, false)
    }
    // The embedded wallet ends the send on its transaction stack (SPEC §4): its approval's success returns to Account
    // (after the balance is read again), an error or a cancel goes back from the approval to this preview.
    const embedded =
      chain.state.get().namespaces[plan.network.chainNamespace]?.connectorId === ConnectorIds.auth
    const drop = embedded
      ? deps.router.pushTransaction({ onSuccess: () => deps.router.reset('Account') })
      : undefined
    let result: SendResult
    try {
      result = await dispatchSend(plan, plan.token.address === undefined ? state.get().fee : undefined)
    } catch (error) {
      drop?.()
      // 'Signature declined' for a rejection (SPEC §8 toasts), else the wallet's message; the form stays.
      throw fail(error, true)
    }
    const { sendTokenAmount = '', token } = state.get()
    const namespace = result.network.chainNamespace
    reset()
    deps.snackbar.showSuccess(SendMessages.sent(sendTokenAmount.trim(), token?.symbol ?? ''))
    const view = deps.router.state.get().view
    if (view === 'WalletSend' || view === 'WalletSendPreview') deps.router.reset('Account')
    void afterSend(result, namespace).catch(() => undefined)
    return result
  }

  function reset(): void {
    clearTimeout(identityTimer)
    identityRound++
    feeRound++
    feeKey = undefined
    state.set({ ...EMPTY })
    syncBalances?.()
  }

  return {
    state,
    // A change of the form is a new attempt: the last send's error goes with it.
    setToken(token) {
      state.patch({ token, fee: undefined, feeError: undefined, error: undefined })
      feeKey = undefined
      check()
    },
    setTokenAmount(amount) {
      state.patch({ sendTokenAmount: amount, error: undefined })
      check()
    },
    setReceiverAddress(address) {
      state.patch({ receiverAddress: address, error: undefined })
      lookUpReceiver(address?.trim())
      check()
    },
    async setMaxAmount() {
      const { token } = state.get()
      if (!token) return
      const fee = token.address === undefined ? await currentFee() : undefined
      state.patch({ sendTokenAmount: maxSendAmount(token, fee?.value ?? '0') })
      // The fee was estimated for the amount before: a native transfer's gas does not depend on it.
      if (fee) feeKey = formKey()
      check()
    },
    estimateFee,
    async preview() {
      return (await checked(true)).preview
    },
    send,
    reset,
    dispose() {
      aborts.abort()
      clearTimeout(identityTimer)
      stopBalances?.()
    },
  }
}
