import { describe, expect, it } from 'vitest'
import type { EIP6963ProviderInfo } from '../src/index.js'
import { walletWith } from './helpers.js'

type Announcement = { info: EIP6963ProviderInfo; provider: unknown }

function listen(target: EventTarget): Announcement[] {
  const seen: Announcement[] = []
  target.addEventListener('eip6963:announceProvider', (event) => {
    seen.push((event as CustomEvent<Announcement>).detail)
  })
  return seen
}

describe('EIP-6963 and injection', () => {
  it('two instances announce separately, now and on every requestProvider, until undone', () => {
    const window = new EventTarget()
    const seen = listen(window)
    const alpha = walletWith([5], { name: 'Alpha Wallet', rdns: 'dev.latchkey.alpha' })
    const beta = walletWith([6], { name: 'Beta Wallet', rdns: 'dev.latchkey.beta' })
    const undoAlpha = alpha.announce(window)
    const undoBeta = beta.announce(window)
    expect(seen.map((a) => a.info.rdns)).toEqual(['dev.latchkey.alpha', 'dev.latchkey.beta'])

    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen.map((a) => a.info.name)).toEqual([
      'Alpha Wallet',
      'Beta Wallet',
      'Alpha Wallet',
      'Beta Wallet',
    ])
    expect(seen[2]?.provider).toBe(alpha.provider)
    expect(seen[3]?.provider).toBe(beta.provider)
    expect(seen[0]?.info).toEqual(alpha.info)
    expect(alpha.info.uuid).not.toBe(beta.info.uuid)
    expect(Object.isFrozen(seen[0])).toBe(true)
    expect(Object.isFrozen(seen[0]?.info)).toBe(true)

    undoAlpha()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen.slice(4).map((a) => a.info.rdns)).toEqual(['dev.latchkey.beta'])
    undoBeta()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(5)
  })

  it('announced providers are independent wallets', async () => {
    const window = new EventTarget()
    const seen = listen(window)
    walletWith([5], { rdns: 'dev.latchkey.alpha' }).announce(window)
    walletWith([6], { rdns: 'dev.latchkey.beta', connected: true }).announce(window)
    const [alpha, beta] = seen.map(
      (a) => a.provider as { request(args: { method: string }): Promise<unknown> },
    )
    expect(await alpha?.request({ method: 'eth_accounts' })).toEqual([])
    expect(await beta?.request({ method: 'eth_accounts' })).toHaveLength(1)
  })

  it('announce() without a target needs globalThis to be an EventTarget', () => {
    const wallet = walletWith([5])
    expect(() => wallet.announce()).toThrow(/EventTarget/)
  })

  it('injectAsWindowEthereum sets target.ethereum and dispatches ethereum#initialized', () => {
    const window = new EventTarget() as EventTarget & { ethereum?: unknown }
    let initialized = 0
    window.addEventListener('ethereum#initialized', () => {
      initialized++
    })
    const wallet = walletWith([5])
    wallet.injectAsWindowEthereum(window)
    expect(window.ethereum).toBe(wallet.provider)
    expect(initialized).toBe(1)
    expect(wallet.provider.isLatchkeyTestWallet).toBe(true)

    const plain: { ethereum?: unknown } = {}
    wallet.injectAsWindowEthereum(plain)
    expect(plain.ethereum).toBe(wallet.provider)
  })
})
