import { describe, expect, test } from 'vitest'
import { isSafeImageUrl } from './index.js'
import { cleanText, isSafeDeepLink, isSafeWebLink } from './sanitize.js'
import { parseFeatures } from './validate.js'
import { parseWallet } from './validate-listing.js'

describe('isSafeImageUrl', () => {
  test.each([
    'https://cdn.example/wallet.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%2F%3E',
    'blob:https://app.example/0b7d7c1e-9a4b-4c56-8f1e-2a1b3c4d5e6f',
    'https://100.63.0.1/a.png', // just below the shared range: public
    'https://172.32.0.1/a.png',
    'https://192.169.0.1/a.png',
  ])('allows %s', (url) => {
    expect(isSafeImageUrl(url)).toBe(true)
  })

  // A hostile icon must not make the visitor's browser probe its own machine or network: these need the host's
  // opt-in (the kit's `allowLocalImages`), and then http is fine too.
  test.each([
    'http://127.0.0.1:8547/getWalletImage/x',
    'http://127.8.9.10/a.png',
    'http://localhost:3000/a.png',
    'https://localhost/a.png',
    'http://wallets.localhost/a.png',
    'http://printer.local/a.png',
    'http://[::1]:8080/a.png',
    'https://[::1]/a.png',
    'http://10.0.0.1/a.png',
    'https://10.20.30.40/a.png',
    'https://172.16.0.1/a.png',
    'https://172.31.255.255/a.png',
    'https://192.168.1.1/admin.png',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/a.png',
    'http://0.0.0.0:8080/a.png',
    'https://[fd12:3456::1]/a.png',
    'https://[fe80::1]/a.png',
    'https://[::ffff:7f00:1]/a.png',
    'http://0x7f000001/a.png', // the URL parser writes it 127.0.0.1
    'http://2130706433/a.png',
  ])('allows %s only when local images are allowed', (url) => {
    expect(isSafeImageUrl(url)).toBe(false)
    expect(isSafeImageUrl(url, { allowLocal: false })).toBe(false)
    expect(isSafeImageUrl(url, { allowLocal: true })).toBe(true)
  })

  test.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'http://evil.example/a.png',
    'http://127.0.0.1.evil.example/a.png',
    'http://localhost.evil.example/a.png',
    'http://10.0.0.1.evil.example/a.png',
    'https://user:pass@cdn.example/a.png',
    'https://user:pass@127.0.0.1/a.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml', // no payload separator
    'file:///etc/passwd',
    'ftp://cdn.example/a.png',
    '/relative/a.png',
    '',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isSafeImageUrl(url)).toBe(false)
    expect(isSafeImageUrl(url, { allowLocal: true })).toBe(false)
  })

  test('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['https://cdn.example/a.png']]) {
      expect(isSafeImageUrl(value)).toBe(false)
    }
  })
})

describe('links and text', () => {
  test('deep links allow app schemes and https, never script or local schemes', () => {
    for (const link of ['metamask://', 'phantom://browse', 'https://link.wallet.example/wc', 'wc:abc@2']) {
      expect(isSafeDeepLink(link)).toBe(true)
    }
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///x',
      'http://evil.example',
      'vbscript:x',
      'ws://relay.example',
      'ftp://files.example/',
      'intent://wc#Intent;end',
      'view-source:https://a.example',
    ]) {
      expect(isSafeDeepLink(link)).toBe(false)
    }
    expect(isSafeWebLink('https://wallet.example')).toBe(true)
    expect(isSafeWebLink('metamask://')).toBe(false)
  })

  test('cleanText keeps markup as plain text, strips control and bidi characters, cuts long names', () => {
    expect(cleanText('  <img src=x onerror=alert(1)>  ')).toBe('<img src=x onerror=alert(1)>')
    expect(cleanText('Evil\u202eWallet\u0000\u200b')).toBe('EvilWallet')
    expect(cleanText('a\n\tb')).toBe('a b')
    expect(cleanText('x'.repeat(100))).toHaveLength(64)
    expect(cleanText('🦊'.repeat(70))).toBe('🦊'.repeat(64))
    expect(cleanText('   ')).toBeUndefined()
    expect(cleanText(7)).toBeUndefined()
  })
})

describe('shape checks', () => {
  test('a wallet with a field of the wrong type is dropped; one with only id and name is kept', () => {
    expect(parseWallet({ id: 'w1', name: 'Wallet' })).toEqual({
      id: 'w1',
      name: 'Wallet',
      rdns: null,
      homepage: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      mobile_link: null,
      desktop_link: null,
    })
    expect(parseWallet({ id: 'w1', name: 'Wallet', rdns: 5 })).toBeUndefined()
    expect(parseWallet({ id: 'w1', name: 'Wallet', chains: ['eip155:1', 3] })).toBeUndefined()
    expect(parseWallet({ id: 'has spaces', name: 'Wallet' })).toBeUndefined()
    expect(parseWallet({ id: 'w1', name: '' })).toBeUndefined()
    expect(parseWallet(['w1'])).toBeUndefined()
  })

  test('remote features keep well-typed entries and identifier-like config values only', () => {
    expect(
      parseFeatures({
        features: [
          { id: 'social_login', isEnabled: true, config: ['google', '<x>', 7, 'github'] },
          { id: 'email', isEnabled: 'yes', config: null },
          { id: 'swaps', isEnabled: true, config: { provider: '1inch' } },
          'junk',
        ],
      }),
    ).toEqual([
      { id: 'social_login', isEnabled: true, config: ['google', 'github'] },
      { id: 'swaps', isEnabled: true, config: null },
    ])
    expect(() => parseFeatures({ features: 'all' })).toThrow('HTTP request failed.')
  })
})
