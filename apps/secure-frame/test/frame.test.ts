/**
 * The secure frame through a small test page (not the kit) on 127.0.0.1 that embeds the stack's frame from localhost
 * (another site) in Chromium, and speaks to it with the transport of `@latchkey/core/embedded`: email login with the
 * code from the mail sink, signatures and sends approved in the frame's own UI and checked on the local chains, and
 * the hostile parents: an origin the project does not allow, methods outside the lists, a transparent frame.
 */

import { createPublicKey, verify } from 'node:crypto'
import { bundleForBrowser, connectBrowser, newIsolatedPage, serveStatic } from '@latchkey/browser'
import { waitForCode } from '@latchkey/mail-sink/client'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const fromBase58 = (text: string) => getBase58Encoder().encode(text)

const stack = inject('stack')
const evm = stack.evm.chains[0] as (typeof stack.evm.chains)[number]
const firstCluster = stack.solana.clusters[0] as (typeof stack.solana.clusters)[number]
const cluster = { ...firstCluster, caipNetworkId: `solana:${firstCluster.genesisHash.slice(0, 32)}` }
const RUN = Date.now().toString(36)
const PROJECT = `frame-test-${RUN}`
const FOREIGN_PROJECT = `frame-foreign-${RUN}`

/** The page: the transport's client and the provider over it, each request's state by key, the approval signals. */
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>frame test page</title>
<style>body{margin:0} iframe{width:360px;height:600px;border:0;display:block}</style><body><script type="module">
import { createFrameClient, createFrameWalletProvider } from '/embedded.js'
const src = new URL(location.href).searchParams.get('frame')
const iframe = document.createElement('iframe')
iframe.src = src
document.body.append(iframe)
window.logs = []
window.approvals = []
window.states = {}
window.client = createFrameClient({
  frame: iframe.contentWindow,
  origin: new URL(src).origin,
  window,
  logger: { warn: (line) => window.logs.push(line) },
  deadlineMs: 120000,
})
window.wallet = createFrameWalletProvider(window.client)
window.client.onApproval((id, state) => window.approvals.push(state))
window.readyCount = 0
window.client.onReady(() => window.readyCount++)
window.track = (key, promise) => {
  window.states[key] = 'pending'
  promise.then(
    (value) => { window.states[key] = { value } },
    (error) => { window.states[key] = { error: error.message, code: error.code } },
  )
}
</script>`

type Wallet = Record<string, (...args: unknown[]) => Promise<unknown>>
type PageWindow = {
  client: { isReady(): boolean }
  wallet: Wallet
  states: Record<string, unknown>
  approvals: string[]
  readyCount: number
  track(key: string, promise: Promise<unknown>): void
}

let browser: Awaited<ReturnType<typeof connectBrowser>>
let server: Awaited<ReturnType<typeof serveStatic>>
let isolated: Awaited<ReturnType<typeof newIsolatedPage>>
let pageOrigin: string
const page = () => isolated.page

async function setOrigins(projectId: string, allowedOrigins: string[]): Promise<void> {
  const response = await fetch(`${stack.services.url}/__control/project?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins }),
  })
  expect(response.status).toBe(200)
}

/** The newest code mailed to `email` once `count` messages have arrived. */
const codeFor = (email: string, count: number) => waitForCode(stack.mail.url, email, { count })

/** Calls a provider method in the page and waits for its answer (for requests that need no approval). */
const call = (method: string, ...args: unknown[]) =>
  page().evaluate(({ method, args }) => (window as unknown as PageWindow).wallet[method]?.(...args), {
    method,
    args,
  })

/** Starts a provider method in the page without waiting; its state is `stateOf(key)`. */
const start = (key: string, method: string, ...args: unknown[]) =>
  page().evaluate(
    ({ key, method, args }) => {
      const w = window as unknown as PageWindow
      w.track(key, w.wallet[method]?.(...args) ?? Promise.reject(new Error(`no method ${method}`)))
    },
    { key, method, args },
  )
const stateOf = (key: string) =>
  page().evaluate((name) => (window as unknown as PageWindow).states[name], key)

const frame = () => {
  const found = page()
    .frames()
    .find((candidate) => candidate.url().startsWith(stack.frame.url))
  if (!found)
    throw new Error(
      `no frame; frames: ${page()
        .frames()
        .map((each) => each.url())
        .join(', ')}`,
    )
  return found
}

/**
 * Waits for the approval card and presses Approve or Reject like a person: the pointer moves onto the button and rests
 * there while the card has been visible long enough (the guard's 500 ms, and its pointer rule), then clicks.
 */
