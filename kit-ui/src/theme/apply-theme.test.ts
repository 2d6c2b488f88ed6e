import { THEME_COLORS, themeToCssVariables } from '@latchkey/core'
import { describe, expect, it } from 'vitest'
import { applyThemeToHost, type ThemeHost } from './apply-theme.js'

function fakeHost() {
  const props = new Map<string, string>()
  const attrs = new Map<string, string>()
  const host: ThemeHost = {
    style: {
      setProperty: (name: string, value: string | null) => void props.set(name, value ?? ''),
      removeProperty: (name: string) => {
        const old = props.get(name) ?? ''
        props.delete(name)
        return old
      },
    },
    setAttribute: (name, value) => void attrs.set(name, value),
  }
  return { host, props, attrs }
}

describe('applyThemeToHost', () => {
  it('writes the SPEC §9 defaults as --lk-* custom properties (dark by default values)', () => {
    const { host, props, attrs } = fakeHost()
    applyThemeToHost(host, 'dark', themeToCssVariables('dark'))
    expect(props.get('--lk-accent')).toBe(THEME_COLORS.dark.accent)
    expect(props.get('--lk-color-bg-100')).toBe('#121313')
    expect(props.get('--lk-modal-width')).toBe('360px')
    expect(props.get('--lk-border-radius-master')).toBe('4px')
    expect(props.get('--lk-font-size-master')).toBe('10px')
    expect(props.get('--lk-z-index')).toBe('999')
    expect(props.get('--lk-color-mix-strength')).toBe('0%')
    expect(
      ['light', 'regular', 'medium', 'bold'].map((name) => props.get(`--lk-font-weight-${name}`)),
    ).toEqual(['400', '500', '600', '700'])
    expect([
      props.get('--lk-duration-sm'),
      props.get('--lk-duration-md'),
      props.get('--lk-duration-lg'),
    ]).toEqual(['75ms', '125ms', '200ms'])
    expect(props.get('--lk-font-family')).toMatch(/system-ui/)
    expect(props.get('color-scheme')).toBe('dark')
    expect(attrs.get('data-theme')).toBe('dark')
  })

  it('switches mode and host variables in place, and drops what the new theme lacks', () => {
    const { host, props, attrs } = fakeHost()
    const first = applyThemeToHost(host, 'dark', { ...themeToCssVariables('dark'), '--lk-extra': '1' })
    applyThemeToHost(
      host,
      'light',
      themeToCssVariables('light', { '--lk-accent': '#ff0066', '--lk-z-index': 5 }),
      first,
    )
    expect(props.get('--lk-accent')).toBe('#ff0066')
    expect(props.get('--lk-color-bg-100')).toBe('#fff')
    expect(props.get('--lk-z-index')).toBe('5')
    expect(props.has('--lk-extra')).toBe(false)
    expect(attrs.get('data-theme')).toBe('light')
  })
})
