import { invalidOption, isRecord } from '../options/option-checks.js'

export type ThemeMode = 'light' | 'dark'

/**
 * What a host may restyle (SPEC §1 themeVariables), as CSS custom properties with our prefix `--lk-`.
 * Lengths are CSS lengths ('4px', '0.5rem') or numbers of pixels; the mix strength is a percentage 0-100.
 */
export interface ThemeVariables {
  '--lk-font-family'?: string
  '--lk-accent'?: string
  '--lk-color-mix'?: string
  '--lk-color-mix-strength'?: number
  '--lk-font-size-master'?: string | number
  '--lk-border-radius-master'?: string | number
  '--lk-z-index'?: number
  '--lk-qr-color'?: string
}

/** Every CSS custom property the UI sets from a theme. */
export type CssVariables = Readonly<Record<`--lk-${string}`, string>>

/** The default mode (SPEC §9). */
export const DEFAULT_THEME_MODE: ThemeMode = 'dark'

/** Accent and background per mode (SPEC §9.29). */
export const THEME_COLORS = {
  light: { accent: 'hsla(231,100%,70%,1)', background: '#fff' },
  dark: { accent: 'hsla(230,100%,67%,1)', background: '#121313' },
} as const

/** The constants of SPEC §9.30. */
export const THEME_DEFAULTS = {
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  modalWidth: '360px',
  fontSizeMaster: '10px',
  borderRadiusMaster: '4px',
  zIndex: 999,
  colorMixStrength: 0,
  fontWeights: { light: 400, regular: 500, medium: 600, bold: 700 },
  durations: { sm: '75ms', md: '125ms', lg: '200ms' },
} as const

/** The rest of each mode's palette (text and surfaces); the spec fixes only accent and background. */
const PALETTE = {
  light: {
    'fg-100': '#141414',
    'fg-200': '#6d6d6d',
    'fg-300': '#9a9a9a',
    'bg-125': '#f5fafa',
    'bg-150': '#f3f8f8',
    'bg-200': '#eaf1f1',
    success: '#26b562',
    error: '#f05142',
  },
  dark: {
    'fg-100': '#e4e7e7',
    'fg-200': '#949e9e',
    'fg-300': '#798686',
    'bg-125': '#191a1a',
    'bg-150': '#1e1f1f',
    'bg-200': '#222525',
    success: '#26d962',
    error: '#f25a67',
  },
} as const

const RADIUS_SCALE = { '5xs': 1, '4xs': 1.5, '3xs': 2, xxs: 3, xs: 4, s: 5, m: 7, l: 9, '3xl': 20 }
const FONT_SCALE = {
  mini: 0.8,
  micro: 1,
  tiny: 1.2,
  small: 1.4,
  paragraph: 1.6,
  medium: 1.8,
  large: 2,
  title: 2.4,
}

const THEME_KEYS: readonly (keyof ThemeVariables)[] = [
  '--lk-font-family',
  '--lk-accent',
  '--lk-color-mix',
  '--lk-color-mix-strength',
  '--lk-font-size-master',
  '--lk-border-radius-master',
  '--lk-z-index',
  '--lk-qr-color',
]
const COLOR_KEYS = new Set<string>(['--lk-accent', '--lk-color-mix', '--lk-qr-color'])
const LENGTH_KEYS = new Set<string>(['--lk-font-size-master', '--lk-border-radius-master'])

