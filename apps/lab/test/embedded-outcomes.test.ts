// How the embedded wallet's approvals end, end to end in Chromium against the local stack (issue 28): a send from the
// Send view rejected in the frame (back to the preview, the error said), cancelled from the approval (back to it
// again) and then approved (the balance read again, back to Account, the receiver paid on the chain); the visitor going
// back from the approval (the request aborted, the frame free for the next one); the 100th pending request refused and
// closing the modal rejecting the 99 others; sign-in with the embedded account, the modal not closable on the approval
// while sign-in is required.
import { waitForCode } from '@latchkey/mail-sink/client'
import { type Hex, parseEther, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  approvalCard,
  approveInFrame,
  emailFor,
  embeddedLab,
  enterCode,
  expectApprovalClosed,
  fundEvm,
  logIn,
  rejectInFrame,
  submitEmail,
  walletRequest,
} from './embedded-support.js'
import { chainClient, type Page, stack, textOf } from './support.js'

const lab = embeddedLab('lab-embedded-outcomes', ['email', 'send'])

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const view = (page: Page) => page.getByTestId('modal').getAttribute('data-view')

describe('/wagmi: how an approval ends (SPEC §2, §4)', () => {
  let page: Page
  let address: Hex
  let chainId: number

  it("[§2.17] [§4.26] [§4.27] [§4.28] a send from the Send view: rejected in the frame, back to the preview with 'Signature declined'; cancelled, back to it again; approved, the balance read again and back to Account, the receiver paid", async () => {
    ;({ page } = await lab.open('wagmi'))
    page.setDefaultTimeout(15_000)
    await logIn(page, emailFor('outcomes-wagmi'))
    address = (await textOf(page, 'lab-address')) as Hex
    chainId = Number(await textOf(page, 'lab-chain'))
    await fundEvm(chainId, address, parseEther('1'))
    await page.evaluate(() => window.labKit?.refreshBalance())
    await page.getByTestId('account-button').click()
    await expect.poll(() => textOf(page, 'account-balance')).toMatch(/^1(\.0+)? ETH$/)
    await page.getByTestId('account-token').first().waitFor()
    await page.getByTestId('account-send').click()
    const to = freshAddress()
    await page.getByTestId('send-amount').fill('0.01')
    await page.getByTestId('send-receiver').fill(to)
    await page.getByTestId('send-review').click()
    await expect.poll(() => textOf(page, 'send-preview-fee')).toMatch(/\d/)
    await page.getByTestId('send-confirm').click()
    // The send waits on the transaction stack: its approval is the frame's card on ApproveTransaction.
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await rejectInFrame(page)
    await expect.poll(() => view(page)).toBe('WalletSendPreview')
    await expect.poll(() => textOf(page, 'send-error')).toContain('Signature declined')
    expect(await chainClient(chainId).getBalance({ address: to })).toBe(0n)
    // Again, and the visitor goes back from the approval: the stack popped with 'cancel', back to the preview.
    await page.getByTestId('send-confirm').click()
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await approvalCard(page).waitFor()
    await page.getByTestId('modal-back').click()
    await expect.poll(() => view(page)).toBe('WalletSendPreview')
    await expect.poll(() => textOf(page, 'send-error')).toContain('Request was aborted')
    expect(await chainClient(chainId).getBalance({ address: to })).toBe(0n)
    // Again, approved: the modal stays open and returns to Account once the balance was read again.
    await page.getByTestId('send-confirm').click()
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await approveInFrame(page)
    await expect.poll(() => view(page)).toBe('Account')
    await expect.poll(() => textOf(page, 'snackbar')).toContain('Sent 0.01 ETH')
    expect(await chainClient(chainId).getBalance({ address: to })).toBe(parseEther('0.01'))
    const shown = Number.parseFloat(await textOf(page, 'account-balance'))
    expect(shown).toBeLessThan(0.991)
    expect(shown).toBeGreaterThan(0.98)
    expect(await page.locator(`iframe[src^="${stack().frame.url}"]`).isVisible()).toBe(false)
  }, 90_000)

  it('[§4.25] [§4.28] back from ApproveTransaction cancels: the request aborted, the modal back on Account with focus in it; the frame takes the next request at once', async () => {
    expect(await view(page)).toBe('Account')
    const cancelled = walletRequest(page, 'eip155', 'personal_sign', [toHex('to be cancelled'), address])
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await approvalCard(page).waitFor()
    // Focus went into the frame with the approval.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    await page.getByTestId('modal-back').click()
    expect(await cancelled).toEqual({ code: expect.any(Number), message: 'Request was aborted' })
    await expect.poll(() => view(page)).toBe('Account')
    expect(await page.locator(`iframe[src^="${stack().frame.url}"]`).isVisible()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME')
    // The frame dropped the cancelled approval: the next request's card is the one shown.
    const signing = walletRequest(page, 'eip155', 'personal_sign', [toHex('after the cancel'), address])
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await expect.poll(() => approvalCard(page).textContent()).toContain('after the cancel')
    await approveInFrame(page)
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address, message: 'after the cancel', signature })).toBe(true)
    await expect.poll(() => view(page)).toBe('Account')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('[§9.5] [§2.23] the 100th pending request is refused; closing the modal rejects the 99 others, and the frame is free again', async () => {
    const outcome = await page.evaluate(
      async ({ from }) => {
        const provider = window.labKit?.getWalletProvider('eip155') as {
          request(args: { method: string; params: unknown[] }): Promise<unknown>
        }
        const ask = (text: string) =>
          provider
            .request({
              method: 'personal_sign',
              params: [`0x${[...text].map((c) => c.charCodeAt(0).toString(16)).join('')}`, from],
            })
            .then(
              () => 'answered',
              (error: { code?: number; message?: string }) => `${error.code} ${error.message}`,
            )
        const waiting = Array.from({ length: 99 }, (_, index) => ask(`pending ${index}`))
        const refused = await ask('the 100th')
        const w = window as unknown as { labWaiting?: Promise<string[]> }
        w.labWaiting = Promise.all(waiting)
        return refused
      },
      { from: address },
    )
    expect(outcome).toBe('-32005 Too many pending requests: at most 99 wait for the embedded wallet at once')
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await expect.poll(() => approvalCard(page).textContent()).toContain('pending 0')
    // The modal's close button (Escape would reach the frame, which has focus, and reject the card shown).
    await page.getByTestId('modal-close').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    const settled = await page.evaluate(
      () => (window as unknown as { labWaiting: Promise<string[]> }).labWaiting,
    )
    expect(settled).toHaveLength(99)
    expect(new Set(settled)).toEqual(new Set([expect.stringMatching(/ Request was aborted$/)]))
    // The frame dropped the 99 (shown and queued): a new request is the one it shows.
    const signing = walletRequest(page, 'eip155', 'personal_sign', [toHex('after the 99'), address])
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await expect.poll(() => approvalCard(page).textContent()).toContain('after the 99')
    await approveInFrame(page)
    expect(await verifyMessage({ address, message: 'after the 99', signature: (await signing) as Hex })).toBe(
      true,
    )
    await expectApprovalClosed(page)
  })
})

