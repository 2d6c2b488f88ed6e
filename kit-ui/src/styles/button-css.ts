/** The connect, account and network buttons. */
export const BUTTON_CSS = `
.btn { display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 16px; white-space: nowrap;
  border-radius: var(--lk-border-radius-3xl); font-size: var(--lk-font-size-small); font-weight: var(--lk-font-weight-medium);
  letter-spacing: -0.01em; transition: background-color var(--lk-duration-md) var(--lk-ease), box-shadow var(--lk-duration-md) var(--lk-ease), transform var(--lk-duration-sm) var(--lk-ease); }
.btn.sm { height: 32px; padding: 0 12px; font-size: var(--lk-font-size-tiny); }
.btn:active:not(:disabled):not([aria-disabled]) { transform: scale(0.97); }
.connect { background: var(--lk-accent); color: var(--lk-on-accent); }
.connect:hover:not(:disabled):not([aria-disabled]) { background: color-mix(in srgb, var(--lk-accent) 88%, #000); }
.account, .network { background: var(--lk-surface-2); color: var(--lk-color-fg-100);
  box-shadow: inset 0 0 0 1px color-mix(in srgb, var(--lk-color-fg-100) 8%, transparent); padding-left: 6px; }
.account:hover:not(:disabled), .network:hover:not(:disabled) { background: var(--lk-surface-3); }
.account[aria-busy] { opacity: 0.72; cursor: progress; }
.account .balance { color: var(--lk-color-fg-100); padding-left: 4px; }
.account .address { background: var(--lk-surface-3); padding: 4px 10px 4px 6px; border-radius: var(--lk-border-radius-3xl);
  display: inline-flex; align-items: center; gap: 6px; color: var(--lk-color-fg-200); font-variant-numeric: tabular-nums; }
.account.no-balance .address { background: none; padding: 0; color: var(--lk-color-fg-100); }
.network { padding-left: 8px; }
.network.unsupported { color: var(--lk-error-text); }
.spinner { width: 14px; height: 14px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: lk-spin 0.8s linear infinite; }
@keyframes lk-spin { to { transform: rotate(360deg); } }
`
