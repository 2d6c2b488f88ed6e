import { describe, expect, test } from 'vitest'
import {
  createThemeController,
  DEFAULT_THEME_MODE,
  THEME_COLORS,
  themeToCssVariables,
  validateThemeVariables,
} from '../../src/controllers/config/index.js'
import { LatchkeyError } from '../../src/errors/index.js'

describe('theme', () => {
  test('[§9.29] default mode dark; accents hsla(231,100%,70%,1) on #fff and hsla(230,100%,67%,1) on #121313', () => {
    expect(DEFAULT_THEME_MODE).toBe('dark')
    expect(createThemeController().state.get()).toEqual({ themeMode: 'dark', themeVariables: {} })
    expect(THEME_COLORS).toEqual({
      light: { accent: 'hsla(231,100%,70%,1)', background: '#fff' },
      dark: { accent: 'hsla(230,100%,67%,1)', background: '#121313' },
    })
    const light = themeToCssVariables('light')
    expect(light['--lk-accent']).toBe('hsla(231,100%,70%,1)')
    expect(light['--lk-background']).toBe('#fff')
    const dark = themeToCssVariables('dark')
    expect(dark['--lk-accent']).toBe('hsla(230,100%,67%,1)')
    expect(dark['--lk-background']).toBe('#121313')
  })

  test('[§9.30] modal width 360px, base font 10px, radius 4px, z-index 999, colour mix 0%, weights 400-700, transitions 75/125/200 ms', () => {
    const css = themeToCssVariables('dark')
    expect(css).toMatchObject({
      '--lk-modal-width': '360px',
      '--lk-font-size-master': '10px',
      '--lk-border-radius-master': '4px',
      '--lk-z-index': '999',
      '--lk-color-mix-strength': '0%',
      '--lk-font-weight-light': '400',
      '--lk-font-weight-regular': '500',
      '--lk-font-weight-medium': '600',
      '--lk-font-weight-bold': '700',
      '--lk-duration-sm': '75ms',
      '--lk-duration-md': '125ms',
      '--lk-duration-lg': '200ms',
    })
    expect(css['--lk-font-family']).toBeTruthy()
    expect(css['--lk-border-radius-xs']).toBe('calc(var(--lk-border-radius-master) * 4)')
    expect(Object.keys(css).every((key) => key.startsWith('--lk-'))).toBe(true)
  })

  test('host variables win over the defaults; numbers become CSS values', () => {
    const css = themeToCssVariables('light', {
      '--lk-accent': '#ff0066',
      '--lk-color-mix': 'rgb(0 0 0 / 50%)',
      '--lk-color-mix-strength': 40,
      '--lk-border-radius-master': 2,
      '--lk-z-index': 10_000,
      '--lk-font-family': "'Comic Neue', cursive",
    })
    expect(css).toMatchObject({
      '--lk-accent': '#ff0066',
      '--lk-color-mix': 'rgb(0 0 0 / 50%)',
      '--lk-color-mix-strength': '40%',
      '--lk-border-radius-master': '2px',
      '--lk-z-index': '10000',
      '--lk-font-family': "'Comic Neue', cursive",
      '--lk-background': '#fff',
    })
  })

  test('setThemeMode and setThemeVariables update the state and merge', () => {
    const theme = createThemeController({ themeMode: 'light', themeVariables: { '--lk-accent': '#000' } })
    const seen: string[] = []
    theme.state.subscribe((state) => seen.push(state.themeMode))
    theme.setThemeMode('dark')
    theme.setThemeVariables({ '--lk-z-index': 5 })
    expect(theme.state.get().themeVariables).toEqual({ '--lk-accent': '#000', '--lk-z-index': 5 })
    theme.setThemeVariables({ '--lk-accent': undefined })
    expect(theme.state.get().themeVariables).toEqual({ '--lk-z-index': 5 })
    expect(theme.getCssVariables()['--lk-accent']).toBe('hsla(230,100%,67%,1)')
    expect(seen).toEqual(['dark', 'dark', 'dark'])
  })

  test.each([
    ['a declaration break', { '--lk-accent': 'red;} body{display:none' }],
    ['a url()', { '--lk-accent': 'url(https://evil.example/x.png)' }],
    ['a url() in the font family', { '--lk-font-family': 'x, url(//evil)' }],
    ['a comment', { '--lk-color-mix': '#fff/**/' }],
    ['markup', { '--lk-font-family': '</style><script>' }],
    ['an object', { '--lk-accent': { toString: (): string => 'red' } }],
    ['a non-colour', { '--lk-accent': 'red blue' }],
    ['a length that is not one', { '--lk-border-radius-master': 'calc(1px + 1px)' }],
    ['a fractional z-index', { '--lk-z-index': 1.5 }],
    ['a mix strength over 100', { '--lk-color-mix-strength': 120 }],
    ['an unknown variable', { '--lk-accnet': '#fff' }],
    ['not an object', 'dark'],
  ])('rejects %s', (_, variables) => {
    let error: unknown
    try {
      validateThemeVariables(variables)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(LatchkeyError)
    expect((error as LatchkeyError).code).toBe('INVALID_OPTIONS')
    expect((error as LatchkeyError).message).toMatch(/^Invalid option `themeVariables/)
  })

  test('the setters refuse bad input and leave the state as it was', () => {
    const theme = createThemeController()
    expect(() => theme.setThemeMode('blue' as 'dark')).toThrow(
      "Invalid option `themeMode`: expected 'light' or 'dark'",
    )
    expect(() => theme.setThemeVariables({ '--lk-accent': 'url(x)' })).toThrow(LatchkeyError)
    expect(theme.state.get()).toEqual({ themeMode: 'dark', themeVariables: {} })
  })
})
