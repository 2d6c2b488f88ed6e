/**
 * The Account view's wallet features row, its Tokens and Activity tabs and their panels. Service-supplied text
 * (token names, symbols, amounts) is cut with an ellipsis, never wrapped outside the dialog. The Activity list is
 * block layout in blocks of 50 rows (activity-rows.tsx), each laid out only near the viewport: an appended page
 * lays out its own block (a flex column of a thousand rows, or a visibility check per row, cost more the longer the
 * list).
 */
export const ACCOUNT_CSS = `
.account-email { max-width: 100%; font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); overflow-wrap: anywhere; text-align: center; }
.wallet-features { list-style: none; margin: 10px 0 0; padding: 0; display: flex; gap: 8px; }
.wallet-features > li { flex: 1; min-width: 0; }
.wallet-feature { width: 100%; height: 44px; display: inline-flex; align-items: center; justify-content: center; gap: 8px; padding: 0 12px;
  border-radius: var(--lk-border-radius-3xl); background: var(--lk-accent-soft); color: var(--lk-accent-text);
  font-size: var(--lk-font-size-small); font-weight: var(--lk-font-weight-medium); transition: background-color var(--lk-duration-md) var(--lk-ease); }
.wallet-feature:hover { background: color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.wallet-feature span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.account-tabs { margin-top: 14px; }
.tabs { display: flex; gap: 4px; padding: 3px; border-radius: var(--lk-border-radius-3xl); background: var(--lk-surface-2); }
.tab { flex: 1; height: 32px; border-radius: var(--lk-border-radius-3xl); color: var(--lk-color-fg-200);
  font-size: var(--lk-font-size-small); font-weight: var(--lk-font-weight-medium); transition: background-color var(--lk-duration-md) var(--lk-ease), color var(--lk-duration-md) var(--lk-ease); }
.tab:hover { color: var(--lk-color-fg-100); }
.tab[aria-selected='true'] { background: var(--lk-surface-3); color: var(--lk-color-fg-100); }
.tab-panel { padding-top: 10px; }
.tab-panel[hidden] { display: none; }
.panel-note { margin: 16px 4px 8px; text-align: center; font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); }
.tokens-total { margin: 2px 4px 10px; font-size: var(--lk-font-size-title); font-weight: var(--lk-font-weight-medium);
  font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.activity-months, .activity-blocks, .activity-items { list-style: none; margin: 0; padding: 0; display: block; }
.activity-item + .activity-item, .activity-block + .activity-block { margin-top: 4px; }
.activity-block { content-visibility: auto; contain-intrinsic-size: auto 3000px; }
.token, .activity-item { display: flex; align-items: center; gap: 10px; min-width: 0; padding: 8px 10px 8px 8px;
  border-radius: var(--lk-border-radius-s); background: var(--lk-surface-2); }
.token .tile { border-radius: 50%; font-size: var(--lk-font-size-paragraph); }
.token-text, .activity-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.token-name, .token-symbol, .token-amount, .token-value, .activity-operation, .activity-sub, .activity-amount, .activity-time {
  min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-name, .activity-operation { font-size: var(--lk-font-size-paragraph); color: var(--lk-color-fg-100); }
.token-symbol, .activity-sub, .activity-time { font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); }
.token-figures, .activity-side { flex: none; max-width: 48%; display: flex; flex-direction: column; align-items: flex-end; gap: 2px;
  text-align: right; font-variant-numeric: tabular-nums; }
.token-value { font-size: var(--lk-font-size-paragraph); color: var(--lk-color-fg-100); }
.token-amount { font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); }
.activity-scroll { max-height: min(340px, calc(100vh - 220px)); overflow-y: auto; overscroll-behavior: contain; margin: 0 -6px; padding: 0 6px 6px;
  border-radius: var(--lk-border-radius-s); }
.activity-month { margin: 10px 4px 6px; font-size: var(--lk-font-size-tiny); font-weight: var(--lk-font-weight-medium); color: var(--lk-color-fg-200); }
.activity-month-group:first-child .activity-month { margin-top: 2px; }
.activity-item { contain: layout paint style; }
.activity-item .tile, .activity-icon { width: 40px; height: 40px; flex: none; border-radius: 50%; }
.activity-icon { display: inline-flex; align-items: center; justify-content: center; background: var(--lk-surface-3); color: var(--lk-color-fg-200); }
.activity-title { display: flex; align-items: center; gap: 6px; min-width: 0; }
.activity-title .badge { padding: 1px 5px; }
.activity-amount { font-size: var(--lk-font-size-paragraph); color: var(--lk-color-fg-100); }
.activity-amount.in { color: color-mix(in oklab, var(--lk-color-success) 65%, var(--lk-color-fg-100)); }
.badge.danger { color: var(--lk-error-text); background: color-mix(in srgb, var(--lk-color-error) 14%, transparent); }
`
