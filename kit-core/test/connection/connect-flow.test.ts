/**
 * Core's connect flow with fake adapters and a fake WalletConnect provider: what a click on a wallet does, the same
 * for the modal and for a headless host. The real path: apps/lab/test/headless-connect.test.ts (the multi-chain
 * test wallet on the local chains) and adapters/universal/test/connect-flow.test.ts (a listed wallet on a phone,
 * over the local relay).
 */
import { describe, expect, test, vi } from 'vitest'
import {
  type ChainNamespace,
  type ConnectorEntry,
  createChainController,
  createConnectFlowFacade,
  createConnectionController,
  mainnet,
  nodeEnvironment,
  solana,
  type WalletListing,
} from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { createFakeWalletConnect } from '../support/fake-walletconnect.js'
import { createMemoryConnectionStore } from '../support/memory-connection-store.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const PAGE = 'https://dapp.example/swap?x=1'

function setup(options: { mobile?: boolean; signIn?: { session: boolean } } = {}) {
  const evm = createFakeAdapter('eip155', [mainnet], [EVM])
  const sol = createFakeAdapter('solana', [solana], [SOL])
  const adapters: Partial<Record<ChainNamespace, typeof evm.adapter>> = {
    eip155: evm.adapter,
    solana: sol.adapter,
  }
  const wc = createFakeWalletConnect()
  const opened: string[] = []
  const window = {
    location: { href: PAGE },
    open: (href: string) => {
      opened.push(href)
      return null
    },
  } as unknown as Window
  const env = nodeEnvironment({ isMobile: options.mobile ?? false, window })
  const chain = createChainController({ networks: [mainnet, solana], getAdapter: (ns) => adapters[ns] })
  const connection = createConnectionController({
    env,
    store: createMemoryConnectionStore().store,
    chain,
    namespaces: ['eip155', 'solana'],
    getAdapter: (ns) => adapters[ns],
    getWalletConnectProvider: async () => wc.provider,
  })
  const modal = { close: vi.fn(async () => true) }
  const siwx = {
    isEnabled: () => options.signIn !== undefined,
    hasSession: async () => options.signIn?.session ?? false,
  }
  const logger = { warn: vi.fn() }
  const flow = createConnectFlowFacade({ env, connection, chain, modal, siwx, logger })
  return { flow, connection, chain, evm, sol, wc, modal, logger, opened }
}

/** The same wallet on eip155 and solana, merged into one entry as the connectors controller does. */
const multiChain: ConnectorEntry = {
  id: 'fake',
  name: 'Fake Wallet',
  type: 'MULTI_CHAIN',
  chain: 'eip155',
  connectors: [
    { id: 'fake', name: 'Fake Wallet', type: 'INJECTED', chain: 'eip155' },
    { id: 'fake', name: 'Fake Wallet', type: 'INJECTED', chain: 'solana' },
  ],
}

const listed = (wallet: Partial<WalletListing> & Pick<WalletListing, 'id'>): WalletListing =>
  ({ name: wallet.id, ...wallet }) as WalletListing

