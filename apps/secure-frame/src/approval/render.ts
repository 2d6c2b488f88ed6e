/**
 * The approval card, built with `document.createElement` and `textContent` only: nothing of the request, the dApp or
 * the theme is ever parsed as markup. The stylesheet is fixed text, added once to `document.head`; the theme picks a
 * class, and theme variables are set one by one with `style.setProperty` after a strict check.
 */
import { type ApprovalSummary, capText, MAX_LABEL_CHARS } from './model.js'

/** The dApp as the frame knows it (its name, page URL and icon). */
export interface ApprovalDapp {
  name?: string
  url?: string
  icon?: string
}

export interface ApprovalView {
  summary: ApprovalSummary
  dapp: ApprovalDapp
  theme: 'light' | 'dark'
  themeVariables?: Record<string, string | number>
}

export interface ApprovalElements {
  container: HTMLElement
  approve: HTMLButtonElement
  reject: HTMLButtonElement
  destroy(): void
}

const STYLE_ID = 'lk-approval-style'

/** The card's stylesheet: fixed text, never built from data (so a CSP hash of it stays valid). */
const APPROVAL_CSS = `
.lk-approval { box-sizing: border-box; position: fixed; inset: 0; z-index: 2147483647; display: flex;
  flex-direction: column; margin: 0; padding: 0; overflow: hidden; text-align: left;
  font-family: var(--lk-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  font-size: 14px; line-height: 1.4; background-color: var(--lk-approval-bg); color: var(--lk-approval-fg);
  --lk-approval-accent: var(--lk-accent, hsla(231, 100%, 64%, 1)); }
.lk-approval.lk-theme-light { --lk-approval-bg: #ffffff; --lk-approval-fg: #141414; --lk-approval-muted: #5c6066;
  --lk-approval-surface: #f3f4f6; --lk-approval-line: #dcdee2; --lk-approval-warn-bg: #fff1e6;
  --lk-approval-warn-fg: #8a3000; --lk-approval-warn-line: #e0761f; }
.lk-approval.lk-theme-dark { --lk-approval-bg: #141515; --lk-approval-fg: #f1f2f3; --lk-approval-muted: #a6a9ae;
  --lk-approval-surface: #1f2121; --lk-approval-line: #34373a; --lk-approval-warn-bg: #3a2210;
  --lk-approval-warn-fg: #ffc79a; --lk-approval-warn-line: #e0761f; }
.lk-approval *, .lk-approval *::before, .lk-approval *::after { box-sizing: border-box; }
.lk-approval-header { display: flex; align-items: center; gap: 10px; padding: 12px 14px;
  border-bottom: 1px solid var(--lk-approval-line); }
.lk-approval-icon { flex: none; width: 32px; height: 32px; border-radius: 8px; object-fit: cover; }
.lk-approval-dapp { min-width: 0; display: flex; flex-direction: column; }
.lk-approval-dapp-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-approval-dapp-origin { color: var(--lk-approval-muted); font-size: 12px; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.lk-approval-body { flex: 1 1 auto; min-height: 0; overflow-y: auto; padding: 12px 14px; }
.lk-approval-title { margin: 0 0 10px; font-size: 18px; font-weight: 600; }
.lk-approval-warnings { margin: 0 0 12px; padding: 8px 10px 8px 12px; border-radius: 8px;
  background-color: var(--lk-approval-warn-bg); color: var(--lk-approval-warn-fg);
  border-left: 4px solid var(--lk-approval-warn-line); font-weight: 600; }
.lk-approval-warnings ul { margin: 0; padding-left: 16px; }
.lk-approval-warnings li { overflow-wrap: anywhere; white-space: pre-wrap; }
.lk-approval-section { margin: 0 0 12px; padding: 8px 10px; border-radius: 8px;
  background-color: var(--lk-approval-surface); }
.lk-approval-section h2 { margin: 0 0 6px; font-size: 12px; font-weight: 600; text-transform: uppercase;
  letter-spacing: 0.03em; color: var(--lk-approval-muted); overflow-wrap: anywhere; }
.lk-approval-section dl { margin: 0; }
.lk-approval-row { padding: 4px 0; border-top: 1px solid var(--lk-approval-line); }
.lk-approval-row:first-child { border-top: 0; }
.lk-approval-row dt { color: var(--lk-approval-muted); font-size: 12px; overflow-wrap: anywhere; }
.lk-approval-row dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.lk-approval-row dd.lk-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.lk-approval-actions { flex: none; display: flex; gap: 10px; padding: 12px 14px 6px;
  border-top: 1px solid var(--lk-approval-line); }
.lk-approval-actions button { flex: 1 1 0; min-height: 44px; padding: 0 12px; border-radius: 10px; font: inherit;
  font-weight: 600; cursor: pointer; }
.lk-approval-reject { background-color: var(--lk-approval-surface); color: var(--lk-approval-fg);
  border: 2px solid var(--lk-approval-line); }
.lk-approval-approve { background-color: var(--lk-approval-accent); color: #ffffff;
  border: 2px solid var(--lk-approval-fg); }
.lk-approval-approve[aria-disabled='true'] { opacity: 0.6; cursor: not-allowed; }
.lk-approval-actions button:focus-visible { outline: 3px solid var(--lk-approval-accent); outline-offset: 2px; }
.lk-approval-hint { flex: none; min-height: 22px; margin: 0; padding: 0 14px 8px; font-size: 12px;
  color: var(--lk-approval-muted); text-align: center; }
`

