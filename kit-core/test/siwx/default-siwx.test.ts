import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { createMemoryStorage, type KitStorage } from '../../src/adapter/index.js'
import { createDefaultSiwx, type SiwxMessage, type SiwxSession } from '../../src/siwx/index.js'

// Anvil's well-known first test key: only ever used on local chains.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const CHAIN = 'eip155:1' as const
const T0 = Date.parse('2030-01-01T00:00:00.000Z')
/** Where an account's sessions are stored (EVM addresses in lower case). */
const keyOf = (address: string, chainId: string = CHAIN) =>
  `siwx_sessions:${chainId}:${address.toLowerCase()}`

function setup(overrides: { storage?: KitStorage; required?: boolean; expirationMs?: number } = {}) {
  let clock = T0
  const storage = overrides.storage ?? createMemoryStorage()
  const verifier = vi.fn(async (p: { address: string; message: string; signature: string }) =>
    verifyMessage({
      address: p.address as `0x${string}`,
      message: p.message,
      signature: p.signature as `0x${string}`,
    }),
  )
  const siwx = createDefaultSiwx({
    storage,
    domain: 'app.example',
    uri: 'https://app.example/',
    statement: 'Sign in to the example app',
    verifyMessage: verifier,
    now: () => clock,
    ...overrides,
  })
  return {
    siwx,
    storage,
    verifier,
    tick(ms: number) {
      clock += ms
    },
  }
}

async function sign(message: SiwxMessage, signer = wallet): Promise<SiwxSession> {
  const { toString: _t, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: await signer.signMessage({ message: text }) }
}