async function decide(button: 'lk-approve' | 'lk-reject'): Promise<void> {
  await frame().getByTestId('lk-approval').waitFor()
  const box = await frame().getByTestId(button).boundingBox()
  if (!box) throw new Error(`no ${button} button`)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page().mouse.move(x + 4, y + 2, { steps: 3 })
  await page().mouse.move(x, y, { steps: 2 })
  if (button === 'lk-approve') await page().waitForTimeout(700)
  await page().mouse.click(x, y)
}

async function openPage(projectId: string): Promise<void> {
  const frameUrl = `${stack.frame.url}?projectId=${projectId}&chainId=${evm.chainId}&version=test&enableLogger=true`
  await page().goto(`${pageOrigin}/page.html?frame=${encodeURIComponent(frameUrl)}`)
}

const ready = () =>
  page().waitForFunction(() => (window as unknown as PageWindow).client.isReady(), undefined, {
    timeout: 20_000,
  })

beforeAll(async () => {
  const bundled = await bundleForBrowser({
    contents: "export * from '@latchkey/core/embedded'",
    resolveDir: import.meta.dirname,
  })
  server = await serveStatic({ '/page.html': PAGE_HTML, '/embedded.js': bundled })
  pageOrigin = server.url
  await setOrigins(PROJECT, [pageOrigin])
  await setOrigins(FOREIGN_PROJECT, ['https://dapp.example'])
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  isolated.page.setDefaultTimeout(15_000)
  isolated.page.on('console', (message) => {
    if (message.text().includes('[latchkey')) console.info('frame console:', message.text())
  })
}, 60_000)

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await server?.close()
})

describe('a parent the project does not allow', () => {
  test('gets no frame (frame-ancestors) and so no ready event and no answer', async () => {
    await openPage(FOREIGN_PROJECT)
    await page().waitForTimeout(1_500) // time for a ready event that must not come
    expect(await page().evaluate(() => (window as unknown as PageWindow).client.isReady())).toBe(false)
    await start('foreign', 'getChainId')
    await page().waitForTimeout(500)
    expect(await stateOf('foreign')).toBe('pending')
    const response = await fetch(`${stack.frame.url}?projectId=${FOREIGN_PROJECT}`)
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors https://dapp.example')
  })
})

