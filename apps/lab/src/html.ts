import type { LabPage } from './build.js'
import type { LabConfig } from './config.js'
import { LAB_CSS } from './styles.js'

/** The pages in the order the navigation lists them, with what each one shows. */
const PAGE_INFO: readonly { page: LabPage; title: string; about: string }[] = [
  {
    page: 'wagmi',
    title: 'wagmi',
    about: 'The wagmi adapter (@wagmi/core, viem) with React and @latchkey/react.',
  },
  { page: 'ethers', title: 'ethers v6', about: 'The ethers v6 adapter with React and @latchkey/react.' },
  { page: 'ethers5', title: 'ethers v5', about: 'The ethers v5 adapter with React and @latchkey/react.' },
  {
    page: 'vanilla',
    title: 'vanilla',
    about: 'The ethers v6 adapter with @latchkey/ui custom elements, no React.',
  },
  { page: 'solana', title: 'Solana', about: 'The Solana adapter (Wallet Standard) with React: SOL and SPL.' },
  {
    page: 'bitcoin',
    title: 'Bitcoin',
    about: 'The Bitcoin adapter (sats-connect, Wallet Standard) with React: BTC and PSBTs.',
  },
  {
    page: 'multichain',
    title: 'multi-chain',
    about: 'wagmi, Solana and Bitcoin adapters in one kit; one entry for the multi-chain wallet.',
  },
]

/** The test wallets each non-EVM page creates (`<html data-lab-wallets>`, read by the chain wallet boot). */
const CHAIN_WALLETS: Partial<Record<LabPage, string>> = {
  solana: 'solana',
  bitcoin: 'bitcoin',
  multichain: 'multichain,bitcoin',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * A page's HTML. `linkedCss`: the lab's stylesheet as `/lab.css` instead of an inline `<style>` (the strict-CSP page
 * allows no inline style).
 */
function shell(title: string, head: string, body: string, wallets?: string, linkedCss = false): string {
  return `<!doctype html>
<html lang="en"${wallets ? ` data-lab-wallets="${escapeHtml(wallets)}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
${linkedCss ? '<link rel="stylesheet" href="/lab.css">' : `<style>${LAB_CSS}</style>`}
${head}
</head>
<body>
${body}
</body>
</html>
`
}

function nav(current?: LabPage): string {
  const links = PAGE_INFO.map(
    ({ page, title }) =>
      `<a href="/${page}"${page === current ? ' aria-current="page"' : ''} data-testid="lab-nav-${page}">${escapeHtml(title)}</a>`,
  ).join('')
  return `<header class="lab-top"><a class="brand" href="/">Latchkey lab</a><nav aria-label="Pages">${links}</nav></header>`
}

/** The HTML of a page: the config, the test wallet (dev builds) before the page's module. */
export function pageHtml(params: {
  page: LabPage
  entry: string
  config: LabConfig
  dev: boolean
  /** Served under a strict CSP: the stylesheet linked, not inline. */
  strict?: boolean
}): string {
  const info = PAGE_INFO.find((p) => p.page === params.page)
  const head = [
    `<script id="lab-config" type="application/json">${scriptJson(params.config)}</script>`,
    params.dev
      ? '<script src="/inject.global.js"></script><script src="/assets/lab-wallet.js"></script>'
      : '',
    params.dev && CHAIN_WALLETS[params.page]
      ? '<script src="/inject-solana.global.js"></script><script src="/inject-bitcoin.global.js"></script><script src="/assets/lab-chain-wallets.js"></script>'
      : '',
    `<script type="module" src="/assets/${escapeHtml(params.entry)}"></script>`,
  ].join('\n')
  const body = `${nav(params.page)}
<main class="lab-main">
<section class="card" id="lab-app" aria-label="${escapeHtml(info?.title ?? params.page)}"></section>
<aside class="card" id="lab-settings" aria-label="Test wallet settings" data-testid="lab-settings"></aside>
</main>`
  return shell(
    `Latchkey lab · ${info?.title ?? params.page}${params.strict ? ' · strict CSP' : ''}`,
    head,
    body,
    CHAIN_WALLETS[params.page],
    params.strict,
  )
}

/** The index page linking the pages. */
export function indexHtml(): string {
  const items = PAGE_INFO.map(
    ({ page, title, about }) =>
      `<li><a href="/${page}" data-testid="lab-link-${page}">/${escapeHtml(page)} · ${escapeHtml(title)}<span>${escapeHtml(about)}</span></a></li>`,
  ).join('\n')
  return shell(
    'Latchkey lab',
    '',
    `${nav()}
<main class="lab-index">
<h1>Latchkey lab</h1>
<p class="lab-note">Each page connects the injected test wallets through the Latchkey modal, signs, sends (ETH and
LUSD, SOL and SPL LUSD, BTC), signs a PSBT on /bitcoin and switches between the two local networks of each chain. Add <code>?projectId=none</code> to run a page without a projectId.</p>
<ul>
${items}
</ul>
</main>`,
  )
}
