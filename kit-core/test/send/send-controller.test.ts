// The send controller with an adapter, chain reads and a Blockchain API the tests control: what reaches the adapter,
// the checks before it, and what happens after (SPEC §2, §3 "Send state", §4 "Send", §5).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountData, AccountDataLoader } from '../../src/account/types.js'
import { createRouterController } from '../../src/controllers/navigation/router-controller.js'
import {
  type BalancesState,
  bitcoin,
  type CaipNetwork,
  type ChainAdapter,
  type ChainController,
  createStore,
  type IdentityResult,
  mainnet,
  ProviderRpcError,
  type SendTransactionResult,
  solana,
  type TokenBalance,
} from '../../src/index.js'
import type { SendChain } from '../../src/send/send-chain.js'
import { createSendController, IDENTITY_DEBOUNCE_MS } from '../../src/send/send-controller.js'
import { chainWith, fakeApi, token } from '../account/support.js'
import { createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x00000000000000000000000000000000000000a1'
const RECEIVER = '0x00000000000000000000000000000000000000B2'
const SOL_FROM = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2'
const SOL_TO = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const LUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
})

const native = (network: CaipNetwork, numeric: string): TokenBalance => ({
  ...token(network.caipNetworkId, network.nativeCurrency.symbol, numeric, { price: 2 }),
  quantity: { decimals: String(network.nativeCurrency.decimals), numeric },
})

function fakeSendChain(overrides: Partial<SendChain> = {}): SendChain {
  return {
    gasFees: vi.fn(async () => ({ maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })),
    lamports: vi.fn(async () => 5_000_000_000n),
    rentExemptMinimum: vi.fn(async () => 890_880n),
    receipt: vi.fn(async () => 'success' as const),
    ...overrides,
  }
}

function setup(options: {
  network?: CaipNetwork
  address?: string
  tokens?: TokenBalance[]
  adapter?: Partial<ChainAdapter>
  sendChain?: SendChain
  view?: string
}) {
  const network = options.network ?? mainnet
  const address = options.address ?? EVM
  const chain = chainWith(network, address)
  const base = createFakeAdapter(network.chainNamespace, [network], [address]).adapter
  const adapter = {
    ...base,
    sendTransaction: vi.fn(async () => ({ hash: '0xabc', network })),
    writeContract: vi.fn(async () => ({ hash: '0xdef', network })),
    sendSplTransfer: vi.fn(async () => ({ hash: 'sig', network })),
    estimateGas: vi.fn(async () => 21_000n),
    ...options.adapter,
  } as ChainAdapter
  const balances = createStore<BalancesState>({
    caipAddress: `${network.caipNetworkId}:${address}`,
    tokens: options.tokens ?? [native(network, '1')],
    loading: false,
    unavailable: false,
  })
  const data = {
    balances: { state: balances, refresh: vi.fn(async () => undefined) },
    transactions: { refresh: vi.fn(async () => undefined) },
  } as unknown as AccountData
  const account: AccountDataLoader = { current: () => data, load: async () => data }
  const router = { state: createStore({ view: options.view ?? 'WalletSendPreview' }), reset: vi.fn() }
  const snackbar = { showSuccess: vi.fn(), showError: vi.fn() }
  const identity = vi.fn(async (_params: { address: string }): Promise<IdentityResult | null> => null)
  const api = fakeApi({ getIdentity: identity })
  const sendChain = options.sendChain ?? fakeSendChain()
  const controller = createSendController({
    chain: chain as unknown as ChainController,
    getAdapter: () => adapter,
    blockchainApi: api,
    options: { customRpcUrls: {} },
    account,
    router: router as never,
    snackbar,
    sendChain,
    debounceMs: 20,
    receiptIntervalMs: 1,
  })
  stops.push(() => controller.dispose())
  return { controller, adapter, chain, data, router, snackbar, identity, sendChain, balances }
}

/** Fills the form once the balances reached it. */
async function fill(
  controller: ReturnType<typeof setup>['controller'],
  pick: (tokens: readonly TokenBalance[]) => TokenBalance | undefined,
  amount: string,
  receiver: string,
) {
  await vi.waitFor(() => expect(controller.state.get().tokenBalances.length).toBeGreaterThan(0))
  controller.setToken(pick(controller.state.get().tokenBalances))
  controller.setTokenAmount(amount)
  controller.setReceiverAddress(receiver)
}

