// What the lab's embedded-wallet tests share: a lab served for a project that allows its origin, pages opened in it,
// the email login through the mail sink, the page's list of embedded events, the visitor's decision on the secure
// frame's approval card (taken as a person takes it), and a wallet request run in the page through the kit.
import { waitForCode } from '@latchkey/mail-sink/client'
import { createTestClient, type Hex, http } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, expect } from 'vitest'
import type { LabPage, RunningLab } from '../src/index.js'
import {
  type ChunkedFeature,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const run = Date.now().toString(36)
/**
 * A fresh address per scenario: the auth service keeps its users for the whole run and sends one code per address
 * each 30 s. The names are shared by every file of the run: each file picks its own.
 */
export const emailFor = (name: string) => `${name}-${run}@lab.example`

/** Sets the origins the services stand-in allows for `projectId` (email login works only there). */
export async function setOrigins(projectId: string, allowedOrigins: string[]): Promise<void> {
  const response = await fetch(`${stack().services.url}/__control/project?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins }),
  })
  expect(response.status).toBe(200)
}

type ServedLab = Awaited<ReturnType<typeof serveLab>>

export interface EmbeddedLab {
  /** The lab the file serves (its browser, its build, `serveAgain`); read it inside tests, not at import. */
  readonly served: ServedLab
  /**
   * Opens a lab page in a fresh context (a test wallet with a fresh key) for `project` (the file's by default) on
   * `lab` (the file's by default); `clock` puts the page's clock under the test's control; `query` adds to the page's
   * query (e.g. `siwx=required`).
   */
  open(
    page: LabPage,
    options?: { project?: string; lab?: RunningLab; clock?: boolean; query?: string },
  ): Promise<LabPageHandle>
}

/**
 * Serves the lab once for the calling file (one browser for the whole file) with `project` allowing its origin, and
 * at the file's end checks every page it opened (no outside request, no page error, no chunk but those of `opened`,
 * the email login's by default) before closing them.
 */
export function embeddedLab(project: string, opened: readonly ChunkedFeature[] = ['email']): EmbeddedLab {
  let served: ServedLab | undefined
  const handles: LabPageHandle[] = []
  const current = (): ServedLab => {
    if (!served) throw new Error('The lab is not served yet (read it inside a test)')
    return served
  }

  beforeAll(async () => {
    served = await serveLab()
    await setOrigins(project, [served.lab.url])
  }, 120_000)

  afterAll(async () => {
    try {
      for (const handle of handles) expectClean(handle, current().featureChunks, opened)
    } finally {
      await Promise.all(handles.map((handle) => handle.context.close().catch(() => undefined)))
      await served?.stop()
    }
  })

  return {
    get served() {
      return current()
    },
    async open(page, options = {}) {
      const lab = current()
      const handle = await openLabPage(lab.browser, options.lab ?? lab.lab, {
        page,
        key: generatePrivateKey(),
        query: `?projectId=${options.project ?? project}${options.query ? `&${options.query}` : ''}`,
        ...(options.clock ? { clock: true } : {}),
      })
      handles.push(handle)
      return handle
    },
  }
}

/** The modal's email field: the address typed and sent; resolves once the code view shows. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
}

/** Types the code into the code view; the view submits by itself on the sixth digit. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('otp-input').fill(code)
}

/** Logs `email` in on `page` with the newest code the sink has for it (after `count` messages). */
export async function logIn(page: Page, email: string, count = 1): Promise<void> {
  await submitEmail(page, email)
  await page.getByTestId('otp-input').waitFor()
  await enterCode(page, await waitForCode(stack().mail.url, email, { count }))
  await page.getByTestId('modal').waitFor({ state: 'detached' })
  await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
}

/** The embedded events the page listed, as `REQUEST phase`. */
export async function events(page: Page): Promise<string[]> {
  return page
    .getByTestId('lab-embedded-events')
    .locator('li')
    .evaluateAll((items) => items.map((li) => `${li.dataset.request} ${li.dataset.phase}`))
}

/** The secure frame's elements on the page (hidden until an approval): the stack's frame, or the one at `url`. */
export const frameElements = (page: Page, url = stack().frame.url) =>
  page.locator(`iframe[src^="${url}"]`).count()

/** The stack's secure frame on the page: the element, and its document. */
const secureFrame = (page: Page) => page.locator(`iframe[src^="${stack().frame.url}"]`)
const inFrame = (page: Page) => page.frameLocator(`iframe[src^="${stack().frame.url}"]`)

/** The approval card inside the secure frame (what the visitor reads before deciding). */
export const approvalCard = (page: Page) => inFrame(page).getByTestId('lk-approval')

/**
 * Waits for the modal's ApproveTransaction view and the frame's card in it, then presses `button` as a person: the
 * pointer moved onto it, resting there 700 ms (the frame's guard takes a press only once the card has been visible
 * and the pointer inside the frame a while), then the click.
 */
async function decideInFrame(page: Page, button: 'lk-approve' | 'lk-reject'): Promise<void> {
  await page.getByTestId('approve-transaction').waitFor()
  await approvalCard(page).waitFor()
  const box = await inFrame(page).getByTestId(button).boundingBox()
  if (!box) throw new Error(`The approval card has no ${button} button`)
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x + 4, y + 2, { steps: 3 })
  await page.mouse.move(x, y, { steps: 2 })
  await page.waitForTimeout(700)
  await page.mouse.click(x, y)
}

/** Approves the request the secure frame shows (see {@link decideInFrame}). */
export const approveInFrame = (page: Page) => decideInFrame(page, 'lk-approve')

/** Rejects the request the secure frame shows (see {@link decideInFrame}). */
export const rejectInFrame = (page: Page) => decideInFrame(page, 'lk-reject')

/** The modal that opened for an approval is gone again, and the secure frame hidden. */
export async function expectApprovalClosed(page: Page): Promise<void> {
  await page.getByTestId('modal').waitFor({ state: 'detached' })
  expect(await secureFrame(page).isVisible()).toBe(false)
}

/**
 * Runs `provider.request({ method, params })` in the page on the kit's wallet provider for `namespace`
 * (`window.labKit.getWalletProvider`) and resolves with its result, or with the `{ code, message }` of its error.
 * Start it without awaiting when the request waits for an approval, decide in the frame, then await it.
 */
export function walletRequest(
  page: Page,
  namespace: 'eip155' | 'solana',
  method: string,
  params: unknown,
): Promise<unknown> {
  return page.evaluate(
    async (args) => {
      const provider = window.labKit?.getWalletProvider(args.namespace) as
        | { request(request: { method: string; params?: unknown }): Promise<unknown> }
        | undefined
      if (!provider) throw new Error(`The page's kit has no ${args.namespace} wallet provider`)
      try {
        return await provider.request({ method: args.method, params: args.params })
      } catch (error) {
        const { code, message } = error as { code?: unknown; message?: unknown }
        return { code, message }
      }
    },
    { namespace, method, params },
  )
}

/** Gives `address` `wei` on the local chain `chainId`, on the node itself (anvil_setBalance). */
export async function fundEvm(chainId: number, address: Hex, wei: bigint): Promise<void> {
  const chain = stack().evm.chains.find((each) => each.chainId === chainId)
  if (!chain) throw new Error(`no local chain ${chainId}`)
  const node = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl, { retryCount: 0 }) })
  await node.setBalance({ address, value: wei })
}
