// The simulator in Chromium against dApps in Node: a dApp-side provider of @latchkey/adapter-universal proposes over
// the stack's relay, the test pastes its URI into the page and answers in the page's interface; signatures are
// checked in Node, events reach the dApp.
import { createPublicKey, randomUUID, verify } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWalletConnectProvider } from '@latchkey/adapter-universal'
import { connectBrowser, type IsolatedPage, newIsolatedPage } from '@latchkey/browser'
import type { WalletConnectEvents } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { base58 } from '@scure/base'
import type { Page } from 'playwright-core'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildWalletSim, type RunningWalletSim, startWalletSim } from '../src/index.js'

type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>

const stack = inject('stack') as LocalStackInfo
const EVM_1 = `eip155:${stack.evm.chains[0]!.chainId}` as const
const EVM_2 = `eip155:${stack.evm.chains[1]!.chainId}` as const
const SOLANA_1 = `solana:${stack.solana.clusters[0].genesisHash.slice(0, 32)}` as const
const SOLANA_2 = `solana:${stack.solana.clusters[1].genesisHash.slice(0, 32)}` as const
const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const
/** A 1×1 PNG: the well-behaved dApp's icon (data:, so the page loads nothing from outside). */
const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

let outDir: string
let sim: RunningWalletSim
let browser: Awaited<ReturnType<typeof connectBrowser>>
let isolated: IsolatedPage
let page: Page
const consoleErrors: string[] = []
const providers: Provider[] = []

