import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { formatSiwxMessage } from '../../src/siwx/index.js'

const example = {
  domain: 'service.org',
  accountAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  statement: 'I accept the ServiceOrg Terms of Service: https://service.org/tos',
  uri: 'https://service.org/login',
  version: '1',
  chainId: 'eip155:1' as const,
  nonce: '32891756',
  issuedAt: '2021-09-30T16:25:24Z',
  resources: [
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'https://example.com/my-web2-claim.json',
  ],
}

describe('EIP-4361 messages', () => {
  test("the EIP's example message, byte for byte (address in EIP-55 form)", () => {
    expect(formatSiwxMessage(example)).toBe(
      [
        'service.org wants you to sign in with your Ethereum account:',
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '',
        'I accept the ServiceOrg Terms of Service: https://service.org/tos',
        '',
        'URI: https://service.org/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: 32891756',
        'Issued At: 2021-09-30T16:25:24Z',
        'Resources:',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        '- https://example.com/my-web2-claim.json',
      ].join('\n'),
    )
  })

  test('agrees with viem for every optional field, with and without a statement', () => {
    const full = {
      ...example,
      chainId: 'eip155:8453' as const,
      expirationTime: '2021-10-01T16:25:24.000Z',
      notBefore: '2021-09-30T16:00:00.000Z',
      requestId: 'req-1',
    }
    const viemArgs = {
      domain: full.domain,
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      uri: full.uri,
      version: '1',
      chainId: 8453,
      nonce: full.nonce,
      issuedAt: new Date(full.issuedAt),
      expirationTime: new Date(full.expirationTime),
      notBefore: new Date(full.notBefore),
      requestId: full.requestId,
      resources: full.resources,
    } as const
    const withStatement = formatSiwxMessage({ ...full, issuedAt: '2021-09-30T16:25:24.000Z' })
    expect(withStatement).toBe(createSiweMessage({ ...viemArgs, statement: full.statement }))
    const { statement: _s, resources: _r, ...bare } = full
    const withoutStatement = formatSiwxMessage({ ...bare, issuedAt: '2021-09-30T16:25:24.000Z' })
    expect(withoutStatement).toBe(createSiweMessage({ ...viemArgs, resources: undefined }))
    expect(withoutStatement).toContain('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\nURI:')
    expect(parseSiweMessage(withoutStatement)).toMatchObject({
      chainId: 8453,
      nonce: '32891756',
      requestId: 'req-1',
    })
  })

  test('other namespaces keep the layout with their own name and chain reference (CAIP-122)', () => {
    const text = formatSiwxMessage({
      ...example,
      accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(text.split('\n').slice(0, 2)).toEqual([
      'service.org wants you to sign in with your Solana account:',
      '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    ])
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
  })

  test('refuses a statement or resource that spans lines, and a malformed chain id', () => {
    expect(() => formatSiwxMessage({ ...example, statement: 'one\ntwo' })).toThrow(TypeError)
    expect(() => formatSiwxMessage({ ...example, resources: ['https://a\n- https://b'] })).toThrow(TypeError)
    expect(() => formatSiwxMessage({ ...example, chainId: 'eip155' as never })).toThrow(
      'Invalid CAIP-2 network id',
    )
  })
})
