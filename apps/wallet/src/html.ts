import { connectOrigins, type WalletSimConfig } from './config.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * The page's Content-Security-Policy: scripts and styles of its own origin only, connections to the relay and the
 * chains only, images from anywhere a dApp's icon may be (http(s), data:), no frames, forms or plugins. A dApp's
 * metadata is rendered as text, never as markup; this is the second line. WalletKit's WebAssembly (its Pay client)
 * needs 'wasm-unsafe-eval'.
 */
export function contentSecurityPolicy(config: WalletSimConfig): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    'img-src data: http: https:',
    `connect-src 'self' ${connectOrigins(config).join(' ')}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}

const CSS = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --line: #d9dce1; --text: #16181d; --muted: #5b6270;
  --accent: #2f6fed; --danger: #c62828; --ok: #2e7d32; font-family: system-ui, sans-serif; font-size: 15px; }
@media (prefers-color-scheme: dark) { :root { --bg: #121417; --card: #1c1f24; --line: #343941; --text: #eceef1;
  --muted: #9aa1ad; --accent: #6d9bff; --danger: #ff6b6b; --ok: #66bb6a; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
#wallet-sim { max-width: 440px; margin: 0 auto; padding: 12px; display: grid; gap: 12px; }
#wallet-sim > *, #wallet-sim li { min-width: 0; }
header { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h1 { font-size: 1.15rem; margin: 0; }
h2 { font-size: 1rem; margin: 0 0 8px; }
h3 { font-size: .9rem; margin: 8px 0 4px; }
section, .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; }
.muted { color: var(--muted); font-size: .85rem; }
.badge { border: 1px solid var(--line); border-radius: 999px; padding: 1px 8px; font-size: .8rem; }
.badge[data-state="connected"], .badge[data-outcome="approved"] { color: var(--ok); }
.badge[data-state="disconnected"], .badge[data-outcome="rejected"], .badge[data-outcome="error"] { color: var(--danger); }
form, .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
input[type="text"] { flex: 1; min-width: 0; padding: 8px; border-radius: 8px; border: 1px solid var(--line);
  background: transparent; color: inherit; font: inherit; }
select { width: 100%; min-width: 0; padding: 6px; border-radius: 8px; font: inherit; }
button { padding: 8px 14px; border-radius: 8px; border: 1px solid var(--line); background: var(--card); color: inherit;
  font: inherit; cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { color: var(--danger); }
button:disabled { opacity: .5; cursor: default; }
.dapp { display: flex; gap: 10px; align-items: center; }
.dapp img { width: 40px; height: 40px; border-radius: 8px; object-fit: cover; flex: none; }
.dapp div { min-width: 0; overflow-wrap: anywhere; }
table { width: 100%; table-layout: fixed; border-collapse: collapse; font-size: .8rem; }
th, td { text-align: left; vertical-align: top; border-top: 1px solid var(--line); padding: 4px; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; background: var(--bg); padding: 8px;
  border-radius: 8px; max-height: 200px; overflow: auto; margin: 6px 0; }
ul.plain { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.alert { color: var(--danger); overflow-wrap: anywhere; }
.unknown { color: var(--danger); }
label { display: grid; gap: 2px; font-size: .85rem; flex: 1 1 150px; min-width: 0; }
.sim-address { overflow-wrap: anywhere; }
.toggle { display: flex; flex: 0 1 auto; gap: 6px; align-items: center; font-size: .85rem; }
`

/** The page: the config (JSON, never executed), the styles, and the bundle. */
export function pageHtml(params: { config: WalletSimConfig; entry: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkey wallet simulator</title>
<link rel="icon" href="data:,">
<style>${CSS}</style>
<script id="wallet-sim-config" type="application/json">${scriptJson(params.config)}</script>
<script type="module" src="/assets/${escapeHtml(params.entry)}"></script>
</head>
<body>
<main id="wallet-sim" aria-label="Wallet simulator"><p class="muted" data-testid="sim-status" data-state="loading">Loading…</p></main>
</body>
</html>
`
}
