// The mailbox pages a person reads. Every value comes from whoever sent the message: all of it is escaped, the HTML
// body is shown as source text, never rendered, and only http(s) links in the plain text become links.
import type { SinkMessage } from './store.js'

/** The page's Content-Security-Policy: no script, no image, no frame, no form; inline styles only. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** `value` with the five HTML-special characters escaped: safe in text and in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const LINK = /https?:\/\/[^\s<>"'`]+/g

/** Plain text, escaped, with its http(s) URLs as links (a device-approval link is clicked from here). */
function linkify(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(LINK)) {
    const url = match[0]
    out += escapeHtml(text.slice(last, match.index))
    out += `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(url)}</a>`
    last = match.index + url.length
  }
  return out + escapeHtml(text.slice(last))
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;max-width:60rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #ddd}
pre{white-space:pre-wrap;word-break:break-word;background:#f5f5f5;padding:1rem}dt{font-weight:600}dd{margin:0 0 .5rem}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
}

/** The mailbox: every message (or those to `to`), newest first, each a link to its page. */
export function mailboxPage(messages: readonly SinkMessage[], to?: string): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.receivedAt)}</td><td>${escapeHtml(message.to.join(', '))}</td><td>${escapeHtml(message.from)}</td><td><a href="/messages/${encodeURIComponent(message.id)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('')
  const heading = to ? `Mailbox: messages to ${escapeHtml(to)}` : 'Mailbox: every message'
  const table = messages.length
    ? `<table><thead><tr><th>Received</th><th>To</th><th>From</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No message yet. Reload this page after sending one.</p>'
  return page(
    'Latchkey mail sink',
    `<h1>${heading}</h1>${to ? '<p><a href="/">All messages</a></p>' : ''}${table}`,
  )
}

/** One message: its headers, its text with links, its HTML body as escaped source. */
export function messagePage(message: SinkMessage): string {
  const fields: [string, string][] = [
    ['From', message.from],
    ['To', message.to.join(', ')],
    ['Date', message.date],
    ['Subject', message.subject],
  ]
  const list = fields.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`).join('')
  const html =
    message.html === null
      ? ''
      : `<details><summary>HTML body (source, not rendered)</summary><pre>${escapeHtml(message.html)}</pre></details>`
  return page(
    message.subject || 'Message',
    `<p><a href="/">Mailbox</a></p><dl>${list}</dl><pre>${linkify(message.text)}</pre>${html}`,
  )
}
