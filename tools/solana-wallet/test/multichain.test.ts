// The multi-chain wallet around a real @latchkey/evm-wallet test wallet: one name on both discovery protocols,
// each side connecting, one policy and one log. Discovery runs over a bare EventTarget (Node has no window).

import { createPublicKey, verify } from 'node:crypto'
import { createTestWallet, type TestWallet } from '@latchkey/evm-wallet'
import { SolanaSignMessage } from '@solana/wallet-standard-features'
import { Keypair } from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import { StandardConnect } from '@wallet-standard/features'
import { describe, expect, it } from 'vitest'
import { createMultichainTestWallet, type MultichainTestWallet } from '../src/index.js'

// Neither side talks to a chain in these tests: connecting and signing messages are the wallet's own work.
const NAME = 'Latchkey Multichain Test'
const solanaKey = Keypair.generate()

function newWallet(policy?: 'approve' | 'reject' | 'hold') {
  const evmWallet = createTestWallet({
    name: NAME,
    rdns: 'dev.latchkey.multichain',
    accountIndices: [7],
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Latchkey Local' }],
  })
  const wallet = createMultichainTestWallet({
    evmWallet,
    solana: {
      secretKeys: [solanaKey.secretKey],
      clusters: [{ name: 'Local', rpcUrl: 'http://127.0.0.1:1', chain: 'solana:local' }],
    },
    ...(policy ? { policy } : {}),
  })
  return { wallet, evmWallet }
}

// biome-ignore lint/suspicious/noExplicitAny: the test drives the features as an app would, through their names
type Features = Record<string, any>
const features = (wallet: MultichainTestWallet) => wallet.solana.wallet.features as Features
const connectSolana = async (wallet: MultichainTestWallet) =>
  (await features(wallet)[StandardConnect].connect()).accounts as { address: string }[]
const requestAccounts = (evmWallet: TestWallet) =>
  evmWallet.provider.request({ method: 'eth_requestAccounts' }) as Promise<string[]>

/** What a page discovers on `target`: EIP-6963 announcements and Wallet Standard registrations. */
function discover(target: EventTarget) {
  const announced: { info: { name: string; icon: string; rdns: string } }[] = []
  const registered: Wallet[] = []
  target.addEventListener('eip6963:announceProvider', (event) => {
    announced.push((event as CustomEvent).detail)
  })
  target.addEventListener('wallet-standard:register-wallet', (event) => {
    ;(event as CustomEvent).detail({ register: (...wallets: Wallet[]) => registered.push(...wallets) })
  })
  return { announced, registered }
}