describe('the connect flow', () => {
  test('a multi-chain entry connects each of its namespaces in turn, then closes the modal', async () => {
    const { flow, chain, evm, sol, modal } = setup()
    expect(await flow.connectEntry(multiChain)).toBe('connected')
    expect(evm.adapter.connect).toHaveBeenCalledTimes(1)
    expect(sol.adapter.connect).toHaveBeenCalledTimes(1)
    expect(chain.getAccount('eip155')?.status).toBe('connected')
    expect(chain.getAccount('solana')?.address).toBe(SOL)
    expect(modal.close).toHaveBeenCalledTimes(1)
  })

  test('a namespace the visitor declines leaves the others connected, and is logged', async () => {
    const { flow, chain, sol, modal, logger } = setup()
    vi.mocked(sol.adapter.connect).mockRejectedValueOnce(Object.assign(new Error('no'), { code: 4001 }))
    expect(await flow.connectEntry(multiChain)).toBe('connected')
    expect(chain.getAccount('eip155')?.status).toBe('connected')
    expect(chain.getAccount('solana')?.status).not.toBe('connected')
    expect(logger.warn).toHaveBeenCalledWith('solana of Fake Wallet not connected', expect.any(Error))
    expect(modal.close).toHaveBeenCalledTimes(1)
  })

  test('the first namespace declined fails the attempt: nothing connected, the modal stays open', async () => {
    const { flow, chain, evm, sol, modal } = setup()
    vi.mocked(evm.adapter.connect).mockRejectedValueOnce(Object.assign(new Error('no'), { code: 4001 }))
    await expect(flow.connectEntry(multiChain)).rejects.toMatchObject({ code: 4001 })
    expect(sol.adapter.connect).not.toHaveBeenCalled()
    expect(chain.getAccount('eip155')?.status).not.toBe('connected')
    expect(modal.close).not.toHaveBeenCalled()
  })

  test('with sign-in on, the modal is left to the sign-in controller', async () => {
    const { flow, modal } = setup({ signIn: { session: false } })
    expect(await flow.connectEntry(multiChain)).toBe('connected')
    expect(modal.close).not.toHaveBeenCalled()
  })

  test('a declined WalletConnect pairing is dropped: the retry proposes a fresh one, which connects and closes', async () => {
    const { flow, connection, wc, modal } = setup()
    const first = flow.connectWalletConnect()
    await wc.proposed(1)
    wc.reject()
    await expect(first).rejects.toMatchObject({ code: 5000 })
    expect(connection.state.get().wcError).toBe(true)
    const firstUri = connection.state.get().wcUri

    const second = flow.connectWalletConnect()
    await wc.proposed(2)
    expect(connection.state.get().wcUri).not.toBe(firstUri)
    wc.approve({ eip155: [`eip155:1:${EVM}`] })
    expect(await second).toBe('connected')
    expect(modal.close).toHaveBeenCalledTimes(1)
  })

  test('a WalletConnect connection with sign-in on closes only once a session exists', async () => {
    const { flow, wc, modal } = setup({ signIn: { session: false } })
    const done = flow.connectWalletConnect()
    await wc.proposed()
    wc.approve({ eip155: [`eip155:1:${EVM}`] })
    expect(await done).toBe('connected')
    expect(modal.close).not.toHaveBeenCalled()
  })

  test('[§2.19] on a phone, Phantom reopens the page in its own browser; nothing is proposed', async () => {
    const { flow, wc, opened } = setup({ mobile: true })
    expect(
      await flow.connectListedWallet(
        listed({ id: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393' }),
      ),
    ).toBe('redirected')
    expect(opened).toEqual([
      `https://phantom.app/ul/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent('https://dapp.example')}`,
    ])
    expect(wc.proposals).toHaveLength(0)
  })

  test('[§2.19] on a phone, any other listed wallet opens its app with the pairing URI, once per URI', async () => {
    const { flow, connection, wc, opened } = setup({ mobile: true })
    const wallet = listed({ id: 'trust', name: 'Trust', mobile_link: 'trust://' })
    expect(await flow.walletBrowserUrl(wallet)).toBeUndefined()
    const done = flow.connectListedWallet(wallet)
    await wc.proposed()
    const uri = connection.state.get().wcUri ?? ''
    expect(opened).toEqual([`trust://wc?uri=${encodeURIComponent(uri)}`])
    expect(connection.state.get().wcLinking).toEqual({ name: 'Trust', href: opened[0] })
    wc.approve({ eip155: [`eip155:1:${EVM}`] })
    expect(await done).toBe('connected')
    expect(opened).toHaveLength(1)
    expect(connection.state.get().recentWallets[0]).toMatchObject({ id: 'trust', name: 'Trust' })
  })

  test('on a desktop, a listed wallet is never redirected: the QR code is shown and nothing opens', async () => {
    const { flow, connection, wc, opened } = setup()
    const wallet = listed({
      id: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
      mobile_link: 'phantom://',
    })
    expect(await flow.walletBrowserUrl(wallet)).toBeUndefined()
    const done = flow.connectListedWallet(wallet)
    await wc.proposed()
    expect(connection.state.get().wcUri).toMatch(/^wc:/)
    expect(opened).toEqual([])
    wc.approve({ eip155: [`eip155:1:${EVM}`] })
    expect(await done).toBe('connected')
  })
})