describe('/ethers5?siwx=required: sign-in with the embedded account (SPEC §2, §4)', () => {
  it('[§2.14] [§2.16] SIWXSignMessage after the login; its signature asked on ApproveTransaction, where the modal cannot close; approved, signed in', async () => {
    const { page } = await lab.open('ethers5', { query: 'siwx=required' })
    page.setDefaultTimeout(15_000)
    const email = emailFor('outcomes-siwx')
    await submitEmail(page, email)
    await page.getByTestId('otp-input').waitFor()
    await enterCode(page, await waitForCode(stack().mail.url, email))
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    await page.getByTestId('siwx-sign').click()
    await expect.poll(() => view(page)).toBe('ApproveTransaction')
    await approvalCard(page).waitFor()
    // Sign-in is required and no session exists: the close button and a press on the backdrop leave the modal there.
    await page.getByTestId('modal-close').click()
    await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } })
    // The kit's own close answers whether it closed: it refuses too.
    expect(await page.evaluate(() => window.labKit?.close())).toBe(false)
    expect(await view(page)).toBe('ApproveTransaction')
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    await approveInFrame(page)
    await expect.poll(() => textOf(page, 'lab-siwx')).toBe('signed-in')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    expect(await textOf(page, 'lab-status')).toBe('connected')
  })
})