async function newDapp(metadata: { name: string; url: string; icons: string[]; description: string }) {
  const provider = await createWalletConnectProvider({
    projectId: 'latchkey-wallet-sim-test',
    metadata,
    relayUrl: stack.relay.url,
    storagePrefix: `wallet-sim-test-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: {
      [EVM_1]: stack.evm.chains[0]!.rpcUrl,
      [EVM_2]: stack.evm.chains[1]!.rpcUrl,
      [SOLANA_1]: stack.solana.clusters[0].rpcUrl,
      [SOLANA_2]: stack.solana.clusters[1].rpcUrl,
    },
  })
  providers.push(provider)
  return provider
}

/** The next pairing URI the provider shows. */
function nextUri(provider: Provider): Promise<string> {
  return new Promise((resolve) => {
    const stop = provider.on('display_uri', ({ uri }) => {
      stop()
      resolve(uri)
    })
  })
}

/** Pastes the URI into the simulator, as a user who scanned the QR code. */
async function pasteUri(uri: string): Promise<void> {
  await page.getByTestId('sim-uri').fill(uri)
  await page.getByTestId('sim-pair').click()
}

const namespaces = {
  eip155: {
    chains: [EVM_1, EVM_2],
    methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    chains: [SOLANA_1, SOLANA_2],
    methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
  bip122: {
    chains: [BITCOIN_REGTEST],
    methods: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
    events: ['bip122_addressesChanged'],
  },
} as const

/** Resolves with the first `event` the provider emits that `match` accepts. */
function nextEvent<E extends keyof WalletConnectEvents>(
  provider: Provider,
  event: E,
  match: (payload: WalletConnectEvents[E]) => boolean,
): Promise<WalletConnectEvents[E]> {
  return new Promise((resolve) => {
    const stop = provider.on(event, (payload) => {
      if (!match(payload)) return
      stop()
      resolve(payload)
    })
  })
}

/** The error `promise` fails with (it is handled at once, while the page is driven), or a failure if it does not. */
function settled(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  )
}

function verifySolana(address: string, message: Uint8Array, signature: string): boolean {
  const x = Buffer.from(base58.decode(address)).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, message, key, base58.decode(signature))
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'latchkey-wallet-sim-'))
  await buildWalletSim({ outDir })
  sim = await startWalletSim({ port: 0, config: stack, pagesDir: outDir })
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser, { viewport: { width: 440, height: 900 } })
  page = isolated.page
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(`${sim.url}/`)
  await page.locator('[data-testid="sim-status"][data-state="ready"]').waitFor()
})

afterAll(async () => {
  for (const provider of providers) {
    await provider.sdk.client.core.relayer.transportClose().catch(() => undefined)
    provider.sdk.client.core.heartbeat.stop()
  }
  await isolated?.close()
  await browser?.close()
  await sim?.stop()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

describe('the wallet simulator in Chromium', () => {
  let dapp: Provider
  let topic: string
  let evmAddress: `0x${string}`
  let solanaAddress: string

  it('shows a hostile dApp’s proposal as text, and the dApp hears the rejection', async () => {
    const name = '<img src=x onerror="window.pwned=1">Evil dApp'
    const hostile = await newDapp({
      name,
      description: '<script>window.pwned=1</script>',
      url: 'javascript:window.pwned=1',
      icons: ['javascript:window.pwned=1'],
    })
    const uri = nextUri(hostile)
    const refused = settled(hostile.connect({ namespaces: { eip155: namespaces.eip155 } }))
    await pasteUri(await uri)
    const proposal = page.getByTestId('sim-proposal')
    await expect.poll(() => proposal.count()).toBe(1)
    expect(await proposal.getByTestId('sim-proposal-name').textContent()).toBe(name)
    expect(await proposal.getByTestId('sim-proposal-url').textContent()).toBe('javascript:window.pwned=1')
    expect(await proposal.locator('img').count()).toBe(0)
    expect(await proposal.locator('script').count()).toBe(0)
    await proposal.getByTestId('sim-reject').click()
    expect(await refused).toMatchObject({ code: 4001 })
    await expect.poll(() => proposal.count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
  })

  it('pairs with a pasted URI and approves with accounts on eip155, solana and bip122', async () => {
    dapp = await newDapp({
      name: 'Wallet-sim test dApp',
      description: 'A dApp in Node',
      url: 'http://127.0.0.1:1234',
      icons: [ICON],
    })
    const uri = nextUri(dapp)
    const connecting = dapp.connect({ namespaces })
    await pasteUri(await uri)
    const proposal = page.getByTestId('sim-proposal')
    await proposal.waitFor()
    expect(await proposal.getByTestId('sim-proposal-name').textContent()).toBe('Wallet-sim test dApp')
    expect(await proposal.getByTestId('sim-proposal-icon').getAttribute('src')).toBe(ICON)
    const table = proposal.getByTestId('sim-proposal-namespaces')
    expect(
      await table.locator('tr[data-namespace]').evaluateAll((rows) => rows.map((r) => r.dataset.namespace)),
    ).toEqual(['eip155', 'solana', 'bip122'])
    expect(await table.textContent()).toContain('personal_sign')
    await proposal.getByTestId('sim-approve').click()
    const { session } = await connecting
    topic = session.topic
    const evm = session.namespaces.eip155?.accounts ?? []
    const solana = session.namespaces.solana?.accounts ?? []
    expect(evm.filter((account) => account.startsWith(`${EVM_1}:`))).toHaveLength(3)
    expect(solana.filter((account) => account.startsWith(`${SOLANA_1}:`))).toHaveLength(3)
    expect(session.namespaces.bip122?.accounts[0]).toMatch(/^bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bcrt1/)
    evmAddress = evm[0]!.split(':')[2] as `0x${string}`
    solanaAddress = solana[0]!.split(':')[2]!
    await expect.poll(() => page.getByTestId('sim-session').count()).toBe(1)
    expect(await page.getByTestId('sim-session').getAttribute('data-topic')).toBe(topic)
    expect(await page.getByTestId('sim-proposal').count()).toBe(0)
  })

  it('asks before personal_sign and solana_signMessage; the signatures verify in Node', async () => {
    const text = 'Sign in to the wallet-sim test'
    const signing = dapp.request<Hex>(
      { method: 'personal_sign', params: [stringToHex(text), evmAddress] },
      EVM_1,
    )
    const request = page.locator('[data-testid="sim-request"][data-method="personal_sign"]')
    await request.waitFor()
    expect(await request.getByTestId('sim-request-message').textContent()).toBe(text)
    await request.getByTestId('sim-request-approve').click()
    const signature = await signing
    expect(await verifyMessage({ address: evmAddress, message: text, signature })).toBe(true)

    const bytes = new TextEncoder().encode('Hello, Solana, from the wallet-sim test')
    const solanaSigning = dapp.request<{ signature: string }>(
      { method: 'solana_signMessage', params: { message: base58.encode(bytes), pubkey: solanaAddress } },
      SOLANA_1,
    )
    const solanaRequest = page.locator('[data-testid="sim-request"][data-method="solana_signMessage"]')
    await solanaRequest.waitFor()
    expect(await solanaRequest.getByTestId('sim-request-message').textContent()).toBe(
      'Hello, Solana, from the wallet-sim test',
    )
    await solanaRequest.getByTestId('sim-request-approve').click()
    const { signature: solanaSignature } = await solanaSigning
    expect(verifySolana(solanaAddress, bytes, solanaSignature)).toBe(true)

    const log = page.getByTestId('sim-log-entry')
    await expect
      .poll(() =>
        log.evaluateAll((entries) => entries.map((e) => `${e.dataset.method}:${e.dataset.outcome}`)),
      )
      .toEqual(['solana_signMessage:approved', 'personal_sign:approved'])
  })

  it('a request rejected in the simulator fails in the dApp with 4001', async () => {
    const refused = settled(
      dapp.request({ method: 'personal_sign', params: [stringToHex('no'), evmAddress] }, EVM_1),
    )
    const request = page.locator('[data-testid="sim-request"][data-method="personal_sign"]')
    await request.waitFor()
    await request.getByTestId('sim-request-reject').click()
    expect(await refused).toMatchObject({ code: 4001 })
    await expect.poll(() => request.count()).toBe(0)
    expect(await page.getByTestId('sim-log-entry').first().getAttribute('data-outcome')).toBe('rejected')
  })

  it('chain and account switches in the simulator reach the dApp as chainChanged and accountsChanged', async () => {
    const evm = page.getByTestId('sim-namespace-eip155')
    const evmChanged = nextEvent(dapp, 'chainChanged', ({ caipNetworkId }) => caipNetworkId === EVM_2)
    await evm.getByTestId('sim-switch-chain').selectOption(EVM_2)
    await evmChanged
    expect(await evm.getAttribute('data-chain')).toBe(EVM_2)

    const solanaChanged = nextEvent(dapp, 'chainChanged', ({ caipNetworkId }) => caipNetworkId === SOLANA_2)
    await page.getByTestId('sim-namespace-solana').getByTestId('sim-switch-chain').selectOption(SOLANA_2)
    await solanaChanged

    const accountSelect = evm.getByTestId('sim-switch-account')
    const second = (await accountSelect.locator('option').nth(1).getAttribute('value')) as string
    const accountsChanged = nextEvent(dapp, 'accountsChanged', ({ namespace }) => namespace === 'eip155')
    await accountSelect.selectOption(second)
    const { accounts } = await accountsChanged
    expect(accounts[0]).toBe(`${EVM_2}:${second}`)
    expect(await evm.getByTestId('sim-address').textContent()).toBe(second)
  })

  it('in test mode answers at once, without a prompt', async () => {
    const toggle = page.getByTestId('sim-auto-approve')
    await toggle.check()
    const address = (await page
      .getByTestId('sim-namespace-eip155')
      .getByTestId('sim-address')
      .textContent()) as Hex
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const text = `round trip ${i}`
      const started = performance.now()
      const signature = await dapp.request<Hex>(
        { method: 'personal_sign', params: [stringToHex(text), address] },
        EVM_2,
      )
      times.push(performance.now() - started)
      expect(await verifyMessage({ address, message: text, signature })).toBe(true)
    }
    expect(await page.getByTestId('sim-request').count()).toBe(0)
    times.sort((a, b) => a - b)
    console.log(
      `wallet-sim: personal_sign round trip through the relay and the page, median ${times[2]!.toFixed(0)} ms`,
    )
    await toggle.uncheck()
  })

  it('answers a one-step sign-in (session_authenticate) after approval', async () => {
    const signer = await newDapp({
      name: 'Sign-in dApp',
      description: 'SIWX',
      url: 'http://127.0.0.1:4321',
      icons: [],
    })
    const uri = nextUri(signer)
    const connecting = signer.connect({
      namespaces: { eip155: namespaces.eip155 },
      signIn: {
        domain: '127.0.0.1:4321',
        uri: 'http://127.0.0.1:4321/',
        nonce: 'walletsim1234',
        chains: [EVM_1],
        statement: 'Sign in to the wallet-sim test',
      },
    })
    await pasteUri(await uri)
    const auth = page.getByTestId('sim-auth')
    await auth.waitFor()
    expect(await auth.getByTestId('sim-auth-name').textContent()).toBe('Sign-in dApp')
    await auth.getByTestId('sim-auth-approve').click()
    const { session, auths } = await connecting
    const [first] = auths ?? []
    expect(first?.message).toContain('Sign in to the wallet-sim test')
    const address = first!.payload.iss.split(':')[4] as `0x${string}`
    expect(session.namespaces.eip155?.accounts).toContain(`${EVM_1}:${address}`)
    expect(
      await verifyMessage({ address, message: first!.message, signature: first!.signature as Hex }),
    ).toBe(true)
    await expect.poll(() => page.getByTestId('sim-session').count()).toBe(2)
  })

  it('a disconnect in the simulator reaches the dApp as session_delete', async () => {
    const deleted = nextEvent(dapp, 'session_delete', (payload) => payload.topic === topic)
    await page
      .locator(`[data-testid="sim-session"][data-topic="${topic}"]`)
      .getByTestId('sim-disconnect')
      .click()
    await deleted
    await expect.poll(() => page.getByTestId('sim-session').count()).toBe(1)
  })

  it('stayed on 127.0.0.1 (no Verify, no telemetry) and threw nothing', () => {
    expect(isolated.outsideRequests).toEqual([])
    expect(isolated.pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