const first = (tokens: readonly TokenBalance[]) => tokens[0]

describe('the send controller', () => {
  it('[§4.48] [§4.49] [§2.17] sends native EVM with the estimate’s gas, loading meanwhile, then resets and returns to Account', async () => {
    let release: () => void = () => undefined
    const { controller, adapter, router, snackbar, data, chain } = setup({
      adapter: {
        sendTransaction: vi.fn(
          () =>
            new Promise<SendTransactionResult>((resolve) => {
              release = () => resolve({ hash: '0xabc', network: mainnet })
            }),
        ),
      },
    })
    await fill(controller, first, '0.5', RECEIVER)
    const sending = controller.send()
    await vi.waitFor(() => expect(adapter.sendTransaction).toHaveBeenCalled())
    expect(controller.state.get().loading).toBe(true)
    release()
    await expect(sending).resolves.toEqual({ hash: '0xabc', network: mainnet })
    expect(adapter.sendTransaction).toHaveBeenCalledWith({
      to: RECEIVER,
      value: 500_000_000_000_000_000n,
      network: mainnet,
      gas: 21_000n,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    const state = controller.state.get()
    expect(state).toMatchObject({ loading: false, issues: [] })
    expect(state.token).toBeUndefined()
    expect(state.sendTokenAmount).toBeUndefined()
    expect(state.receiverAddress).toBeUndefined()
    expect(state.tokenBalances).toHaveLength(1)
    expect(snackbar.showSuccess).toHaveBeenCalledWith('Sent 0.5 ETH')
    expect(router.reset).toHaveBeenCalledWith('Account')
    await vi.waitFor(() => expect(data.transactions.refresh).toHaveBeenCalled())
    expect(data.balances.refresh).toHaveBeenCalledWith({ force: true })
    expect(chain.syncBalance).toHaveBeenCalledWith('eip155', { force: true })
  })

  it('[§4.49] sends an ERC-20 through transfer, and a USDT contract through its own ABI', async () => {
    const tokens = [
      native(mainnet, '1'),
      token('eip155:1', 'LUSD', '10', { address: `eip155:1:${LUSD}` }),
      token('eip155:1', 'USDT', '10', {
        address: `eip155:1:${USDT}`,
        quantity: { decimals: '6', numeric: '10' },
      }),
    ]
    const { controller, adapter } = setup({ tokens })
    await fill(controller, (all) => all[1], '2.5', RECEIVER)
    await controller.send()
    const lusd = vi.mocked(adapter.writeContract!).mock.calls[0]![0]
    expect(lusd).toMatchObject({
      address: LUSD,
      functionName: 'transfer',
      args: [RECEIVER, 2_500_000_000_000_000_000n],
    })
    const outputs = (abi: readonly unknown[]) =>
      (abi.find((item) => (item as { name?: string }).name === 'transfer') as { outputs: unknown[] }).outputs
    expect(outputs(lusd.abi)).toHaveLength(1)
    await fill(controller, (all) => all[2], '3', RECEIVER)
    await controller.send()
    const usdt = vi.mocked(adapter.writeContract!).mock.calls[1]![0]
    expect(usdt).toMatchObject({ address: USDT, args: [RECEIVER, 3_000_000n] })
    expect(outputs(usdt.abi)).toEqual([])
    expect(adapter.sendTransaction).not.toHaveBeenCalled()
  })

  it('[§4.49] sends SOL and SPL tokens on solana', async () => {
    const mint = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    const tokens = [
      native(solana, '2'),
      token(solana.caipNetworkId, 'LSPL', '5', {
        address: `${solana.caipNetworkId}:${mint}`,
        quantity: { decimals: '6', numeric: '5' },
      }),
    ]
    const { controller, adapter } = setup({ network: solana, address: SOL_FROM, tokens })
    await fill(controller, first, '1', SOL_TO)
    await controller.send()
    expect(adapter.sendTransaction).toHaveBeenCalledWith({
      to: SOL_TO,
      value: 1_000_000_000n,
      network: solana,
    })
    await fill(controller, (all) => all[1], '1.25', SOL_TO)
    await controller.send()
    expect(adapter.sendSplTransfer).toHaveBeenCalledWith({
      mint,
      to: SOL_TO,
      amount: 1_250_000n,
      network: solana,
    })
  })

  it('refuses a SOL amount that would leave a new account below the rent-exempt minimum', async () => {
    const sendChain = fakeSendChain({
      lamports: vi.fn(async (_network, address: string) => (address === SOL_TO ? 0n : 5_000_000_000n)),
    })
    const { controller, adapter } = setup({
      network: solana,
      address: SOL_FROM,
      sendChain,
      tokens: [native(solana, '5')],
    })
    await fill(controller, first, '0.0001', SOL_TO)
    const message = "The receiver's account is new: send at least 0.00089088 SOL (its rent-exempt minimum)"
    await expect(controller.preview()).rejects.toThrow(message)
    await expect(controller.send()).rejects.toThrow(message)
    expect(controller.state.get().error).toBe(message)
    expect(adapter.sendTransaction).not.toHaveBeenCalled()
    controller.setTokenAmount('0.001')
    await expect(controller.send()).resolves.toMatchObject({ hash: '0xabc' })
  })

  it('[§4.50] throws "Unsupported chain" on a namespace without sends (bip122)', async () => {
    const { controller, adapter } = setup({
      network: bitcoin,
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      tokens: [native(bitcoin, '1')],
    })
    await fill(controller, first, '0.1', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await expect(controller.send()).rejects.toThrow('Unsupported chain')
    await expect(controller.preview()).rejects.toThrow('Unsupported chain')
    expect(adapter.sendTransaction).not.toHaveBeenCalled()
  })

  it('keeps the form on a rejection and says "Signature declined"; another wallet error keeps its message', async () => {
    const sendTransaction = vi
      .fn()
      .mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
      .mockRejectedValueOnce(new ProviderRpcError(-32000, 'insufficient funds for gas'))
    const { controller, snackbar } = setup({ adapter: { sendTransaction } })
    await fill(controller, first, '0.1', RECEIVER)
    await expect(controller.send()).rejects.toThrow()
    expect(controller.state.get()).toMatchObject({
      loading: false,
      error: 'Signature declined',
      sendTokenAmount: '0.1',
      receiverAddress: RECEIVER,
    })
    expect(snackbar.showError).toHaveBeenLastCalledWith('Signature declined')
    await expect(controller.send()).rejects.toThrow()
    expect(controller.state.get().error).toBe('insufficient funds for gas')
    expect(controller.state.get().token?.symbol).toBe('ETH')
  })

  it('[§5.8] [§5.9] refuses a form with errors, and asks to accept a warning for an unusual native recipient', async () => {
    const { controller, adapter, snackbar } = setup({})
    await vi.waitFor(() => expect(controller.state.get().tokenBalances).toHaveLength(1))
    await expect(controller.send()).rejects.toThrow('A token is required')
    controller.setToken(controller.state.get().tokenBalances[0])
    await expect(controller.send()).rejects.toThrow('An amount and receiver address are required')
    controller.setTokenAmount('2')
    controller.setReceiverAddress('vitalik')
    await expect(controller.send()).rejects.toThrow('The amount is more than the balance')
    controller.setTokenAmount('0.1')
    await expect(controller.send()).rejects.toThrow('The receiver does not look like a eip155 address')
    expect(snackbar.showError).not.toHaveBeenCalled()
    const preview = await controller.preview()
    expect(preview.warnings).toHaveLength(1)
    await controller.send({ acceptWarnings: true })
    expect(adapter.sendTransaction).toHaveBeenCalledWith(expect.objectContaining({ to: 'vitalik' }))
  })

  it('Max leaves exactly the estimated fee of a native send, and the preview shows it', async () => {
    const { controller } = setup({ tokens: [native(mainnet, '1')] })
    await vi.waitFor(() => expect(controller.state.get().tokenBalances).toHaveLength(1))
    controller.setToken(controller.state.get().tokenBalances[0])
    controller.setReceiverAddress(RECEIVER)
    await controller.setMaxAmount()
    // 21,000 gas at 3 gwei: 0.000063 ETH.
    expect(controller.state.get().sendTokenAmount).toBe('0.999937')
    expect(controller.state.get().issues).toEqual([])
    const preview = await controller.preview()
    expect(preview).toMatchObject({
      from: EVM,
      to: RECEIVER,
      amount: '0.999937',
      network: mainnet,
      value: 1.999874,
    })
    expect(preview.fee).toMatchObject({ value: '0.000063', symbol: 'ETH', units: 63_000_000_000_000n })
    controller.setTokenAmount('0.99995')
    expect(controller.state.get().issues.map((issue) => issue.message)).toEqual([
      'The amount and the network fee are more than the balance',
    ])
  })

  it('looks the receiver up 300 ms after the last change, and drops an answer for an older receiver', async () => {
    expect(IDENTITY_DEBOUNCE_MS).toBe(300)
    const { controller, identity } = setup({})
    let answer: (value: IdentityResult | null) => void = () => undefined
    identity.mockImplementationOnce(
      () =>
        new Promise<IdentityResult | null>((resolve) => {
          answer = resolve
        }),
    )
    identity.mockResolvedValueOnce({ name: 'bob.eth', avatar: 'https://example.com/bob.png' })
    controller.setReceiverAddress(RECEIVER.slice(0, 20))
    controller.setReceiverAddress(RECEIVER)
    expect(controller.state.get().receiverLoading).toBe(true)
    await vi.waitFor(() => expect(identity).toHaveBeenCalledTimes(1))
    const other = '0x00000000000000000000000000000000000000c3'
    controller.setReceiverAddress(other)
    await vi.waitFor(() => expect(identity).toHaveBeenCalledTimes(2))
    await vi.waitFor(() => expect(controller.state.get().receiverProfileName).toBe('bob.eth'))
    answer({ name: 'stale.eth', avatar: '' })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(controller.state.get()).toMatchObject({
      receiverAddress: other,
      receiverProfileName: 'bob.eth',
      receiverProfileImage: 'https://example.com/bob.png',
      receiverLoading: false,
    })
    expect(identity.mock.calls.map(([params]) => params.address)).toEqual([RECEIVER, other])
  })

  it('reset empties the form and keeps the balances (the resetSendState hook)', async () => {
    const { controller } = setup({})
    await fill(controller, first, '0.1', RECEIVER)
    controller.reset()
    expect(controller.state.get()).toMatchObject({
      loading: false,
      issues: [],
      tokenBalances: [expect.anything()],
    })
    expect(controller.state.get().sendTokenAmount).toBeUndefined()
  })

  it('says when the fee cannot be estimated, and still lets the visitor send', async () => {
    const { controller } = setup({
      adapter: { estimateGas: vi.fn(async () => Promise.reject(new Error('down'))) },
    })
    await fill(controller, first, '0.1', RECEIVER)
    expect(await controller.estimateFee()).toBeUndefined()
    expect(controller.state.get()).toMatchObject({
      feeError: 'The network fee could not be estimated',
      feeLoading: false,
    })
    await expect(controller.send()).resolves.toMatchObject({ hash: '0xabc' })
  })

  it('[§2.17] [§4.28] the embedded wallet: the send waits on the transaction stack, whose success returns to Account; a failure before the wallet leaves the stack empty', async () => {
    const { controller, chain, adapter, router: fake } = setup({})
    // The account is the embedded wallet's (the AUTH connector): the real router, its transaction stack.
    const state = chain.state.get()
    const entry = state.namespaces.eip155
    if (!entry) throw new Error('no eip155 account')
    chain.state.set({ ...state, namespaces: { eip155: { ...entry, connectorId: 'ID_AUTH' } } })
    const router = createRouterController({ close: () => undefined, isConnected: () => true })
    router.reset('Account')
    router.push('WalletSendPreview')
    Object.assign(fake, { state: router.state, reset: router.reset, pushTransaction: router.pushTransaction })
    await fill(controller, first, '0.5', RECEIVER)
    const sending = controller.send()
    await vi.waitFor(() => expect(router.state.get().transactionStack).toHaveLength(1))
    // The approval's view on top, as the embedded wallet's request puts it there.
    router.push('ApproveTransaction')
    await sending
    // The send's answer came first: the view stays until the approval's outcome pops the stack.
    expect(router.state.get().view).toBe('ApproveTransaction')
    router.popTransaction('success')
    expect(router.state.get().view).toBe('Account')
    expect(router.state.get().transactionStack).toEqual([])
    // The adapter fails before the embedded wallet answers: nothing will pop the stack, so the send drops its entry.
    vi.mocked(adapter.sendTransaction).mockRejectedValueOnce(new Error('The node refused the transaction'))
    router.push('WalletSendPreview')
    await fill(controller, first, '0.5', RECEIVER)
    await expect(controller.send()).rejects.toThrow('The node refused the transaction')
    expect(router.state.get().transactionStack).toEqual([])
    expect(router.state.get().view).toBe('WalletSendPreview')
  })
})
