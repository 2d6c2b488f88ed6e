import { describe, expect, test } from 'vitest'
import {
  sanitizeWalletListing,
  sanitizeWalletListings,
} from '../../src/controllers/listing/sanitize-wallet.js'
import { isSafeDeepLink, isSafeImageUrl } from '../../src/services/sanitize.js'

describe('untrusted wallet data', () => {
  test('image URLs: https, data:image, blob; local hosts (http too) only when the host allows local images', () => {
    for (const ok of [
      'https://cdn.example/w.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:image/svg+xml;base64,PHN2Zz4=',
      'blob:https://app.example/5f1c',
    ]) {
      expect(isSafeImageUrl(ok), ok).toBe(true)
    }
    for (const local of [
      'http://localhost:4000/w.png',
      'http://127.0.0.1:8080/w.png',
      'http://[::1]:3000/w.png',
      'http://wallets.localhost/w.png',
      'https://192.168.0.10/w.png',
    ]) {
      expect(isSafeImageUrl(local), local).toBe(false)
      expect(isSafeImageUrl(local, { allowLocal: true }), local).toBe(true)
    }
    for (const bad of [
      'http://cdn.example/w.png',
      'http://127.0.0.1.evil.example/w.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'file:///etc/passwd',
      '/relative.png',
      '',
      42,
      undefined,
    ]) {
      expect(isSafeImageUrl(bad), String(bad)).toBe(false)
      expect(isSafeImageUrl(bad, { allowLocal: true }), String(bad)).toBe(false)
    }
  })

  test('links: app schemes and https pass; script, data, file schemes and control characters do not', () => {
    for (const ok of ['metamask://', 'trust:', 'https://metamask.app.link', 'rainbow://wc']) {
      expect(isSafeDeepLink(ok), ok).toBe(true)
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:x',
      'java\nscript:x',
      'data:text/html,x',
      'file:///x',
      'vbscript:x',
      '',
    ]) {
      expect(isSafeDeepLink(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  test('a listing entry keeps its name as a plain string and loses unsafe URLs and links', () => {
    const entry = sanitizeWalletListing({
      id: 'w1',
      name: '<img src=x onerror=alert(1)>',
      image_id: 'img-1',
      image_url: 'javascript:alert(1)',
      rdns: 'com.w1',
      mobile_link: 'javascript:alert(1)',
      desktop_link: 'w1desktop://',
      webapp_link: 'https://app.w1.example',
      chains: ['eip155:1', 7, null],
      badge_type: 'certified',
      extra: '<script>',
    })
    expect(entry).toEqual({
      id: 'w1',
      name: '<img src=x onerror=alert(1)>',
      image_id: 'img-1',
      rdns: 'com.w1',
      desktop_link: 'w1desktop://',
      webapp_link: 'https://app.w1.example',
      chains: ['eip155:1'],
      badge_type: 'certified',
    })
    expect(sanitizeWalletListing({ id: 'w2', name: { html: '<b>' } })).toEqual({ id: 'w2', name: '' })
    expect(sanitizeWalletListing({ name: 'no id' })).toBeUndefined()
    expect(sanitizeWalletListing('w3')).toBeUndefined()
  })

  test('a list drops unusable entries and repeated ids', () => {
    expect(
      sanitizeWalletListings([{ id: 'a', name: 'A' }, null, { id: 'a', name: 'B' }, { id: 'b', name: 'B' }]),
    ).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ])
    expect(sanitizeWalletListings('not a list')).toEqual([])
  })
})
