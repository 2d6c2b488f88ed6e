// Email login on the lab's pages, end to end in Chromium against the local stack's secure frame, auth service and mail
// sink (issue 27): an email, the code from the sink, and an account on eip155 and solana; the reload that restores it;
// sign out; a second browser that approves itself from the email and gets the same addresses; a wrong code and the
// cooldown; the email update's two codes; the theme reaching the frame; every step reported through subscribeEvents.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AuthServer, type StartAuthOptions, startAuthServer } from '@latchkey/auth'
import { pickFreePort } from '@latchkey/local-ports'
import { messagesTo, waitForCode, waitForMail } from '@latchkey/mail-sink/client'
import { startSecureFrame } from '@latchkey/secure-frame'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import {
  approvalCard,
  approveInFrame,
  emailFor,
  embeddedLab,
  enterCode,
  events,
  frameElements,
  logIn,
  setOrigins,
  submitEmail,
  walletRequest,
} from './embedded-support.js'
import { type LabPageHandle, stack, textOf } from './support.js'

const PROJECT = 'lab-email-login'
// One lab and one browser for the file; every page it opens is checked clean and closed at the end.
const lab = embeddedLab(PROJECT)
const open = lab.open

/** Waits until `ms` have passed since `since` (the auth service sends one code per address each 30 s). */
const waitSince = (since: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())))
const CODE_INTERVAL_MS = 31_000

