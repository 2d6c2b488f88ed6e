import { describe, expect, test } from 'vitest'
import {
  CustomDeepLinkWalletIds,
  type MobileRedirectInput,
  mobileRedirectUrl,
  walletDeepLink,
} from '../../src/controllers/listing/index.js'

const pageUrl = 'https://app.example/swap?token=usdc&x=1'
const encodedPage = encodeURIComponent(pageUrl)
const encodedOrigin = encodeURIComponent('https://app.example')

function redirect(overrides: Partial<MobileRedirectInput> & Pick<MobileRedirectInput, 'wallet'>) {
  return mobileRedirectUrl({ namespace: 'solana', pageUrl, installed: false, isMobile: true, ...overrides })
}

describe('mobile redirect', () => {
  test("[§2.19] Phantom not installed opens the page in Phantom's browser", () => {
    const wallet = { id: CustomDeepLinkWalletIds.phantom, mobile_link: 'phantom://' }
    const expected = `https://phantom.app/ul/browse/${encodedPage}?ref=${encodedOrigin}`
    expect(redirect({ wallet })).toBe(expected)
    expect(expected).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example%2Fswap%3Ftoken%3Dusdc%26x%3D1?ref=https%3A%2F%2Fapp.example',
    )
    expect(redirect({ wallet, namespace: 'eip155' })).toBe(expected)
  })

  test("[§2.19] Solflare on Solana opens the page in Solflare's browser", () => {
    const wallet = { id: CustomDeepLinkWalletIds.solflare, mobile_link: 'solflare://' }
    expect(redirect({ wallet })).toBe(`https://solflare.com/ul/v1/browse/${encodedPage}?ref=${encodedOrigin}`)
  })

  test('[§2.19] Coinbase Wallet on Solana opens the page in its dapp browser; elsewhere its deep link', () => {
    const wallet = { id: CustomDeepLinkWalletIds.coinbase, mobile_link: 'cbwallet://' }
    expect(redirect({ wallet })).toBe(`https://go.cb-w.com/dapp?cb_url=${encodedPage}`)
    expect(redirect({ wallet, namespace: 'eip155', wcUri: 'wc:abc@2' })).toBe(
      `cbwallet://wc?uri=${encodeURIComponent('wc:abc@2')}`,
    )
  })

  test('[§2.19] any other wallet opens through its mobile_link deep link', () => {
    const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'
    expect(redirect({ wallet: { id: 'metamask', mobile_link: 'metamask://' }, wcUri: uri })).toBe(
      `metamask://wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(redirect({ wallet: { id: 'rainbow', mobile_link: 'https://rnbwapp.com' }, wcUri: uri })).toBe(
      `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(redirect({ wallet: { id: 'trust', mobile_link: 'trust:' } })).toBe('trust://')
    expect(redirect({ wallet: { id: 'none' } })).toBeUndefined()
    expect(redirect({ wallet: { id: 'evil', mobile_link: 'javascript:alert(1)' } })).toBeUndefined()
  })

  test('[§2.19] no redirect for an installed wallet or on desktop', () => {
    const wallet = { id: CustomDeepLinkWalletIds.phantom, mobile_link: 'phantom://' }
    expect(redirect({ wallet, installed: true })).toBeUndefined()
    expect(redirect({ wallet, isMobile: false })).toBeUndefined()
    expect(redirect({ wallet, pageUrl: 'not a url' })).toBeUndefined()
  })

  test('walletDeepLink keeps an app scheme, adds the missing slashes and refuses unsafe links', () => {
    expect(walletDeepLink('zerion://')).toBe('zerion://')
    expect(walletDeepLink('https://link.trustwallet.com/', 'wc:1')).toBe(
      'https://link.trustwallet.com/wc?uri=wc%3A1',
    )
    expect(walletDeepLink('java\tscript:alert(1)')).toBeUndefined()
    expect(walletDeepLink('data:text/html,<script>')).toBeUndefined()
  })

  test('walletDeepLink builds from the parsed scheme: what it returns for hostile links', () => {
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=k'
    const encoded = encodeURIComponent(uri)
    // What wallets publish: a bare scheme, a scheme with slashes or a path, a universal link.
    expect(walletDeepLink('trust:', uri)).toBe(`trust://wc?uri=${encoded}`)
    expect(walletDeepLink('TRUST:/', uri)).toBe(`trust://wc?uri=${encoded}`)
    expect(walletDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(walletDeepLink('rainbow://app', uri)).toBe(`rainbow://app/wc?uri=${encoded}`)
    expect(walletDeepLink('https://metamask.app.link', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    // A colon inside a scheme no longer turns into another scheme once the colons are gone (the old rewrite made
    // `javascript://`, `http://`, `file://`, `data://` and `vbscript://` of these).
    for (const link of ['java:script', 'ht:tp', 'fi:le', 'da:ta:', 'vb:script', 'java:script/', 'ht:tp//x']) {
      expect(walletDeepLink(link, uri), link).toBeUndefined()
      expect(walletDeepLink(link), link).toBeUndefined()
    }
    // Browser-special, script and local schemes, however written; plain http off loopback; Android intents.
    for (const link of [
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'tr\tust:',
      'vbscript:x',
      'data:text/html,x',
      'blob:https://a.example/x',
      'file:///etc/passwd',
      'about:blank',
      'view-source:https://a.example',
      'filesystem:https://a.example/x',
      'ftp://files.example/',
      'ws://relay.example',
      'wss://relay.example',
      'intent://wc#Intent;scheme=http;S.browser_fallback_url=http%3A%2F%2Fevil.example;end',
      'http://evil.example',
      'https://wallet.example/?next=javascript:alert(1)',
      'https://wallet.example/#frag',
      '//wallet.example',
      'wallet',
      '',
    ]) {
      expect(walletDeepLink(link, uri), link).toBeUndefined()
    }
    // Whatever it returns keeps the scheme it was built from and passes the check again.
    for (const link of ['zerion://', 'trust:', 'https://link.trustwallet.com/', 'http://127.0.0.1:5174/']) {
      const built = walletDeepLink(link, uri)
      expect(built, link).toBeDefined()
      expect(new URL(built as string).protocol).toBe(new URL(link).protocol)
    }
  })
})
