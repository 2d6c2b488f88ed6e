/**
 * The email views' own stylesheet (the code, this browser's approval, the email update): it travels in their chunk,
 * and the lazy wrapper (lazy-email.tsx) adds it to the modal's shadow root when an email view first renders there. The
 * email field itself is Connect's, styled by the modal's stylesheet.
 */
export const EMAIL_CSS = `
.email-step { display: flex; flex-direction: column; gap: 12px; padding: 8px 4px 6px; }
.email-lead { margin: 0; text-align: center; color: var(--lk-color-fg-200); font-size: var(--lk-font-size-small); overflow-wrap: anywhere; }
.otp { display: flex; flex-direction: column; align-items: center; gap: 10px; }
.otp-field { display: block; width: 100%; }
.otp-field input { width: 100%; height: 56px; padding: 0 0 0 0.5em; border: 0; outline: 0; border-radius: var(--lk-border-radius-s);
  background: var(--lk-surface-2); color: var(--lk-color-fg-100); box-shadow: inset 0 0 0 1px var(--lk-surface-3); font: inherit;
  font-size: var(--lk-font-size-title); font-variant-numeric: tabular-nums; letter-spacing: 0.5em; text-align: center;
  transition: box-shadow var(--lk-duration-md) var(--lk-ease); }
.otp-field input:focus { box-shadow: inset 0 0 0 1px var(--lk-accent), 0 0 0 3px var(--lk-accent-soft); }
.otp-field input[aria-invalid='true'] { box-shadow: inset 0 0 0 1px var(--lk-color-error); }
.otp .primary { width: 100%; }
.otp [aria-live] { align-self: stretch; text-align: center; }
.otp-resend { padding: 6px 12px; border-radius: var(--lk-border-radius-3xl); color: var(--lk-accent-text); font-size: var(--lk-font-size-small);
  font-weight: var(--lk-font-weight-medium); font-variant-numeric: tabular-nums; }
.otp-resend:hover:not(:disabled) { background: var(--lk-accent-soft); }
.otp-resend:disabled { color: var(--lk-color-fg-200); }
.email-mark { width: 72px; height: 72px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center;
  background: var(--lk-accent-soft); color: var(--lk-accent-text); }
`