// One sequence: the scenarios that must wait out the auth service's 30 s per address run last, when the time has
// mostly passed in the others.
describe('email login (SPEC §4, §5)', () => {
  const wagmiEmail = emailFor('wagmi')
  const multichainEmail = emailFor('multichain')
  let wagmi: LabPageHandle
  let wagmiAt = 0
  let multichain: { at: number; evm: string; solana: string }

  it('[§4.21] [§4.29] /wagmi: an email, the code from the mail sink, connected on eip155; the frame hidden; each step reported', async () => {
    wagmi = await open('wagmi')
    const { page } = wagmi
    // [§4.22] A first visit creates no frame until the visitor needs it.
    expect(await frameElements(page)).toBe(0)
    await logIn(page, wagmiEmail)
    wagmiAt = Date.now()
    expect(await textOf(page, 'lab-address')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await textOf(page, 'lab-wagmi-status')).toMatch(/^connected · chain \d+$/)
    const seen = await events(page)
    for (const step of ['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER', 'SYNC_THEME', 'SYNC_DAPP_DATA'])
      expect(seen, step).toEqual(expect.arrayContaining([`${step} request`, `${step} success`]))
    expect(await frameElements(page)).toBe(1)
    expect(await page.locator('iframe').first().isVisible()).toBe(false)
  })

  it('[§4.7] [§4.22] a reload: the frame is created at once and the account restored without a code', async () => {
    const { page } = wagmi
    const address = await textOf(page, 'lab-address')
    const mails = (await waitForMail(stack().mail.url, wagmiEmail)).id
    await page.reload()
    await expect.poll(() => frameElements(page)).toBe(1)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(address)
    expect((await waitForMail(stack().mail.url, wagmiEmail)).id).toBe(mails)
    expect(await events(page)).toEqual(expect.arrayContaining(['GET_USER success']))
  })

  it('a theme change reaches the frame', async () => {
    const { page } = wagmi
    const synced = async () => (await events(page)).filter((event) => event === 'SYNC_THEME success').length
    const before = await synced()
    await page.getByTestId('lab-theme').click()
    await expect.poll(synced).toBe(before + 1)
  })

  it("[§2.18] a signature: the modal opens on ApproveTransaction with the frame's own card; approved there, it verifies", async () => {
    const { page } = wagmi
    const address = (await textOf(page, 'lab-address')) as `0x${string}`
    await page.getByTestId('lab-sign').click()
    await page.getByTestId('approve-transaction').waitFor()
    await approvalCard(page).waitFor()
    expect(await approvalCard(page).textContent()).toContain(LAB_SIGN_MESSAGE)
    // As a person: the pointer onto Approve, resting there while the card has been visible long enough.
    await approveInFrame(page)
    await expect.poll(() => textOf(page, 'lab-result')).toMatch(/0x[0-9a-f]{130}/)
    const signature = /0x[0-9a-f]{130}/.exec(await textOf(page, 'lab-result'))?.[0] as `0x${string}`
    expect(await verifyMessage({ address, message: LAB_SIGN_MESSAGE, signature })).toBe(true)
    // The modal opened for the approval closes with it; the frame is hidden again.
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    expect(await page.locator('iframe').first().isVisible()).toBe(false)
  })

  it('[§2.18] a request while the modal shows Account: redirected to ApproveTransaction, then back to Account once approved', async () => {
    const { page } = wagmi
    const address = (await textOf(page, 'lab-address')) as `0x${string}`
    await page.getByTestId('account-button').click()
    await page.getByTestId('modal-title').filter({ hasText: 'Account' }).waitFor()
    const signing = walletRequest(page, 'eip155', 'personal_sign', ['0x6869', address])
    await page.getByTestId('approve-transaction').waitFor()
    await approveInFrame(page)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true)
    // The modal was open before the request: it goes back to Account instead of closing.
    await expect.poll(() => textOf(page, 'modal-title')).toBe('Account')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it("[§4.24] [§6.8] a method outside the lists: refused before it leaves the page, the modal opens with 'Action not allowed'", async () => {
    const { page } = wagmi
    const outcome = await page.evaluate(async () => {
      const provider = window.labKit?.getWalletProvider('eip155') as
        | { request(args: { method: string; params: unknown[] }): Promise<unknown> }
        | undefined
      try {
        await provider?.request({
          method: 'eth_sign',
          params: ['0x0000000000000000000000000000000000000001', '0x00'],
        })
        return 'answered'
      } catch (error) {
        return `${(error as { code?: number }).code} ${(error as Error).message}`
      }
    })
    expect(outcome).toBe('4200 Requested RPC call is not allowed')
    await page.getByTestId('modal').waitFor()
    await expect.poll(() => page.getByTestId('alert').textContent()).toContain('Action not allowed')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('[§4.15] a network switch goes through the frame; the account stays', async () => {
    const { page } = wagmi
    const address = await textOf(page, 'lab-address')
    const [, second] = stack().evm.chains
    if (!second) throw new Error('the stack has one EVM chain')
    await page.getByTestId(`lab-switch-${second.chainId}`).click()
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(String(second.chainId))
    expect(await textOf(page, 'lab-address')).toBe(address)
    expect(await textOf(page, 'lab-wagmi-status')).toBe(`connected · chain ${second.chainId}`)
    expect(await events(page)).toEqual(expect.arrayContaining(['SWITCH_NETWORK success']))
  })

  it("/solana: connected with the account's Solana address", async () => {
    const { page } = await open('solana')
    await logIn(page, emailFor('solana'))
    expect(await textOf(page, 'lab-address')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('/multichain: one login connects eip155 and solana', async () => {
    const { page } = await open('multichain')
    await logIn(page, multichainEmail)
    const at = Date.now()
    await expect.poll(() => textOf(page, 'lab-address-solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const evm = await textOf(page, 'lab-address-eip155')
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
    multichain = { at, evm, solana: await textOf(page, 'lab-address-solana') }
  })

  it('[§4.30] [§5.1] [§9.1] a wrong code says so and keeps the view; the email again within 30 s gets the cooldown message', async () => {
    const email = emailFor('wrong')
    const { page } = await open('wagmi')
    await submitEmail(page, email)
    const code = await waitForCode(stack().mail.url, email)
    await enterCode(page, code === '000000' ? '111111' : '000000')
    await expect.poll(() => textOf(page, 'otp-error')).not.toBe('')
    expect(await page.getByTestId('otp-input').inputValue()).toBe('')
    expect(await events(page)).toEqual(expect.arrayContaining(['CONNECT_OTP error']))
    // Back to the email field and the same address again: the kit's 30 s rule answers before any request.
    await page.getByTestId('modal-back').click()
    await page.getByTestId('email-input').fill(email)
    await page.getByTestId('email-submit').click()
    await expect.poll(() => textOf(page, 'email-error')).toMatch(/^Please try again after (2\d|30) seconds$/)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
  })

  it('a page origin the project does not allow: the invalid-app-configuration alert, no email field, no frame', async () => {
    const project = 'lab-email-foreign'
    await setOrigins(project, ['https://somewhere.example'])
    const { page } = await open('wagmi', { project })
    await page.getByTestId('connect-button').click()
    await expect.poll(() => page.getByTestId('alert').textContent()).toContain('Invalid App Configuration')
    expect(await page.getByTestId('email-input').count()).toBe(0)
    expect(await frameElements(page)).toBe(0)
  })

  it('[§4.30] the email update: a code to the current address, one to the new, the new email shown', async () => {
    const { page } = wagmi
    const next = emailFor('wagmi-new')
    await waitSince(wagmiAt, CODE_INTERVAL_MS)
    const before = await messagesTo(stack().mail.url, wagmiEmail)
    await page.getByTestId('account-button').click()
    await expect.poll(() => textOf(page, 'account-email')).toBe(wagmiEmail)
    await page.getByTestId('update-email').click()
    await page.getByTestId('update-email-input').fill(next)
    await page.getByTestId('update-email-submit').click()
    await enterCode(page, await waitForCode(stack().mail.url, wagmiEmail, { count: before.length + 1 }))
    await enterCode(page, await waitForCode(stack().mail.url, next))
    await expect.poll(() => textOf(page, 'account-email')).toBe(next)
    expect(await events(page)).toEqual(
      expect.arrayContaining([
        'UPDATE_EMAIL success',
        'UPDATE_EMAIL_PRIMARY_OTP success',
        'UPDATE_EMAIL_SECONDARY_OTP success',
      ]),
    )
  }, 60_000)

  it('sign out: disconnected, and a reload stays so with no frame', async () => {
    const { page } = wagmi
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('lab-disconnect').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    expect(await events(page)).toEqual(expect.arrayContaining(['SIGN_OUT request', 'SIGN_OUT success']))
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    // The disconnect cleared the login cache: email login is no longer marked used, so no frame until needed.
    expect(await frameElements(page)).toBe(0)
  })

  it('[§4.30] /multichain in a second browser: approved from the email, then the same addresses', async () => {
    // Another browser (a fresh context: no device id) must approve itself from the email first.
    const second = await open('multichain')
    await waitSince(multichain.at, CODE_INTERVAL_MS)
    await submitEmail(second.page, multichainEmail)
    const approval = await waitForMail(stack().mail.url, multichainEmail, { count: 2 })
    const link = /https?:\/\/\S+\/v1\/device\/approve\?token=\S+/.exec(approval.text)?.[0]
    if (!link) throw new Error(`no approval link in: ${approval.text}`)
    // The visitor opens the link (in that browser, as from a mail client) and approves.
    const tab = await second.context.newPage()
    await tab.goto(link)
    await tab.getByRole('button', { name: 'Approve the browser' }).click()
    await tab.getByText('Device approved').waitFor()
    await tab.close()
    await second.page.getByTestId('otp-input').waitFor()
    await enterCode(second.page, await waitForCode(stack().mail.url, multichainEmail, { count: 3 }))
    await second.page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(second.page, 'lab-address-eip155')).toBe(multichain.evm)
    await expect.poll(() => textOf(second.page, 'lab-address-solana')).toBe(multichain.solana)
    expect(await events(second.page)).toEqual(
      expect.arrayContaining(['CONNECT_DEVICE request', 'CONNECT_DEVICE success']),
    )
  }, 60_000)
})

describe('when a part of the embedded wallet fails', () => {
  const FAULTS = 'lab-email-faults'

  it("[§8.3] [§9.28] the frame's port closed: after 20 s (the page's clock moved on) 'iframe_load_failed', its alert and toast, no frame left", async () => {
    const closed = `http://localhost:${await pickFreePort()}/frame.html`
    const other = await lab.served.serveAgain({ ...stack(), frame: { url: closed } })
    await setOrigins(FAULTS, [other.url])
    const { page } = await open('wagmi', { project: FAULTS, lab: other, clock: true })
    await submitEmail(page, emailFor('closed'))
    await expect.poll(() => frameElements(page, closed)).toBe(1)
    await page.clock.fastForward(20_000)
    await expect.poll(() => textOf(page, 'email-error')).toBe('iframe_load_failed')
    await expect
      .poll(() => page.getByTestId('alert').textContent())
      .toContain('Network Error - Could not load embedded wallet')
    await expect
      .poll(() => page.getByTestId('snackbar').textContent())
      .toContain('A problem occurred while trying initialize authentication')
    expect(await frameElements(page, closed)).toBe(0)
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
  })

  it("[§8.3] the embedded wallet's chunk does not load: 'Unable to load email login dependency' and the toast", async () => {
    const { page } = await open('wagmi')
    const chunks = lab.served.featureChunks.email
    await page.route(
      (url) => chunks.includes(url.pathname),
      (route) => route.abort('connectionrefused'),
    )
    await submitEmail(page, emailFor('no-chunk'))
    await expect.poll(() => textOf(page, 'email-error')).toBe('Unable to load email login dependency')
    await expect
      .poll(() => page.getByTestId('snackbar').textContent())
      .toContain('A problem occurred while trying initialize authentication')
    expect(await frameElements(page)).toBe(0)
  })

  it('the auth service restarted mid-session loses nothing: the reload after it restores the same account', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-lab-auth-'))
    const framePort = await pickFreePort()
    const options: StartAuthOptions = {
      port: await pickFreePort(),
      env: {},
      mode: 'development',
      database: { dataDir },
      kek: new Uint8Array(randomBytes(32)),
      frameOrigin: `http://localhost:${framePort}`,
      providerApiUrl: stack().services.url,
      smtp: {
        host: stack().mail.smtpHost,
        port: stack().mail.smtpPort,
        ignoreTLS: true,
        from: 'Lab <login@lab.localhost>',
      },
    }
    let auth: AuthServer = await startAuthServer(options)
    const frame = await startSecureFrame({
      port: framePort,
      authUrl: auth.url,
      networks: stack().evm.chains.map((chain) => ({
        caipNetworkId: `eip155:${chain.chainId}`,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        nativeSymbol: 'ETH',
        nativeDecimals: 18,
      })),
    })
    try {
      const other = await lab.served.serveAgain({ ...stack(), frame: { url: `${frame.origin}/frame.html` } })
      const project = 'lab-email-restart'
      await setOrigins(project, [other.url])
      const { page } = await open('wagmi', { project, lab: other })
      const email = emailFor('restart')
      await logIn(page, email)
      const address = await textOf(page, 'lab-address')
      await auth.stop()
      auth = await startAuthServer(options)
      await page.reload()
      await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
      expect(await textOf(page, 'lab-address')).toBe(address)
      // One code only: the restored session needed none.
      expect(await messagesTo(stack().mail.url, email)).toHaveLength(1)
    } finally {
      await frame.stop()
      await auth.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
