// The balances controller: the token list of the active account, from the Blockchain API or the chain.
import { describe, expect, it, vi } from 'vitest'
import { createBalancesController } from '../../src/account/balances-controller.js'
import { bitcoin, mainnet, sepolia, solana, unsupportedNetwork } from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { chainWith, fakeApi, scriptedReads, token } from './support.js'

const ADDRESS = '0x00000000000000000000000000000000000000a1'
const OTHER = '0x00000000000000000000000000000000000000b2'
const LUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function setup(
  options: { api?: ReturnType<typeof fakeApi> | null; network?: typeof mainnet; tokens?: object } = {},
) {
  const chain = chainWith(options.network ?? mainnet, ADDRESS)
  const api = options.api === null ? undefined : (options.api ?? fakeApi())
  const reads = scriptedReads()
  const { adapter } = createFakeAdapter('eip155', [mainnet], [ADDRESS])
  const showError = vi.fn()
  let time = 1_000_000
  const controller = createBalancesController({
    chain,
    getAdapter: () => adapter,
    blockchainApi: api,
    chainReads: reads,
    tokens: (options.tokens ?? {}) as Record<string, { address: string }>,
    showError,
    logError: () => undefined,
    now: () => time,
  })
  return { chain, api, reads, adapter, showError, controller, advance: (ms: number) => (time += ms) }
}

