/** The default wallet icon: a small key on a violet square, as an SVG data URI. */
export const DEFAULT_ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#7c3aed"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M17 16h10M23 16v5M27 16v4" stroke="#fff" stroke-width="3"/></svg>',
)}` as const