const THEME_KEY = /^--lk-[a-z0-9-]{1,40}$/
const MAX_THEME_VALUE = 200
/** Values that could end a declaration, open a block or a tag, escape a character or fetch something. */
const UNSAFE_THEME_VALUE = /[;{}<>\\]|url\s*\(|image\s*\(|image-set\s*\(|src\s*\(|expression\s*\(/i

/** Whether a theme variable may be set: a `--lk-` name and a short value that cannot break out of it. */
function acceptedThemeVariable(key: string, value: unknown): string | undefined {
  if (!THEME_KEY.test(key)) return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (typeof value !== 'string' || value.length > MAX_THEME_VALUE || UNSAFE_THEME_VALUE.test(value))
    return undefined
  return value
}

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/
const MAX_ICON_CHARS = 100_000

/** The icon's URL when it may be shown: https, or a base64 data URL of a raster image; else undefined. */
function acceptedIcon(icon: string | undefined): string | undefined {
  if (typeof icon !== 'string' || icon.length > MAX_ICON_CHARS) return undefined
  if (DATA_IMAGE.test(icon)) return icon
  try {
    const url = new URL(icon)
    return url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The origin of the dApp's URL (http or https), else undefined. */
function originOf(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  if (className) made.className = className
  if (text !== undefined) made.textContent = text
  return made
}

function addStylesheet(): void {
  if (document.getElementById(STYLE_ID)) return
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = APPROVAL_CSS
  document.head.append(style)
}

let nextId = 0

/**
 * Builds the approval card into `root`, replacing its content, and moves focus to Reject (the safe default). Escape
 * and the buttons' effects are the guard's ({@link createApprovalGuard}).
 */
export function renderApproval(root: HTMLElement, view: ApprovalView): ApprovalElements {
  addStylesheet()
  const { summary, dapp } = view
  const titleId = `lk-approval-title-${++nextId}`

  const container = element('div', `lk-approval lk-theme-${view.theme === 'light' ? 'light' : 'dark'}`)
  container.dataset.testid = 'lk-approval'
  container.setAttribute('role', 'dialog')
  container.setAttribute('aria-modal', 'true')
  container.setAttribute('aria-labelledby', titleId)
  for (const [key, value] of Object.entries(view.themeVariables ?? {})) {
    const accepted = acceptedThemeVariable(key, value)
    if (accepted !== undefined) container.style.setProperty(key, accepted)
  }

  const header = element('header', 'lk-approval-header')
  const icon = acceptedIcon(dapp.icon)
  if (icon !== undefined) {
    const image = element('img', 'lk-approval-icon')
    image.referrerPolicy = 'no-referrer'
    image.alt = ''
    image.width = 32
    image.height = 32
    image.decoding = 'async'
    image.addEventListener('error', () => {
      image.hidden = true
    })
    image.src = icon
    header.append(image)
  }
  const origin = originOf(dapp.url)
  const name =
    typeof dapp.name === 'string' && dapp.name.trim() !== '' ? dapp.name : (origin ?? 'Unknown site')
  const who = element('div', 'lk-approval-dapp')
  const nameElement = element('span', 'lk-approval-dapp-name', capText(name, MAX_LABEL_CHARS))
  nameElement.dataset.testid = 'lk-dapp-name'
  who.append(nameElement)
  if (origin !== undefined) {
    const originElement = element('span', 'lk-approval-dapp-origin', capText(origin, MAX_LABEL_CHARS))
    originElement.dataset.testid = 'lk-dapp-origin'
    who.append(originElement)
  }
  header.append(who)

  const body = element('div', 'lk-approval-body')
  const title = element('h1', 'lk-approval-title', capText(summary.title, MAX_LABEL_CHARS))
  title.id = titleId
  body.append(title)
  if (summary.warnings.length > 0) {
    const warnings = element('div', 'lk-approval-warnings')
    warnings.setAttribute('role', 'alert')
    warnings.dataset.testid = 'lk-warnings'
    const list = element('ul')
    for (const warning of summary.warnings) list.append(element('li', undefined, capText(warning)))
    warnings.append(list)
    body.append(warnings)
  }
  for (const section of summary.sections) {
    const block = element('section', 'lk-approval-section')
    block.append(element('h2', undefined, capText(section.title, MAX_LABEL_CHARS)))
    const list = element('dl')
    for (const row of section.rows) {
      const line = element('div', 'lk-approval-row')
      line.append(
        element('dt', undefined, capText(row.label, MAX_LABEL_CHARS)),
        element('dd', row.mono ? 'lk-mono' : undefined, capText(row.value)),
      )
      list.append(line)
    }
    block.append(list)
    body.append(block)
  }

  const actions = element('div', 'lk-approval-actions')
  const reject = element('button', 'lk-approval-reject', 'Reject')
  reject.type = 'button'
  reject.dataset.testid = 'lk-reject'
  const approve = element('button', 'lk-approval-approve', 'Approve')
  approve.type = 'button'
  approve.dataset.testid = 'lk-approve'
  approve.setAttribute('aria-disabled', 'true')
  actions.append(reject, approve)
  const hint = element('p', 'lk-approval-hint')
  hint.dataset.testid = 'lk-hint'
  hint.setAttribute('aria-live', 'polite')

  container.append(header, body, actions, hint)
  root.replaceChildren(container)
  reject.focus({ preventScroll: true })

  return {
    container,
    approve,
    reject,
    destroy() {
      container.remove()
    },
  }
}
