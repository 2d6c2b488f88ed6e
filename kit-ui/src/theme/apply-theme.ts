import type { CssVariables } from '@latchkey/core'

/** The parts of an element the theme writes: its inline style and attributes. */
export interface ThemeHost {
  style: Pick<CSSStyleDeclaration, 'setProperty' | 'removeProperty'>
  setAttribute(name: string, value: string): void
}

/**
 * Writes a theme's CSS custom properties on a shadow host (so every node of its shadow tree inherits them),
 * removes the ones a previous theme set that this one lacks, and marks the mode in `data-theme` and
 * `color-scheme`. Returns the names written, to pass back as `previous` next time. Never throws.
 */
export function applyThemeToHost(
  host: ThemeHost,
  mode: 'light' | 'dark',
  variables: CssVariables,
  previous: readonly string[] = [],
): string[] {
  const names = Object.keys(variables)
  for (const name of previous) if (!(name in variables)) host.style.removeProperty(name)
  for (const name of names) host.style.setProperty(name, variables[name as `--lk-${string}`] ?? '')
  host.style.setProperty('color-scheme', mode)
  host.setAttribute('data-theme', mode)
  return names
}