describe('an allowed page, through the frame', () => {
  const email = `frame-${RUN}@example.com`
  const newEmail = `frame-new-${RUN}@example.com`
  let evmAddress: `0x${string}`
  let solanaAddress: string

  test('logs in by email with the code from the mail sink; every account is an eoa', async () => {
    await openPage(PROJECT)
    await ready()
    expect(await call('isConnected')).toEqual({ isConnected: false })
    expect(await call('connectEmail', { email })).toEqual({ action: 'VERIFY_OTP' })
    await call('connectOtp', { otp: await codeFor(email, 1) })
    expect(await call('isConnected')).toEqual({ isConnected: true })
    const user = (await call('getUser', { chainId: evm.chainId })) as Record<string, unknown>
    evmAddress = user.address as `0x${string}`
    expect(user).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: evm.chainId,
      accounts: [{ address: evmAddress, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    const onSolana = (await call('getUser', { chainId: cluster.caipNetworkId })) as Record<string, unknown>
    solanaAddress = onSolana.address as string
    expect(onSolana.chainId).toBe(cluster.caipNetworkId)
    await call('switchNetwork', { chainId: evm.chainId })
    await expect(call('initSmartAccount')).rejects.toThrow(/Smart accounts is not available/)
    await expect(call('getSocialRedirectUri', { provider: 'github' })).rejects.toThrow(
      /Social login is not available/,
    )
  })

  test('personal_sign and typed data wait for the approval in the frame, then verify', async () => {
    // The card names the dApp from its metadata, but its address is the verified parent origin, not the claimed url.
    await call('syncDappData', {
      projectId: PROJECT,
      sdkVersion: 'test',
      metadata: { name: 'Frame Test dApp', description: 'A test', url: 'https://claimed.example', icons: [] },
    })
    await call('syncTheme', { themeMode: 'dark' })
    await start('sign', 'request', { method: 'personal_sign', params: ['0x68656c6c6f', evmAddress] })
    const card = (await frame().getByTestId('lk-approval').textContent()) ?? ''
    expect(card).toContain('Frame Test dApp')
    expect(card).toContain(pageOrigin)
    expect(card).not.toContain('claimed.example')
    expect(card).toContain('hello')
    expect(await stateOf('sign')).toBe('pending')
    await decide('lk-approve')
    await expect.poll(() => stateOf('sign')).toEqual({ value: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
    const signature = ((await stateOf('sign')) as { value: `0x${string}` }).value
    expect(await verifyMessage({ address: evmAddress, message: 'hello', signature })).toBe(true)
    expect(await page().evaluate(() => (window as unknown as PageWindow).approvals)).toEqual([
      'required',
      'done',
    ])

    const typedData = {
      domain: { name: 'Frame test', version: '1', chainId: evm.chainId },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note' as const,
      message: { text: 'typed hello' },
    }
    await start('typed', 'request', {
      method: 'eth_signTypedData_v4',
      params: [evmAddress, JSON.stringify(typedData)],
    })
    await decide('lk-approve')
    await expect.poll(() => stateOf('typed')).toEqual({ value: expect.stringMatching(/^0x/) })
    const typedSignature = ((await stateOf('typed')) as { value: `0x${string}` }).value
    expect(await verifyTypedData({ address: evmAddress, ...typedData, signature: typedSignature })).toBe(true)
  })

  test('a transaction approved in the frame is on the chain; a rejection answers 4001', async () => {
    const client = createPublicClient({ transport: http(evm.rpcUrl) })
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [evmAddress, '0x8ac7230489e80000'] as never,
    })
    const to = `0x${Date.now().toString(16).padStart(40, '0')}` as `0x${string}`
    const before = await client.getBalance({ address: to })
    await start('send', 'request', {
      method: 'eth_sendTransaction',
      params: [{ from: evmAddress, to, value: `0x${parseEther('0.25').toString(16)}` }],
    })
    await decide('lk-approve')
    await expect.poll(() => stateOf('send')).toEqual({ value: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const hash = ((await stateOf('send')) as { value: `0x${string}` }).value
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('0.25'))

    // wallet_sendCalls: two transfers as sequential transactions after one approval; their status from the frame.
    const second = `0x${(Date.now() + 1).toString(16).padStart(40, '0')}` as `0x${string}`
    await start('calls', 'request', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: `0x${evm.chainId.toString(16)}`,
          from: evmAddress,
          atomicRequired: false,
          calls: [
            { to, value: '0x1' },
            { to: second, value: '0x2' },
          ],
        },
      ],
    })
    await decide('lk-approve')
    await expect
      .poll(() => stateOf('calls'))
      .toEqual({ value: { id: expect.stringMatching(/^0x[0-9a-f]+$/) } })
    const { id } = ((await stateOf('calls')) as { value: { id: string } }).value
    await expect
      .poll(
        async () =>
          ((await call('request', { method: 'wallet_getCallsStatus', params: [id] })) as { status: number })
            .status,
      )
      .toBe(200)
    const status = (await call('request', { method: 'wallet_getCallsStatus', params: [id] })) as {
      atomic: boolean
      receipts: unknown[]
    }
    expect(status.atomic).toBe(false)
    expect(status.receipts).toHaveLength(2)
    expect(await client.getBalance({ address: second })).toBe(2n)
    // wallet_getAssets from the Blockchain API's balance (the stand-in reads the local chain).
    const assets = (await call('request', {
      method: 'wallet_getAssets',
      params: [{ account: evmAddress }],
    })) as Record<string, { address: string; balance: string; type: string }[]>
    const native = assets[`0x${evm.chainId.toString(16)}`]?.find((asset) => asset.type === 'native')
    expect(native?.address).toBe('native')
    expect(BigInt(native?.balance ?? '0x0')).toBe(await client.getBalance({ address: evmAddress }))
    expect(await call('request', { method: 'wallet_getCapabilities', params: [evmAddress] })).toMatchObject({
      [`0x${evm.chainId.toString(16)}`]: { atomic: { status: 'unsupported' } },
    })

    await start('rejected', 'request', { method: 'personal_sign', params: ['0x00', evmAddress] })
    await decide('lk-reject')
    await expect.poll(() => stateOf('rejected')).toEqual({ error: 'User rejected the request.', code: 4001 })
  })

  test('Solana: a message signed and a transfer signed and sent after approval', async () => {
    const connection = new Connection(cluster.rpcUrl, {
      wsEndpoint: cluster.rpcUrl.replace(/^http/, 'ws'),
      commitment: 'confirmed',
    })
    const owner = new PublicKey(solanaAddress)
    await connection.confirmTransaction(await connection.requestAirdrop(owner, 2_000_000_000), 'confirmed')
    // A message: the frame's ed25519 signature verifies against the account's key.
    const text = 'hello from the frame test'
    await start('solanaMessage', 'request', {
      method: 'solana_signMessage',
      params: { message: toBase58(Buffer.from(text)), pubkey: solanaAddress },
      chainId: cluster.caipNetworkId,
    })
    await decide('lk-approve')
    await expect.poll(() => stateOf('solanaMessage')).toEqual({ value: { signature: expect.any(String) } })
    const signed = ((await stateOf('solanaMessage')) as { value: { signature: string } }).value
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), owner.toBuffer()])
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    expect(verify(null, Buffer.from(text), key, Buffer.from(fromBase58(signed.signature)))).toBe(true)

    const receiver = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const transfer = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 5_000_000 }),
    )
    const wire = transfer
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64')
    await start('solana', 'request', {
      method: 'solana_signAndSendTransaction',
      params: { transaction: wire },
      chainId: cluster.caipNetworkId,
    })
    await decide('lk-approve')
    await expect.poll(() => stateOf('solana')).toEqual({ value: { signature: expect.any(String) } })
    const { signature } = ((await stateOf('solana')) as { value: { signature: string } }).value
    await connection.confirmTransaction(signature, 'confirmed')
    expect(await connection.getBalance(receiver)).toBe(5_000_000)
  })

  test('hostile parent: methods outside the lists are refused; a transparent frame cannot be clicked through', async () => {
    await expect(call('request', { method: 'eth_sign', params: [evmAddress, '0x00'] })).rejects.toThrow(
      'Requested RPC call is not allowed',
    )
    await expect(call('request', { method: 'wallet_grantPermissions', params: [] })).rejects.toThrow(
      /not supported for an eoa/,
    )
    await expect(
      call('request', { method: 'eth_getUserOperationReceipt', params: ['0x00'] }),
    ).rejects.toThrow(/not supported for an eoa/)
    expect(await call('request', { method: 'eth_chainId' })).toBe(`0x${evm.chainId.toString(16)}`)

    await start('hidden', 'request', { method: 'personal_sign', params: ['0x01', evmAddress] })
    await frame().getByTestId('lk-approval').waitFor()
    await page().evaluate(() => {
      ;(document.querySelector('iframe') as HTMLIFrameElement).style.opacity = '0'
    })
    await page().waitForTimeout(1_000)
    const box = await frame().getByTestId('lk-approve').boundingBox()
    if (!box) throw new Error('no approve button')
    await page().mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page().waitForTimeout(500)
    expect(await stateOf('hidden')).toBe('pending')
    await page().evaluate(() => {
      ;(document.querySelector('iframe') as HTMLIFrameElement).style.opacity = '1'
    })
    // Covered by a transparent element of the page: the click lands on the page, and the frame would not count it.
    await page().evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.style.cssText = 'position:fixed;inset:0;background:transparent;z-index:10'
      document.body.append(cover)
    })
    await page().waitForTimeout(1_000)
    await page().mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page().waitForTimeout(500)
    expect(await stateOf('hidden')).toBe('pending')
    await page().evaluate(() => document.getElementById('cover')?.remove())
    await decide('lk-reject')
    await expect.poll(() => stateOf('hidden')).toEqual({ error: 'User rejected the request.', code: 4001 })
  })

  test('a reload of the frame keeps its session (a partitioned cookie of the frame origin)', async () => {
    const readies = await page().evaluate(() => (window as unknown as PageWindow).readyCount)
    await call('reload')
    await page().waitForFunction((count) => (window as unknown as PageWindow).readyCount > count, readies)
    expect(await call('isConnected')).toEqual({ isConnected: true })
    // The host page cannot read it: the frame's storage is another site's.
    expect(await page().evaluate(() => document.cookie)).toBe('')
  })

  test('the email update takes a code to the current address, then one to the new address', async () => {
    // The login code went to this address moments ago: one code per address per 30 s, said in seconds.
    const early = await call('updateEmail', { email: newEmail }).catch((error: Error) => error.message)
    const wait = /Please try again after (\d+) seconds?/.exec(String(early))
    if (wait) await page().waitForTimeout(Number(wait[1]) * 1_000 + 250)
    else expect(early).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    if (wait) expect(await call('updateEmail', { email: newEmail })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await call('updateEmailPrimaryOtp', { otp: await codeFor(email, 2) })
    expect(await call('updateEmailSecondaryOtp', { otp: await codeFor(newEmail, 1) })).toEqual({ newEmail })
    expect(((await call('getUser', {})) as { email: string }).email).toBe(newEmail)
  }, 60_000)

  test('sign out ends the session', async () => {
    await call('signOut')
    expect(await call('isConnected')).toEqual({ isConnected: false })
    await expect(call('getUser', {})).rejects.toThrow(/log in with your email/)
  })
})
