/** All Wallets, SIWXSignMessage, the entry rows that lead to them, and the email field (Connect, UpdateEmail). */
export const VIEWS_CSS = `
.spinner { display: inline-block; width: 14px; height: 14px; border-radius: 50%; border: 2px solid currentColor;
  border-right-color: transparent; animation: lk-spin 0.8s linear infinite; }
.spinner.large { width: 28px; height: 28px; color: var(--lk-accent); }
.all-wallets { display: flex; flex-direction: column; gap: 10px; }
.search-row { display: flex; align-items: center; gap: 8px; }
.search-row .search { flex: 1; }
.qr-btn { width: 40px; height: 40px; flex: none; background: var(--lk-surface-2); box-shadow: inset 0 0 0 1px var(--lk-surface-3); }
.search { display: flex; align-items: center; gap: 8px; height: 40px; padding: 0 12px; border-radius: var(--lk-border-radius-s);
  background: var(--lk-surface-2); color: var(--lk-color-fg-200); box-shadow: inset 0 0 0 1px var(--lk-surface-3);
  transition: box-shadow var(--lk-duration-md) var(--lk-ease); }
.search:focus-within { box-shadow: inset 0 0 0 1px var(--lk-accent), 0 0 0 3px var(--lk-accent-soft); }
.search input { flex: 1; min-width: 0; height: 100%; border: 0; outline: 0; background: none; color: var(--lk-color-fg-100);
  font: inherit; font-size: var(--lk-font-size-paragraph); }
.search input::placeholder { color: var(--lk-color-fg-200); }
.search input::-webkit-search-cancel-button { filter: grayscale(1); }
.wallet-scroll { height: min(420px, calc(100vh - 160px)); overflow-y: auto; overscroll-behavior: contain; margin: 0 -6px; padding: 2px 6px 6px; }
.wallet-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 6px; }
.wallet-groups { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.wallet-groups > li { content-visibility: auto; contain-intrinsic-size: auto 180px; }
.cell { position: relative; width: 100%; display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 10px 4px 8px;
  border-radius: var(--lk-border-radius-s); background: var(--lk-surface-2); color: var(--lk-color-fg-100); text-decoration: none;
  transition: background-color var(--lk-duration-md) var(--lk-ease); }
.cell:hover:not(:disabled), .cell:focus-visible { background: var(--lk-surface-3); }
.cell:disabled { opacity: 0.55; }
.cell .tile { width: 48px; height: 48px; border-radius: var(--lk-border-radius-m); font-size: var(--lk-font-size-large); }
.cell-name { width: 100%; font-size: var(--lk-font-size-tiny); text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cell-image { position: relative; display: inline-flex; }
.installed-mark { position: absolute; right: -3px; bottom: -3px; width: 18px; height: 18px; border-radius: 50%; display: inline-flex;
  align-items: center; justify-content: center; background: var(--lk-color-success); color: #fff; box-shadow: 0 0 0 2px var(--lk-surface-2); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.all-row { margin-top: 6px; }
.more { display: flex; justify-content: center; padding: 12px 0 4px; }
.item .count { flex: none; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-tiny); font-weight: var(--lk-font-weight-medium);
  padding: 3px 7px; border-radius: var(--lk-border-radius-xs); background: var(--lk-surface-3); }
.siwx { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 12px 8px 4px; }
.siwx-logos { display: flex; align-items: center; }
.siwx-logos > * { box-shadow: 0 0 0 4px var(--lk-surface); border-radius: 50%; }
.siwx-logos > * + * { margin-left: -10px; }
.siwx-logos .tile { width: 56px; height: 56px; border-radius: 50%; font-size: var(--lk-font-size-title); }
.siwx h3 { margin: 4px 0 0; font-size: var(--lk-font-size-large); font-weight: var(--lk-font-weight-medium); max-width: 280px; overflow-wrap: anywhere; }
.siwx p { margin: 0; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-small); max-width: 280px; }
.siwx .intent { font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); }
.button-row { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; width: 100%; margin-top: 8px; }
.button-row .primary, .button-row .secondary { width: 100%; }
.primary:disabled { opacity: 0.7; }
.receive { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 4px 4px 8px; text-align: center; }
.qr { width: 220px; height: 220px; border-radius: var(--lk-border-radius-m); box-shadow: 0 0 0 1px var(--lk-surface-3); }
.receive-address { margin: 0; max-width: 300px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: var(--lk-font-size-small); color: var(--lk-color-fg-100); overflow-wrap: anywhere; }
.receive .copy { display: inline-flex; align-items: center; gap: 6px; }
.receive-body { margin: 4px 0 0; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-tiny); }
.receive-networks { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; list-style: none; margin: 0; padding: 0; }
.receive-network { display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px 4px 4px; border-radius: var(--lk-border-radius-3xl);
  background: var(--lk-surface-2); color: var(--lk-color-fg-200); font-size: var(--lk-font-size-tiny); max-width: 100%; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.receive-network .tile { width: 20px; height: 20px; border-radius: 50%; font-size: 10px; }
.wc { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 4px 4px 8px; text-align: center; }
.wc-qr { position: relative; width: 260px; height: 260px; display: flex; align-items: center; justify-content: center;
  border-radius: var(--lk-border-radius-m); background: #fff; }
.wc-qr .qr { width: 260px; height: 260px; box-shadow: none; }
.wc-qr.loading { background: var(--lk-surface-2); }
.wc-qr-logo { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); padding: 4px; border-radius: 14px;
  background: #fff; display: inline-flex; }
.wc-qr-logo .tile { border-radius: 10px; font-size: var(--lk-font-size-large); }
.wc-title { margin: 6px 0 0; font-size: var(--lk-font-size-paragraph); font-weight: var(--lk-font-weight-medium); }
.wc-body { margin: 0; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-small); max-width: 280px; }
.wc-actions { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; margin-top: 4px; }
.wc-actions .primary, .wc-actions .secondary { display: inline-flex; align-items: center; gap: 6px; }
.email-field { display: flex; align-items: center; gap: 4px; height: 48px; padding: 0 4px 0 14px; border-radius: var(--lk-border-radius-s);
  background: var(--lk-surface-2); box-shadow: inset 0 0 0 1px var(--lk-surface-3); transition: box-shadow var(--lk-duration-md) var(--lk-ease); }
.email-field:focus-within { box-shadow: inset 0 0 0 1px var(--lk-accent), 0 0 0 3px var(--lk-accent-soft); }
.email-field[data-invalid] { box-shadow: inset 0 0 0 1px var(--lk-color-error); }
.email-label { flex: 1; min-width: 0; display: flex; }
.email-label input { flex: 1; min-width: 0; height: 46px; border: 0; outline: 0; background: none; color: var(--lk-color-fg-100); font: inherit;
  font-size: var(--lk-font-size-paragraph); }
.email-label input::placeholder { color: var(--lk-color-fg-200); }
.email-submit { width: 40px; height: 40px; flex: none; display: inline-flex; align-items: center; justify-content: center;
  border-radius: var(--lk-border-radius-xs); color: var(--lk-color-fg-200); }
.email-submit:hover:not(:disabled) { background: var(--lk-surface-3); color: var(--lk-color-fg-100); }
.field-error { margin: 6px 4px 0; font-size: var(--lk-font-size-tiny); color: var(--lk-error-text); overflow-wrap: anywhere; }
.or { display: flex; align-items: center; gap: 10px; margin: 12px 4px; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-tiny); }
.or::before, .or::after { content: ''; flex: 1; height: 1px; background: var(--lk-surface-3); }
`
