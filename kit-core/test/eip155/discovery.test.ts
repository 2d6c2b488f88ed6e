import { describe, expect, test, vi } from 'vitest'
import { createEip6963Discovery, readAnnouncement } from '../../src/eip155/index.js'

const provider = { request: async () => null }
const info = (over: Record<string, unknown> = {}) => ({
  uuid: '4f1a6c3e-8a2b-4c1d-9e0f-123456789abc',
  name: 'Wallet A',
  icon: 'data:image/svg+xml,<svg/>',
  rdns: 'dev.latchkey.a',
  ...over,
})

function announce(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

describe('readAnnouncement: EIP-6963 announcements are hostile input', () => {
  test('accepts a well-formed announcement, cleaning the name and keeping a safe icon', () => {
    const wallet = readAnnouncement({ info: info({ name: '  Wallet\u202e A\u200b ' }), provider })
    expect(wallet?.info).toEqual({
      uuid: '4f1a6c3e-8a2b-4c1d-9e0f-123456789abc',
      name: 'Wallet A',
      icon: 'data:image/svg+xml,<svg/>',
      rdns: 'dev.latchkey.a',
    })
    expect(wallet?.provider).toBe(provider)
  })

  test('drops an icon that is not a safe image URL, but keeps the wallet', () => {
    for (const icon of ['javascript:alert(1)', 'http://evil.example/a.png', 'data:text/html,<b>', 42]) {
      expect(readAnnouncement({ info: info({ icon }), provider })?.info.icon).toBeUndefined()
    }
  })

  test.each([
    ['no detail', undefined],
    ['no provider', { info: info() }],
    ['a provider without request', { info: info(), provider: { request: 'no' } }],
    ['a malformed uuid', { info: info({ uuid: 'abc' }), provider }],
    ['an rdns that is not reverse DNS', { info: info({ rdns: 'metamask' }), provider }],
    ['an rdns with markup', { info: info({ rdns: 'io.<script>' }), provider }],
    ['an empty name', { info: info({ name: ' \u200b ' }), provider }],
  ])('refuses %s', (_why, detail) => {
    expect(readAnnouncement(detail)).toBeUndefined()
  })
})

describe('createEip6963Discovery', () => {
  test('asks for announcements at start and keeps one wallet per rdns', () => {
    const target = new EventTarget()
    const requested = vi.fn()
    target.addEventListener('eip6963:requestProvider', requested)
    const onChange = vi.fn()
    const discovery = createEip6963Discovery(target, onChange)
    expect(requested).toHaveBeenCalledTimes(1)
    announce(target, { info: info(), provider })
    announce(target, { info: info(), provider }) // the same wallet answering a second request
    expect(discovery.wallets().map((w) => w.info.rdns)).toEqual(['dev.latchkey.a'])
    expect(onChange).toHaveBeenCalledTimes(1)
    discovery.request()
    expect(requested).toHaveBeenCalledTimes(2)
  })

  test('is live: a wallet announced later is added', () => {
    const target = new EventTarget()
    const onChange = vi.fn()
    const discovery = createEip6963Discovery(target, onChange)
    announce(target, { info: info(), provider })
    announce(target, {
      info: info({ rdns: 'dev.latchkey.b', uuid: '5f1a6c3e-8a2b-4c1d-9e0f-123456789abc' }),
      provider,
    })
    expect(discovery.wallets().map((w) => w.info.rdns)).toEqual(['dev.latchkey.a', 'dev.latchkey.b'])
    expect(onChange).toHaveBeenCalledTimes(2)
  })

  test('the first wallet of an rdns or a uuid keeps it: an impersonator replaces nothing and is reported once', () => {
    const target = new EventTarget()
    const onChange = vi.fn()
    const refused: string[] = []
    const discovery = createEip6963Discovery(target, onChange, (message) => refused.push(message))
    announce(target, { info: info(), provider })
    // Another script claims the same rdns, with its own provider (and a name of its choice), twice.
    const impostor = { request: async () => ['0xevil'] }
    const claim = {
      info: info({ uuid: '6f1a6c3e-8a2b-4c1d-9e0f-123456789abc', name: 'Wallet A' }),
      provider: impostor,
    }
    announce(target, claim)
    announce(target, claim)
    // And a wallet under another rdns that reuses the first one's uuid.
    announce(target, { info: info({ rdns: 'dev.latchkey.c', name: 'Wallet C' }), provider: impostor })
    expect(discovery.wallets().map((w) => [w.info.rdns, w.provider === provider])).toEqual([
      ['dev.latchkey.a', true],
    ])
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(refused).toEqual([
      'A second wallet announced the rdns dev.latchkey.a ("Wallet A"): the first one is kept.',
      'A wallet announced as dev.latchkey.c reused the uuid of dev.latchkey.a: it is ignored.',
    ])
  })

  test('a refused announcement is a console warning by default', () => {
    const target = new EventTarget()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      createEip6963Discovery(target, () => undefined)
      announce(target, { info: info(), provider })
      announce(target, {
        info: info({ uuid: '6f1a6c3e-8a2b-4c1d-9e0f-123456789abc' }),
        provider: { request: async () => null },
      })
      expect(warn).toHaveBeenCalledWith(
        '[latchkey] A second wallet announced the rdns dev.latchkey.a ("Wallet A"): the first one is kept.',
      )
    } finally {
      warn.mockRestore()
    }
  })

  test('waitFor resolves when a late wallet announces itself, and undefined after the timeout', async () => {
    const target = new EventTarget()
    const discovery = createEip6963Discovery(target, () => undefined)
    const late = discovery.waitFor('dev.latchkey.a', 5_000)
    setTimeout(() => announce(target, { info: info(), provider }), 10)
    expect((await late)?.info.name).toBe('Wallet A')
    expect(await discovery.waitFor('dev.latchkey.none', 20)).toBeUndefined()
  })

  test('stop() stops listening and wakes waiters', async () => {
    const target = new EventTarget()
    const onChange = vi.fn()
    const discovery = createEip6963Discovery(target, onChange)
    const waiting = discovery.waitFor('dev.latchkey.a', 60_000)
    discovery.stop()
    expect(await waiting).toBeUndefined()
    announce(target, { info: info(), provider })
    expect(discovery.wallets()).toEqual([])
    expect(onChange).not.toHaveBeenCalled()
  })
})
