/**
 * What every shadow tree starts from: the theme's font, box sizing, visible focus, and no motion for those
 * who asked for none. Accent- and error-coloured text (`--lk-accent-text`, `--lk-error-text`) leans towards the
 * foreground so it stays readable on either theme's surface; text on the accent (`--lk-on-accent`) is white on a dark accent and black on a light one, so
 * any host accent keeps its label readable (SPEC §9's accents are light: black reaches WCAG AA, white does not). Colours and sizes are the `--lk-*` custom properties the host element carries.
 */
export const BASE_CSS = `
:host { all: initial; display: inline-block; font-family: var(--lk-font-family); font-size: var(--lk-font-size-master);
  -webkit-font-smoothing: antialiased; --lk-surface: color-mix(in srgb, var(--lk-color-mix) var(--lk-color-mix-strength), var(--lk-color-bg-100));
  --lk-surface-2: color-mix(in srgb, var(--lk-color-mix) var(--lk-color-mix-strength), var(--lk-color-bg-150));
  --lk-surface-3: color-mix(in srgb, var(--lk-color-mix) var(--lk-color-mix-strength), var(--lk-color-bg-200));
  --lk-accent-soft: color-mix(in srgb, var(--lk-accent) 14%, transparent);
  --lk-error-text: color-mix(in oklab, var(--lk-color-error) 70%, var(--lk-color-fg-100));
  --lk-accent-text: color-mix(in oklab, var(--lk-accent) 60%, var(--lk-color-fg-100));
  --lk-on-accent: oklch(from var(--lk-accent) clamp(0, (0.6 - l) * 1000, 1) 0 0);
  --lk-ease: cubic-bezier(0.3, 0, 0.2, 1); }
*, *::before, *::after { box-sizing: border-box; }
button, a { font: inherit; color: inherit; }
button { cursor: pointer; border: 0; background: none; padding: 0; margin: 0; }
button:disabled { cursor: default; opacity: 0.55; }
button[aria-disabled='true'] { cursor: progress; opacity: 0.55; }
:focus { outline: none; }
:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.avatar { border-radius: 50%; flex: none; overflow: hidden; display: inline-block; }
.avatar img { width: 100%; height: 100%; object-fit: cover; display: block; }
.tile { flex: none; display: inline-flex; align-items: center; justify-content: center; overflow: hidden;
  border-radius: var(--lk-border-radius-xs); background: var(--lk-surface-3); color: var(--lk-color-fg-200);
  font-weight: var(--lk-font-weight-bold); }
.tile img { width: 100%; height: 100%; object-fit: cover; display: block; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0s !important; animation-iteration-count: 1 !important; transition-duration: 0s !important; }
}
`