describe('the balances controller', () => {
  it('[§5.3] leaves out quantities with zero decimals; the native currency first, then by fiat value', async () => {
    const api = fakeApi({
      getBalance: vi.fn(async () => [
        token('eip155:1', 'LKT', '3', { address: `eip155:1:${LUSD}`, value: 3 }),
        token('eip155:1', 'NFT', '1', {
          address: 'eip155:1:0x01',
          quantity: { decimals: '0', numeric: '1' },
        }),
        token('eip155:1', 'LUSD', '10', { address: 'eip155:1:0x02', value: 10 }),
        token('eip155:1', 'ETH', '1.5', { value: 4500 }),
      ]),
    })
    const { controller } = setup({ api })
    await controller.refresh()
    const state = controller.state.get()
    expect(state.tokens.map((t) => t.symbol)).toEqual(['ETH', 'LUSD', 'LKT'])
    expect(state.totalValue).toBe(4513)
    expect(state.caipAddress).toBe(`eip155:1:${ADDRESS}`)
    expect(state).toMatchObject({ loading: false, unavailable: false })
  })

  it('[§8.1] [§5.4] a failed fetch empties the list and shows Token Balance Unavailable; nothing is asked again within 30 s', async () => {
    const api = fakeApi({ getBalance: vi.fn(async () => [token('eip155:1', 'ETH', '1')]) })
    const { controller, showError, advance } = setup({ api })
    await controller.refresh()
    expect(controller.state.get().tokens).toHaveLength(1)
    api.getBalance.mockRejectedValue(new Error('HTTP status code: 503'))
    await controller.refresh({ force: true })
    expect(controller.state.get()).toMatchObject({ tokens: [], unavailable: true, loading: false })
    expect(showError).toHaveBeenCalledExactlyOnceWith('Token Balance Unavailable')
    advance(29_999)
    await controller.refresh({ force: true })
    expect(api.getBalance).toHaveBeenCalledTimes(2)
    expect(showError).toHaveBeenCalledTimes(1)
    expect(controller.state.get().unavailable).toBe(true)
    advance(1)
    api.getBalance.mockResolvedValue([token('eip155:1', 'ETH', '2')])
    await controller.refresh()
    expect(api.getBalance).toHaveBeenCalledTimes(3)
    expect(controller.state.get()).toMatchObject({ unavailable: false, tokens: [{ symbol: 'ETH' }] })
  })

  it('[§8.1] an unsupported network shows Token Balance Unavailable and asks nothing', async () => {
    const { controller, api, showError } = setup({
      network: unsupportedNetwork('eip155:999') as typeof mainnet,
    })
    await controller.refresh()
    expect(controller.state.get()).toMatchObject({ tokens: [], unavailable: true })
    expect(showError).toHaveBeenCalledExactlyOnceWith('Token Balance Unavailable')
    expect(api?.getBalance).not.toHaveBeenCalled()
  })

  it('[§9.18] on a testnet there is no token list and nothing is asked', async () => {
    const { controller, api } = setup({ network: sepolia as unknown as typeof mainnet })
    await controller.refresh()
    expect(controller.state.get()).toMatchObject({ tokens: [], unavailable: false })
    expect(api?.getBalance).not.toHaveBeenCalled()
  })

  it('a forced refresh asks past the 30 s cache', async () => {
    const { controller, api } = setup()
    await controller.refresh({ force: true })
    expect(api?.getBalance).toHaveBeenCalledWith({
      address: ADDRESS,
      caipNetworkId: 'eip155:1',
      forceUpdate: true,
    })
  })

  it("adds the host's token from the chain when the service does not list it, and never twice", async () => {
    const api = fakeApi({ getBalance: vi.fn(async () => [token('eip155:1', 'ETH', '1')]) })
    const { controller, reads } = setup({ api, tokens: { 'eip155:1': { address: LUSD } } })
    reads.hostToken.mockResolvedValue(
      token('eip155:1', 'LUSD', '5', {
        address: `eip155:1:${LUSD}`,
        quantity: { decimals: '6', numeric: '5' },
      }),
    )
    await controller.refresh()
    expect(controller.state.get().tokens.map((t) => t.symbol)).toEqual(['ETH', 'LUSD'])
    api.getBalance.mockResolvedValue([
      token('eip155:1', 'ETH', '1'),
      token('eip155:1', 'LUSD', '5', { address: `eip155:1:${LUSD.toLowerCase()}` }),
    ])
    reads.hostToken.mockClear()
    await controller.refresh({ force: true })
    expect(reads.hostToken).not.toHaveBeenCalled()
    expect(controller.state.get().tokens.map((t) => t.symbol)).toEqual(['ETH', 'LUSD'])
  })

  it("without the Blockchain API reads the native balance through the adapter and the host's token from the chain", async () => {
    const { controller, adapter, reads } = setup({ api: null, tokens: { 'eip155:1': { address: LUSD } } })
    adapter.getBalance = async () => ({ value: 2n, decimals: 18, symbol: 'ETH', formatted: '2.5' })
    reads.hostToken.mockResolvedValue(token('eip155:1', 'LUSD', '7', { address: `eip155:1:${LUSD}` }))
    await controller.refresh()
    expect(controller.state.get().tokens).toMatchObject([
      { symbol: 'ETH', quantity: { numeric: '2.5', decimals: '18' } },
      { symbol: 'LUSD', quantity: { numeric: '7' } },
    ])
  })

  it('drops an answer for an account that is no longer the active one', async () => {
    const answers: ((value: ReturnType<typeof token>[]) => void)[] = []
    const api = fakeApi({
      getBalance: vi.fn(() => new Promise<ReturnType<typeof token>[]>((resolve) => answers.push(resolve))),
    })
    const { controller, chain } = setup({ api })
    const first = controller.refresh()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    chain.connect(mainnet, OTHER)
    const second = controller.refresh()
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]?.([token('eip155:1', 'ETH', '1')])
    await first
    expect(controller.state.get().caipAddress).toBe(`eip155:1:${OTHER}`)
    expect(controller.state.get().tokens).toEqual([])
    answers[1]?.([token('eip155:1', 'ETH', '9')])
    await second
    expect(controller.state.get().tokens.map((t) => t.quantity.numeric)).toEqual(['9'])
  })

  it('[§9.17] balances serve eip155 and solana only: a Bitcoin account has no token list and asks nothing', async () => {
    const api = fakeApi()
    const chain = chainWith(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    const controller = createBalancesController({
      chain,
      getAdapter: () => undefined,
      blockchainApi: api,
      chainReads: scriptedReads(),
      tokens: {},
      showError: () => undefined,
      logError: () => undefined,
    })
    await controller.refresh()
    expect(controller.state.get()).toMatchObject({ tokens: [], unavailable: false })
    expect(api.getBalance).not.toHaveBeenCalled()
  })

  it('no account: an empty list', async () => {
    const { controller, chain } = setup()
    chain.connect(undefined, undefined)
    await controller.refresh()
    expect(controller.state.get()).toEqual({ tokens: [], loading: false, unavailable: false })
  })

  it('serves Solana accounts too (SPEC §9: balance eip155 and solana)', async () => {
    const api = fakeApi({ getBalance: vi.fn(async () => [token(solana.caipNetworkId, 'SOL', '3')]) })
    const chain = chainWith(solana, 'So11111111111111111111111111111111111111112')
    const controller = createBalancesController({
      chain,
      getAdapter: () => undefined,
      blockchainApi: api,
      chainReads: scriptedReads(),
      tokens: {},
      showError: () => undefined,
      logError: () => undefined,
    })
    await controller.refresh()
    expect(controller.state.get().tokens.map((t) => t.symbol)).toEqual(['SOL'])
  })
})