describe('the default EIP-4361 sign-in', () => {
  test('creates messages with fresh alphanumeric nonces, the host terms and a 24 h expiry', async () => {
    const { siwx } = setup()
    const a = await siwx.createMessage({ accountAddress: wallet.address.toLowerCase(), chainId: CHAIN })
    const b = await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(a.nonce).not.toBe(b.nonce)
    expect(a).toMatchObject({
      domain: 'app.example',
      uri: 'https://app.example/',
      version: '1',
      statement: 'Sign in to the example app',
      issuedAt: '2030-01-01T00:00:00.000Z',
      expirationTime: '2030-01-02T00:00:00.000Z',
    })
    expect(a.toString()).toContain(`\n${wallet.address}\n`)
    expect(a.toString()).toContain('\nChain ID: 1\n')
    expect(a.toString()).toContain(`\nNonce: ${a.nonce}\n`)
  })

  test('[§4.42] sign-in is optional unless the host requires it', () => {
    expect(setup().siwx.getRequired?.()).toBe(false)
    expect(setup({ required: true }).siwx.getRequired?.()).toBe(true)
  })

  test('stores a verified session under the sign-in key, and finds it by chain and address', async () => {
    const { siwx, storage, verifier } = setup()
    const session = await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    await siwx.addSession(session)
    expect(verifier).toHaveBeenCalledWith({
      address: wallet.address,
      message: session.message,
      signature: session.signature,
      chainId: CHAIN,
    })
    expect(JSON.parse(String(await storage.getItem(keyOf(wallet.address))))).toHaveLength(1)
    expect(await siwx.getSessions(CHAIN, wallet.address.toLowerCase())).toEqual([session])
    expect(await siwx.getSessions('eip155:8453', wallet.address)).toEqual([])
    expect(await siwx.getSessions(CHAIN, other.address)).toEqual([])
    // A restarted page reads it from storage.
    const again = createDefaultSiwx({
      storage,
      domain: 'app.example',
      uri: 'https://app.example/',
      verifyMessage: async () => true,
      now: () => T0,
    })
    expect(await again.getSessions(CHAIN, wallet.address)).toHaveLength(1)
    await siwx.revokeSession(CHAIN, wallet.address)
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([])
    expect(await storage.getItem(keyOf(wallet.address))).toBeNull()
  })

  test('a nonce is single use: replaying a stored session is rejected', async () => {
    const { siwx } = setup()
    const session = await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    await siwx.addSession(session)
    await expect(siwx.addSession(session)).rejects.toMatchObject({
      message: 'Invalid sign-in session',
      details: 'unknown or used nonce',
    })
    // A nonce this instance never issued.
    const forged = await sign({
      ...(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })),
    })
    const data = { ...forged.data, nonce: 'abcdefgh12345678' }
    await expect(siwx.addSession({ ...forged, data })).rejects.toMatchObject({
      details: 'unknown or used nonce',
    })
  })

  test.each([
    ['domain', { domain: 'evil.example' }, 'domain evil.example'],
    ['URI', { uri: 'https://evil.example/' }, 'uri https://evil.example/'],
    ['chain id', { chainId: 'eip155:8453' }, 'chain id eip155:8453'],
    ['account', { accountAddress: '0x0000000000000000000000000000000000000001' }, 'account'],
    ['version', { version: '2' }, 'version 2'],
  ])('rejects a session with another %s than the message was issued for', async (_, change, details) => {
    const { siwx } = setup()
    const session = await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    await expect(
      siwx.addSession({ ...session, data: { ...session.data, ...change } as never }),
    ).rejects.toMatchObject({
      details,
    })
  })

  test('checks issued-at, expiry and not-before against the clock', async () => {
    const { siwx, tick } = setup({ expirationMs: 5 * 60 * 1000 })
    const make = async (changes: Record<string, string>) => {
      const message = await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })
      const text = (await import('../../src/siwx/index.js')).formatSiwxMessage({
        ...message,
        ...changes,
      } as never)
      const data = { ...message, ...changes }
      return { data, message: text, signature: await wallet.signMessage({ message: text }) } as SiwxSession
    }
    await expect(siwx.addSession(await make({ issuedAt: '2030-01-01T00:05:00.000Z' }))).rejects.toMatchObject(
      {
        details: 'issued in the future',
      },
    )
    // Within the clock skew: accepted.
    await siwx.addSession(await make({ issuedAt: '2030-01-01T00:00:30.000Z' }))
    await expect(siwx.addSession(await make({ issuedAt: 'yesterday' }))).rejects.toMatchObject({
      details: 'issued-at',
    })
    await expect(
      siwx.addSession(await make({ notBefore: '2030-01-01T01:00:00.000Z' })),
    ).rejects.toMatchObject({
      details: 'not yet valid',
    })
    const late = await make({})
    tick(5 * 60 * 1000)
    await expect(siwx.addSession(late)).rejects.toMatchObject({ details: 'expired' })
  })

  test('an issued nonce waits 10 minutes for its signature', async () => {
    const { siwx, tick } = setup()
    const session = await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    tick(10 * 60 * 1000)
    await expect(siwx.addSession(session)).rejects.toMatchObject({ details: 'unknown or used nonce' })
  })

  test('rejects a signature of another account, or of other text, through the adapter verifier', async () => {
    const { siwx } = setup()
    const message = await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })
    const byOther = await sign(message, other)
    await expect(siwx.addSession(byOther)).rejects.toMatchObject({ details: 'signature' })
    const message2 = await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })
    const session = await sign(message2)
    const tampered = { ...session, message: session.message.replace('Sign in to', 'Give all funds to') }
    await expect(siwx.addSession(tampered)).rejects.toMatchObject({
      details: 'message does not match its data',
    })
  })

  test('drops expired sessions on read, and ignores malformed stored entries', async () => {
    const { siwx, storage, tick } = setup({ expirationMs: 1000 })
    await siwx.addSession(
      await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })),
    )
    expect(await siwx.getSessions(CHAIN, wallet.address)).toHaveLength(1)
    tick(1000)
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([])
    expect(await storage.getItem(keyOf(wallet.address))).toBeNull()
    await storage.setItem(keyOf(wallet.address), JSON.stringify([null, { data: 1 }, 'x']))
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([])
    await storage.setItem(keyOf(wallet.address), '{not json')
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([])
  })

  test('a stored session is checked again when read: what any script wrote is dropped, with the reason told', async () => {
    const source = setup()
    const good = await sign(
      await source.siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }),
    )
    const forged = { ...good, signature: await other.signMessage({ message: good.message }) }
    const elsewhere = await (async () => {
      const foreign = createDefaultSiwx({
        storage: createMemoryStorage(),
        domain: 'evil.example',
        uri: 'https://evil.example/',
        verifyMessage: async () => true,
        now: () => T0,
      })
      return sign(await foreign.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    })()
    const edited = { ...good, data: { ...good.data, expirationTime: '2999-01-01T00:00:00.000Z' } }
    const reasons: string[] = []
    const { storage, verifier } = setup()
    const reader = createDefaultSiwx({
      storage,
      domain: 'app.example',
      uri: 'https://app.example/',
      statement: 'Sign in to the example app',
      verifyMessage: verifier,
      now: () => T0,
      onDropped: (reason) => reasons.push(reason),
    })
    await storage.setItem(keyOf(wallet.address), JSON.stringify([forged, elsewhere, edited, good]))
    expect(await reader.getSessions(CHAIN, wallet.address)).toEqual([good])
    expect(reasons).toEqual([
      'A stored sign-in session was dropped (signature).',
      'A stored sign-in session was dropped (domain evil.example).',
      'A stored sign-in session was dropped (message does not match its data).',
    ])
    expect(JSON.parse(String(await storage.getItem(keyOf(wallet.address))))).toEqual([good])
    // The good one is verified once per page, not on every read.
    const calls = verifier.mock.calls.length
    expect(await reader.getSessions(CHAIN, wallet.address)).toEqual([good])
    expect(verifier.mock.calls.length).toBe(calls)
  })

  test("each account's sessions have a key of their own: two tabs signing in different accounts at once both keep theirs", async () => {
    const storage = createMemoryStorage()
    const tabA = setup({ storage })
    const tabB = setup({ storage })
    const [a, b] = await Promise.all([
      sign(await tabA.siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })),
      sign(await tabB.siwx.createMessage({ accountAddress: other.address, chainId: CHAIN }), other),
    ])
    await Promise.all([tabA.siwx.addSession(a), tabB.siwx.addSession(b)])
    expect(storage.keys().sort()).toEqual([keyOf(wallet.address), keyOf(other.address)].sort())
    expect(await tabB.siwx.getSessions(CHAIN, wallet.address)).toEqual([a])
    expect(await tabA.siwx.getSessions(CHAIN, other.address)).toEqual([b])
    // A session stored under another account's key is not that account's.
    await storage.setItem(keyOf(other.address), JSON.stringify([a]))
    expect(await tabA.siwx.getSessions(CHAIN, other.address)).toEqual([])
  })

  test('sessions of the one list earlier versions kept move to their accounts when first read', async () => {
    const storage = createMemoryStorage()
    const { siwx } = setup({ storage })
    const a = await sign(await siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }))
    const b = await sign(await siwx.createMessage({ accountAddress: other.address, chainId: CHAIN }), other)
    await storage.setItem('siwx_sessions', JSON.stringify([a, b]))
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([a])
    expect(JSON.parse(String(await storage.getItem('siwx_sessions')))).toEqual([b])
    await siwx.revokeSession(CHAIN, other.address)
    expect(await siwx.getSessions(CHAIN, other.address)).toEqual([])
    expect(await storage.getItem('siwx_sessions')).toBeNull()
    expect(storage.keys()).toEqual([keyOf(wallet.address)])
  })

  test('a session without an expiration time (a wallet may omit it) lasts the sign-in lifetime', async () => {
    const source = setup()
    const message = await source.siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN })
    const { expirationTime: _none, toString: _text, ...data } = message
    const { formatSiwxMessage } = await import('../../src/siwx/siwe-message.js')
    const text = formatSiwxMessage({ ...data, issuedAt: data.issuedAt as string })
    const session = { data, message: text, signature: await wallet.signMessage({ message: text }) }
    const { siwx, tick } = setup({ expirationMs: 60_000 })
    await siwx.setSessions([session])
    expect(await siwx.getSessions(CHAIN, wallet.address)).toHaveLength(1)
    tick(60_000)
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([])
  })

  test('setSessions checks every session except its nonce, then replaces the sessions of their accounts only', async () => {
    const source = setup()
    const session = await sign(
      await source.siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }),
    )
    const { siwx } = setup()
    await siwx.setSessions([session])
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([session])
    const forged = {
      ...session,
      signature: (await other.signMessage({ message: session.message })) as string,
    }
    await expect(siwx.setSessions([forged])).rejects.toMatchObject({ details: 'signature' })
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([session])

    // Another account's sign-in keeps this one's session; a new one of this account replaces it.
    const others = await sign(
      await source.siwx.createMessage({ accountAddress: other.address, chainId: CHAIN }),
      other,
    )
    await siwx.setSessions([others])
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([session])
    expect(await siwx.getSessions(CHAIN, other.address)).toEqual([others])
    const again = await sign(
      await source.siwx.createMessage({ accountAddress: wallet.address, chainId: CHAIN }),
    )
    await siwx.setSessions([again])
    expect(await siwx.getSessions(CHAIN, wallet.address)).toEqual([again])
    expect(await siwx.getSessions(CHAIN, other.address)).toEqual([others])
  })

  test('refuses a multi-line statement', () => {
    expect(() =>
      createDefaultSiwx({
        storage: createMemoryStorage(),
        domain: 'a',
        uri: 'https://a/',
        statement: 'a\nb',
        verifyMessage: async () => true,
      }),
    ).toThrow(TypeError)
  })
})
