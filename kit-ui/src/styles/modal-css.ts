/** The modal: overlay, card, header, lists and each view's parts. */
export const MODAL_CSS = `
:host { display: contents; }
.overlay { position: fixed; inset: 0; z-index: var(--lk-z-index); display: flex; align-items: center; justify-content: center;
  padding: 16px; background: rgba(0, 0, 0, 0.5); animation: lk-fade var(--lk-duration-lg) var(--lk-ease); }
.overlay.embedded { position: static; inset: auto; background: none; padding: 0; animation: none; display: block; }
.card { position: relative; width: var(--lk-modal-width); max-width: 100%; max-height: calc(100vh - 32px); display: flex; flex-direction: column;
  background: var(--lk-surface); color: var(--lk-color-fg-100); border-radius: var(--lk-border-radius-l);
  box-shadow: 0 0 0 1px color-mix(in srgb, var(--lk-color-fg-100) 7%, transparent), 0 24px 64px rgba(0, 0, 0, 0.32);
  font-family: var(--lk-font-family); font-size: var(--lk-font-size-paragraph); line-height: 1.4; overflow: hidden;
  animation: lk-rise var(--lk-duration-lg) var(--lk-ease); }
.card:focus-visible { outline: none; }
@keyframes lk-fade { from { opacity: 0; } }
@keyframes lk-rise { from { opacity: 0; transform: translateY(12px) scale(0.98); } }
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 6px; }
.title { margin: 0; text-align: center; font-size: var(--lk-font-size-paragraph); font-weight: var(--lk-font-weight-medium);
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.icon-btn { width: 32px; height: 32px; border-radius: var(--lk-border-radius-l); display: inline-flex; align-items: center; justify-content: center;
  color: var(--lk-color-fg-200); transition: background-color var(--lk-duration-md) var(--lk-ease), color var(--lk-duration-md) var(--lk-ease); }
.icon-btn:hover { background: var(--lk-surface-3); color: var(--lk-color-fg-100); }
.icon-btn.end { justify-self: end; }
.body { padding: 8px 14px 14px; overflow-y: auto; }
.section-label { margin: 10px 4px 6px; font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200);
  font-weight: var(--lk-font-weight-medium); text-transform: uppercase; letter-spacing: 0.04em; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.item { width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 12px 8px 8px; text-align: left;
  border-radius: var(--lk-border-radius-s); background: var(--lk-surface-2); color: var(--lk-color-fg-100);
  font-size: var(--lk-font-size-paragraph); font-weight: var(--lk-font-weight-regular);
  transition: background-color var(--lk-duration-md) var(--lk-ease); }
.item:hover:not(:disabled), .item:focus-visible { background: var(--lk-surface-3); }
.item .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.item .tile { width: 40px; height: 40px; font-size: var(--lk-font-size-large); }
.item.active { box-shadow: inset 0 0 0 1px var(--lk-accent); }
.badge { flex: none; padding: 3px 7px; border-radius: var(--lk-border-radius-xs); font-size: var(--lk-font-size-mini);
  font-weight: var(--lk-font-weight-bold); text-transform: uppercase; letter-spacing: 0.03em; }
.badge.success { color: color-mix(in oklab, var(--lk-color-success) 60%, var(--lk-color-fg-100)); background: color-mix(in srgb, var(--lk-color-success) 14%, transparent); }
.badge.muted { color: var(--lk-color-fg-200); background: var(--lk-surface-3); }
.badge.accent { color: var(--lk-on-accent); background: var(--lk-accent); }
.note { margin: 12px 4px 0; font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); text-align: center; }
.legal { margin: 14px -14px -14px; padding: 12px 24px; border-top: 1px solid var(--lk-surface-3); text-align: center;
  font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); }
.guide { margin: 14px 4px 0; text-align: center; font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); }
.guide a { color: var(--lk-accent-text); font-weight: var(--lk-font-weight-medium); text-decoration: underline; text-underline-offset: 2px; }
.legal a { color: var(--lk-color-fg-100); text-decoration: underline; text-underline-offset: 2px; }
.legal a:hover { text-decoration-thickness: 2px; }
.center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding: 20px 12px 8px; }
.center h3 { margin: 8px 0 0; font-size: var(--lk-font-size-paragraph); font-weight: var(--lk-font-weight-medium); }
.center p { margin: 0; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-small); max-width: 260px; }
.center[data-state='rejected'] h3, .center[data-state='error'] h3 { color: var(--lk-error-text); }
.logo-ring { position: relative; width: 88px; height: 88px; display: flex; align-items: center; justify-content: center; }
.logo-ring .tile { width: 72px; height: 72px; font-size: var(--lk-font-size-title); border-radius: var(--lk-border-radius-3xl); }
.logo-ring::after { content: ''; position: absolute; inset: 0; border-radius: calc(var(--lk-border-radius-3xl) + 6px);
  border: 2px solid var(--lk-accent); border-right-color: transparent; border-bottom-color: transparent; animation: lk-spin 1s linear infinite; }
.logo-ring.still-accent::after { animation: none; border-color: var(--lk-accent-soft); }
.primary.wide { width: 100%; margin-top: 8px; }
.logo-ring.still::after { animation: none; border-color: color-mix(in srgb, var(--lk-color-error) 50%, transparent); }
@keyframes lk-spin { to { transform: rotate(360deg); } }
.primary, .secondary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; height: 40px; padding: 0 18px;
  border-radius: var(--lk-border-radius-3xl); font-size: var(--lk-font-size-small); font-weight: var(--lk-font-weight-medium);
  transition: background-color var(--lk-duration-md) var(--lk-ease); }
.primary { background: var(--lk-accent); color: var(--lk-on-accent); }
.primary:hover { background: color-mix(in srgb, var(--lk-accent) 88%, #000); }
.secondary { background: var(--lk-accent-soft); color: var(--lk-accent-text); }
.secondary:hover { background: color-mix(in srgb, var(--lk-accent) 22%, transparent); }
.account { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 4px 0 8px; }
.account .avatar { width: 64px; height: 64px; margin-bottom: 8px; box-shadow: 0 0 0 6px var(--lk-surface-2); }
.account-name { font-size: var(--lk-font-size-large); font-weight: var(--lk-font-weight-medium); }
.account-address { display: inline-flex; align-items: center; gap: 6px; font-size: var(--lk-font-size-large);
  font-weight: var(--lk-font-weight-medium); font-variant-numeric: tabular-nums; }
.account-address.sub { font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); }
.account-balance { font-size: var(--lk-font-size-paragraph); color: var(--lk-color-fg-200); }
.actions { display: flex; flex-direction: column; gap: 6px; margin-top: 14px; }
.item .trail { color: var(--lk-color-fg-200); display: inline-flex; }
.item.danger { color: var(--lk-color-fg-100); }
.item .icon { width: 40px; height: 40px; flex: none; display: inline-flex; align-items: center; justify-content: center;
  border-radius: 50%; background: var(--lk-surface-3); color: var(--lk-color-fg-200); }
.item.danger .icon { color: var(--lk-color-error); background: color-mix(in srgb, var(--lk-color-error) 12%, transparent); }
.failure { display: flex; align-items: center; gap: 10px; margin-top: 10px; padding: 10px 12px; border-radius: var(--lk-border-radius-s);
  background: color-mix(in srgb, var(--lk-color-error) 10%, transparent); color: var(--lk-error-text); font-size: var(--lk-font-size-small); }
.failure span { flex: 1; }
.failure button { color: var(--lk-color-fg-100); font-weight: var(--lk-font-weight-medium); padding: 4px 10px;
  border-radius: var(--lk-border-radius-3xl); background: var(--lk-surface-3); }
.snackbar { position: absolute; left: 50%; bottom: 16px; transform: translateX(-50%); display: inline-flex; align-items: center; gap: 8px; pointer-events: none;
  padding: 8px 14px; border-radius: var(--lk-border-radius-3xl); background: var(--lk-color-fg-100); color: var(--lk-color-bg-100);
  font-size: var(--lk-font-size-small); white-space: nowrap; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25); animation: lk-fade var(--lk-duration-md) var(--lk-ease); }
.snackbar[data-variant='error'] .dot { background: var(--lk-color-error); }
.snackbar .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--lk-color-success); }
.alert { display: flex; align-items: flex-start; gap: 8px; margin: 2px 14px 4px; padding: 8px 6px 8px 12px; border-radius: var(--lk-border-radius-xs);
  background: var(--lk-surface-2); font-size: var(--lk-font-size-tiny); line-height: 1.45; }
.alert .icon-btn { width: 24px; height: 24px; }
.alert[data-variant='error'] strong { color: var(--lk-error-text); }
.alert[data-variant='warning'] strong { color: #f5a524; }
.alert span { flex: 1; color: var(--lk-color-fg-200); }
.alert strong { display: block; color: inherit; font-size: var(--lk-font-size-small); font-weight: var(--lk-font-weight-medium); }
`
