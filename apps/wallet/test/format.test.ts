// What the page makes of a dApp's untrusted metadata and params.
import { base58 } from '@scure/base'
import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { clip, messageOf, safeImageUrl } from '../src/page/format.js'

describe('dApp metadata', () => {
  it('uses an icon only when it is an http(s) or data: image URL', () => {
    expect(safeImageUrl('https://dapp.example/icon.png')).toBe('https://dapp.example/icon.png')
    expect(safeImageUrl('http://127.0.0.1:3000/i.svg')).toBe('http://127.0.0.1:3000/i.svg')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'blob:https://dapp.example/1',
      'file:///etc/passwd',
      '/relative.png',
      `https://dapp.example/${'a'.repeat(3000)}`,
      42,
      undefined,
    ]) {
      expect(safeImageUrl(hostile)).toBeUndefined()
    }
  })

  it('clips text and drops control characters', () => {
    expect(clip('abc', 10)).toBe('abc')
    expect(clip('abcdef', 4)).toBe('abc…')
    expect(clip('a\u0000b\u001bc\nd', 10)).toBe('abc\nd')
    expect(clip({ toString: () => 'x' }, 10)).toBe('')
  })
})

describe('what a signing request asks to sign', () => {
  it('reads personal_sign, solana_signMessage and Bitcoin signMessage as text when they are text', () => {
    expect(messageOf('personal_sign', [stringToHex('Hello'), '0x1'])).toBe('Hello')
    expect(messageOf('personal_sign', ['0xff00', '0x1'])).toBe('0xff00')
    const bytes = new TextEncoder().encode('Hi Solana')
    expect(messageOf('solana_signMessage', { message: base58.encode(bytes), pubkey: 'x' })).toBe('Hi Solana')
    expect(messageOf('solana_signMessage', { message: base58.encode(Uint8Array.of(0, 1)) })).toBe('0x0001')
    expect(messageOf('signMessage', { message: 'btc', account: 'a' })).toBe('btc')
    expect(messageOf('eth_sendTransaction', [{ to: '0x1' }])).toBeUndefined()
  })
})
