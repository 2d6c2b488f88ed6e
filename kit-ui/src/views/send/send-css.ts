/**
 * The Send views' own stylesheet: it travels in their chunk, and the lazy wrapper (lazy-send.tsx) adds it to the modal's
 * shadow root when a Send view first renders there (adopted, as the modal's is, so a strict CSP allows it).
 * Service-supplied text (token names and symbols, the receiver's name) is cut with an ellipsis, never wrapped outside
 * the dialog.
 */
export const SEND_CSS = `
.send { display: flex; flex-direction: column; gap: 14px; padding: 4px 2px 6px; }
.send-label { display: block; margin: 0 4px 6px; font-size: var(--lk-font-size-tiny); font-weight: var(--lk-font-weight-medium);
  color: var(--lk-color-fg-200); }
.send-field, .send-token { display: flex; align-items: center; gap: 8px; width: 100%; min-height: 48px; padding: 0 8px 0 12px;
  border-radius: var(--lk-border-radius-s); background: var(--lk-surface-2); color: var(--lk-color-fg-100);
  box-shadow: inset 0 0 0 1px var(--lk-surface-3); transition: box-shadow var(--lk-duration-md) var(--lk-ease); }
.send-field:focus-within { box-shadow: inset 0 0 0 1px var(--lk-accent), 0 0 0 3px var(--lk-accent-soft); }
.send-field[data-invalid] { box-shadow: inset 0 0 0 1px var(--lk-color-error); }
.send-field input { flex: 1; min-width: 0; height: 46px; border: 0; outline: 0; background: none; color: inherit; font: inherit;
  font-size: var(--lk-font-size-medium); font-variant-numeric: tabular-nums; }
.send-field input.small { font-size: var(--lk-font-size-small); }
.send-max { flex: none; height: 28px; padding: 0 10px; border-radius: var(--lk-border-radius-3xl); background: var(--lk-accent-soft);
  color: var(--lk-accent-text); font-size: var(--lk-font-size-tiny); font-weight: var(--lk-font-weight-medium); }
.send-token { text-align: left; }
.send-token:hover:not(:disabled), .send-option:hover, .send-option:focus-visible { background: var(--lk-surface-3); }
.send-token .tile, .send-option .tile, .send-who .tile { border-radius: 50%; font-size: var(--lk-font-size-small); }
.send-token svg { flex: none; color: var(--lk-color-fg-200); transform: rotate(90deg); }
.send-token[aria-expanded='true'] svg { transform: rotate(-90deg); }
.send-grow { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 1px; }
.send-cut, .send-grow > *, .send-end > *, .send-col > * { min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.send-end { flex: none; max-width: 45%; display: flex; flex-direction: column; align-items: flex-end; text-align: right;
  font-variant-numeric: tabular-nums; }
.send-sub { font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); }
.send-options { list-style: none; margin: 6px 0 0; padding: 4px; display: flex; flex-direction: column; gap: 2px; max-height: 232px;
  overflow-y: auto; overscroll-behavior: contain; border-radius: var(--lk-border-radius-s); box-shadow: inset 0 0 0 1px var(--lk-surface-3); }
.send-option { width: 100%; display: flex; align-items: center; gap: 10px; padding: 6px 8px; text-align: left;
  border-radius: var(--lk-border-radius-xs); }
.send-option[aria-current='true'] { box-shadow: inset 0 0 0 1px var(--lk-accent); }
.send-fiat, .send-fee { margin: 6px 4px 0; font-size: var(--lk-font-size-tiny); color: var(--lk-color-fg-200); font-variant-numeric: tabular-nums; }
.send-fee { display: flex; justify-content: space-between; gap: 8px; margin: 0 4px; }
.send-who { display: flex; align-items: center; gap: 6px; margin: 6px 4px 0; font-size: var(--lk-font-size-small); }
.send-issue { margin: 6px 4px 0; font-size: var(--lk-font-size-tiny); color: var(--lk-error-text); overflow-wrap: anywhere; }
.send-issue[data-level='warning'] { padding: 8px 10px; margin: 6px 0 0; border-radius: var(--lk-border-radius-xs);
  background: var(--lk-surface-2); color: var(--lk-color-fg-100); box-shadow: inset 3px 0 0 var(--lk-color-error); }
.send .failure { margin: 0; overflow-wrap: anywhere; }
.send .primary, .send .secondary { width: 100%; }
.send-rows { margin: 0; display: flex; flex-direction: column; gap: 2px; border-radius: var(--lk-border-radius-s); overflow: hidden; }
.send-rows > div { display: flex; align-items: center; justify-content: space-between; gap: 12px; min-height: 44px; padding: 8px 12px;
  background: var(--lk-surface-2); }
.send-rows dt { flex: none; font-size: var(--lk-font-size-small); color: var(--lk-color-fg-200); }
.send-rows dd { flex: 1; margin: 0; min-width: 0; display: flex; align-items: center; justify-content: flex-end; gap: 6px; text-align: right; }
.send-rows dd .send-sub { flex: none; }
.send-col { min-width: 0; display: flex; flex-direction: column; align-items: flex-end; font-variant-numeric: tabular-nums; }
.send-amount-total { font-size: var(--lk-font-size-large); font-weight: var(--lk-font-weight-medium); }
.send-accept { display: flex; align-items: flex-start; gap: 8px; font-size: var(--lk-font-size-small); cursor: pointer; }
.send-accept input { margin: 2px 0 0; accent-color: var(--lk-accent); }
`
