/** The lab's stylesheet, inlined in each page (one request fewer, nothing outside 127.0.0.1). */
export const LAB_CSS = `
:root { color-scheme: dark; --bg: #0e0f11; --card: #17181b; --line: #2a2c31; --text: #e8e9ec; --muted: #9a9ea8;
  --accent: hsl(230, 100%, 67%); --danger: #f25a67; --radius: 12px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); min-height: 100vh; }
a { color: var(--accent); }
.lab-top { display: flex; align-items: center; gap: 16px; padding: 12px 24px; border-bottom: 1px solid var(--line);
  flex-wrap: wrap; }
.lab-top .brand { font-weight: 700; color: var(--text); text-decoration: none; }
.lab-top nav { display: flex; gap: 4px; flex-wrap: wrap; }
.lab-top nav a { padding: 6px 10px; border-radius: 8px; color: var(--muted); text-decoration: none; }
.lab-top nav a[aria-current="page"] { background: var(--card); color: var(--text); }
.lab-main { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 20px; padding: 24px; max-width: 1120px;
  margin: 0 auto; }
@media (max-width: 800px) { .lab-main { grid-template-columns: minmax(0, 1fr); padding: 12px; } }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 20px;
  min-width: 0; }
.lab-toolbar { display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap; }
.lab-toolbar h1 { font-size: 20px; margin: 0; }
.lab-kit-buttons { display: flex; gap: 8px; flex-wrap: wrap; }
.lab-state { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 16px; margin: 20px 0; }
.lab-state dt { color: var(--muted); }
.lab-state dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.lab-fields { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 12px; margin-bottom: 16px; }
.lab-fields label { display: grid; gap: 4px; color: var(--muted); font-size: 13px; }
input:not([type]), input[type="text"] { background: var(--bg); color: var(--text); border: 1px solid var(--line);
  border-radius: 8px; padding: 8px 10px; font: 13px ui-monospace, monospace; min-width: 0; }
.lab-actions, .lab-row { display: flex; flex-wrap: wrap; gap: 8px; }
.lab-button { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: 9px 14px;
  font: inherit; font-weight: 600; cursor: pointer; }
.lab-button.secondary { background: transparent; color: var(--text); border: 1px solid var(--line); }
.lab-button.danger { background: transparent; color: var(--danger); border: 1px solid var(--danger); }
.lab-button.small { padding: 4px 10px; font-size: 13px; }
.lab-button:disabled { opacity: 0.45; cursor: not-allowed; }
.lab-button:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.lab-result { display: block; margin-top: 16px; font-family: ui-monospace, monospace; overflow-wrap: anywhere;
  color: #7ee0a1; min-height: 1.2em; }
.lab-error { color: var(--danger); margin: 8px 0 0; min-height: 1.2em; overflow-wrap: anywhere; }
.lab-note, .lab-muted { color: var(--muted); font-size: 13px; }
/* Above the modal's overlay (z-index 999), as a wallet extension's popup is: held requests can be answered while
   the modal waits. */
#lab-settings { position: relative; z-index: 1000; }
/* The page options (sign-in status, theme switch) stay under the modal: above its overlay they would cover the
   modal on a narrow screen. */
.lab-options { display: flex; flex-wrap: wrap; align-items: center; gap: 12px;
  margin-top: 16px; }
#lab-settings h2 { font-size: 16px; margin: 0 0 8px; }
#lab-settings h3 { font-size: 13px; color: var(--muted); margin: 16px 0 8px; text-transform: uppercase;
  letter-spacing: .04em; }
.lab-wallet-state { font: 12px ui-monospace, monospace; color: var(--muted); overflow-wrap: anywhere; }
.lab-segmented { border: 0; padding: 0; margin: 16px 0 0; display: flex; flex-wrap: wrap; gap: 6px; }
.lab-segmented legend { font-size: 13px; color: var(--muted); margin-bottom: 6px; padding: 0; }
.lab-segmented label { position: relative; }
.lab-segmented input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.lab-segmented span { display: inline-block; padding: 6px 12px; border: 1px solid var(--line); border-radius: 8px; }
.lab-segmented input:checked + span { background: var(--accent); border-color: var(--accent); color: #fff; }
.lab-segmented input:focus-visible + span { outline: 2px solid var(--accent); outline-offset: 2px; }
.lab-pending { list-style: none; padding: 0; margin: 0; display: grid; gap: 6px; }
.lab-pending li { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.lab-pending code { flex: 1; }
.lab-index { max-width: 720px; margin: 40px auto; padding: 0 24px; }
.lab-index ul { list-style: none; padding: 0; display: grid; gap: 12px; }
.lab-index li a { display: block; padding: 16px 20px; background: var(--card); border: 1px solid var(--line);
  border-radius: var(--radius); text-decoration: none; color: var(--text); }
.lab-index li a span { display: block; color: var(--muted); font-size: 14px; margin-top: 4px; }
`