describe('the multi-chain test wallet', () => {
  it('is announced through EIP-6963 and registered through the Wallet Standard under one name and icon', () => {
    const { wallet, evmWallet } = newWallet()
    const target = new EventTarget()
    const { announced, registered } = discover(target)
    wallet.announce(target)
    expect(announced).toHaveLength(1)
    expect(registered).toHaveLength(1)
    expect(announced[0]!.info.name).toBe(NAME)
    expect(announced[0]!.info.rdns).toBe('dev.latchkey.multichain')
    expect(registered[0]!.name).toBe(NAME)
    // The same image: the EVM wallet's default icon is percent-encoded, the Wallet Standard one base64.
    const svg = (icon: string) =>
      icon.includes(';base64,')
        ? Buffer.from(icon.split(',')[1]!, 'base64').toString('utf8')
        : decodeURIComponent(icon.split(',')[1]!)
    expect(registered[0]!.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(svg(registered[0]!.icon)).toBe(svg(announced[0]!.info.icon))
    expect(svg(registered[0]!.icon)).toContain('<svg')
    expect(registered[0]!.chains).toEqual(['solana:local'])
    expect(wallet.name).toBe(NAME)
    expect(wallet.icon).toBe(registered[0]!.icon)
    expect(evmWallet.info.icon).toBe(announced[0]!.info.icon)
    // A page asking again hears the EVM side again.
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveLength(2)
  })

  it('connects each side, and logs both in one log', async () => {
    const { wallet, evmWallet } = newWallet()
    expect(await requestAccounts(evmWallet)).toEqual([evmWallet.address])
    const accounts = await connectSolana(wallet)
    expect(accounts.map((account) => account.address)).toEqual([solanaKey.publicKey.toBase58()])
    expect(wallet.connected).toBe(true)
    const message = new TextEncoder().encode('one wallet, two chains')
    const [signed] = await features(wallet)[SolanaSignMessage].signMessage({ account: accounts[0], message })
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), solanaKey.publicKey.toBuffer()]),
      format: 'der',
      type: 'spki',
    })
    expect(verify(null, message, publicKey, signed.signature)).toBe(true)
    expect(wallet.prompts().map((entry) => [entry.namespace, entry.method, entry.status])).toEqual([
      ['eip155', 'eth_requestAccounts', 'approved'],
      ['solana', 'standard:connect', 'approved'],
      ['solana', 'solana:signMessage', 'approved'],
    ])
    wallet.disconnect()
    expect(evmWallet.connected).toBe(false)
    expect(wallet.solana.connected).toBe(false)
    expect(wallet.connected).toBe(false)
    wallet.clearLog()
    expect(wallet.log).toEqual([])
  })

  it('has one policy: rejecting rejects on both sides', async () => {
    const { wallet, evmWallet } = newWallet('reject')
    expect(evmWallet.policy).toBe('reject')
    expect(wallet.solana.policy).toBe('reject')
    await expect(requestAccounts(evmWallet)).rejects.toMatchObject({ code: 4001 })
    await expect(connectSolana(wallet)).rejects.toMatchObject({ code: 4001 })
    expect(wallet.log.map((entry) => [entry.namespace, entry.status])).toEqual([
      ['eip155', 'rejected'],
      ['solana', 'rejected'],
    ])
    wallet.setPolicy('approve')
    expect(await requestAccounts(evmWallet)).toEqual([evmWallet.address])
    expect(await connectSolana(wallet)).toHaveLength(1)
    expect(() => wallet.setPolicy('maybe' as 'approve')).toThrow("Unknown policy 'maybe'")
    expect([evmWallet.policy, wallet.solana.policy, wallet.policy]).toEqual(['approve', 'approve', 'approve'])
  })

  it('holds requests of both sides in one queue, settled from one place', async () => {
    const { wallet, evmWallet } = newWallet('hold')
    const evmRequest = requestAccounts(evmWallet)
    const first = await wallet.nextPending()
    const solanaRequest = connectSolana(wallet)
    const second = await wallet.nextPending()
    expect([first.namespace, first.method]).toEqual(['eip155', 'eth_requestAccounts'])
    expect([second.namespace, second.method]).toEqual(['solana', 'standard:connect'])
    expect(wallet.pending().map((request) => request.namespace)).toEqual(['eip155', 'solana'])
    wallet.reject() // the oldest: the EVM request
    await expect(evmRequest).rejects.toMatchObject({ code: 4001 })
    wallet.approve({ namespace: 'solana', id: second.id })
    expect((await solanaRequest).map((account) => account.address)).toEqual([solanaKey.publicKey.toBase58()])
    expect(wallet.pending()).toEqual([])
    expect(() => wallet.approve()).toThrow('No request is pending.')
  })

  it('refuses an EVM wallet whose icon the Wallet Standard cannot carry', () => {
    const { evmWallet } = newWallet()
    const hostile = { ...evmWallet, info: { ...evmWallet.info, icon: 'javascript:alert(1)' } }
    expect(() =>
      createMultichainTestWallet({
        evmWallet: hostile,
        solana: {
          secretKeys: [solanaKey.secretKey],
          clusters: [{ name: 'Local', rpcUrl: 'http://127.0.0.1:1', chain: 'solana:local' }],
        },
      }),
    ).toThrow("The EVM wallet's icon must be a data: URI of an SVG, WebP, PNG or GIF image")
  })
})