/** Text that could end a declaration, open a block, load a resource or hide in a comment. */
const UNSAFE_CSS = /[;{}<>\\\n\r]|\/\*|\*\/|url\s*\(|expression\s*\(|@import|javascript:/i
/** A colour: hex, a named colour, or a colour function of numbers, percentages, angles and separators. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|[a-z-]+\([\w\s.,%/+-]*\))$/i
const CSS_LENGTH = /^\d+(\.\d+)?(px|rem|em|%)$/

/** Checks a theme mode. @throws LatchkeyError INVALID_OPTIONS for anything but 'light' or 'dark'. */
export function validateThemeMode(value: unknown, name = 'themeMode'): ThemeMode {
  if (value === 'light' || value === 'dark') return value
  throw invalidOption(name, "'light' or 'dark'", value)
}

/**
 * Checks host theme variables: known keys only, strings or numbers only, colours that are colours (no `;}`,
 * `url(` or other CSS injection), lengths that are lengths, a z-index that is an integer and a mix strength
 * of 0-100. Returns a copy. @throws LatchkeyError INVALID_OPTIONS naming the variable.
 */
export function validateThemeVariables(value: unknown, name = 'themeVariables'): ThemeVariables {
  if (!isRecord(value)) throw invalidOption(name, 'an object of CSS variables', value)
  const out: Record<string, string | number> = {}
  for (const [key, raw] of Object.entries(value)) {
    const label = `${name}['${key}']`
    if (raw === undefined) continue
    if (!THEME_KEYS.includes(key as keyof ThemeVariables)) {
      throw invalidOption(name, `only the keys ${THEME_KEYS.join(', ')}`, key)
    }
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) throw invalidOption(label, 'a finite number', raw)
    } else if (typeof raw !== 'string' || raw.trim() === '' || UNSAFE_CSS.test(raw)) {
      throw invalidOption(label, 'a plain CSS value (a string or a number)', raw)
    }
    if (COLOR_KEYS.has(key) && (typeof raw !== 'string' || !SAFE_COLOR.test(raw.trim()))) {
      throw invalidOption(label, 'a CSS colour', raw)
    }
    if (LENGTH_KEYS.has(key) && typeof raw === 'string' && !CSS_LENGTH.test(raw.trim())) {
      throw invalidOption(label, "a CSS length such as '4px'", raw)
    }
    if (key === '--lk-z-index' && !Number.isInteger(typeof raw === 'string' ? Number(raw) : raw)) {
      throw invalidOption(label, 'an integer', raw)
    }
    if (key === '--lk-color-mix-strength') {
      const strength = typeof raw === 'string' ? Number(raw.replace(/%$/, '')) : raw
      if (!Number.isFinite(strength) || strength < 0 || strength > 100) {
        throw invalidOption(label, 'a percentage from 0 to 100', raw)
      }
    }
    out[key] = typeof raw === 'string' ? raw.trim() : raw
  }
  return out as ThemeVariables
}

const px = (value: string | number) => (typeof value === 'number' ? `${value}px` : value)

/**
 * The CSS custom properties of a theme (SPEC §9.29, §9.30): the host's variables over the mode's defaults,
 * plus the scales derived from them. Pure; the UI sets the result on its shadow root host. Does not validate:
 * pass variables through {@link validateThemeVariables} first.
 */
export function themeToCssVariables(mode: ThemeMode, variables: ThemeVariables = {}): CssVariables {
  const colors = THEME_COLORS[mode]
  const strength = variables['--lk-color-mix-strength'] ?? THEME_DEFAULTS.colorMixStrength
  const css: Record<`--lk-${string}`, string> = {
    '--lk-font-family': variables['--lk-font-family'] ?? THEME_DEFAULTS.fontFamily,
    '--lk-accent': variables['--lk-accent'] ?? colors.accent,
    '--lk-background': colors.background,
    '--lk-color-mix': variables['--lk-color-mix'] ?? colors.background,
    '--lk-color-mix-strength': `${String(strength).replace(/%$/, '')}%`,
    '--lk-font-size-master': px(variables['--lk-font-size-master'] ?? THEME_DEFAULTS.fontSizeMaster),
    '--lk-border-radius-master': px(
      variables['--lk-border-radius-master'] ?? THEME_DEFAULTS.borderRadiusMaster,
    ),
    '--lk-z-index': String(variables['--lk-z-index'] ?? THEME_DEFAULTS.zIndex),
    '--lk-modal-width': THEME_DEFAULTS.modalWidth,
    '--lk-qr-color': variables['--lk-qr-color'] ?? PALETTE.light['fg-100'],
    '--lk-color-bg-100': colors.background,
  }
  for (const [name, value] of Object.entries(PALETTE[mode])) css[`--lk-color-${name}`] = value
  for (const [name, value] of Object.entries(THEME_DEFAULTS.fontWeights))
    css[`--lk-font-weight-${name}`] = String(value)
  for (const [name, value] of Object.entries(THEME_DEFAULTS.durations)) css[`--lk-duration-${name}`] = value
  for (const [name, factor] of Object.entries(RADIUS_SCALE)) {
    css[`--lk-border-radius-${name}`] = `calc(var(--lk-border-radius-master) * ${factor})`
  }
  for (const [name, factor] of Object.entries(FONT_SCALE)) {
    css[`--lk-font-size-${name}`] = `calc(var(--lk-font-size-master) * ${factor})`
  }
  return css
}
