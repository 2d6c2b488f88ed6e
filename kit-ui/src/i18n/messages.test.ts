import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { messagesEn } from './messages-en.js'
import { createTranslate } from './translate.js'

const SRC = join(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })
}

describe('the message catalogue', () => {
  const sources = sourceFiles(SRC).map((path) => readFileSync(path, 'utf8'))
  const used = new Set(
    sources.flatMap((text) => [...text.matchAll(/\bt\('(\w+)'/g)].map((m) => m[1] as string)),
  )

  it('holds every key the views ask for', () => {
    const missing = [...used].filter((key) => !(key in messagesEn))
    expect(missing).toEqual([])
    expect(used.size).toBeGreaterThan(20)
  })

  it('holds no key that nothing uses, and every string is non-empty text without markup', () => {
    const viaLabels = sources.join('\n')
    const unused = Object.keys(messagesEn).filter((key) => !used.has(key) && !viaLabels.includes(`'${key}'`))
    expect(unused).toEqual([])
    for (const [key, text] of Object.entries(messagesEn)) {
      expect(text.trim(), key).not.toBe('')
      expect(text, key).not.toMatch(/[<>]/)
    }
  })

  it('has no literal user-facing text in the views: JSX text comes from the catalogue', () => {
    const jsxText = /<(h\d|p|span|button|a)\b[^>]*>\s*([A-Z][a-z]+ [a-z]+[^<{]*)</g
    for (const path of sourceFiles(SRC).filter((p) => p.endsWith('.tsx'))) {
      expect(
        [...readFileSync(path, 'utf8').matchAll(jsxText)].map((m) => m[2]),
        path,
      ).toEqual([])
    }
  })

  it('fills parameters as text and leaves a missing one visible', () => {
    const t = createTranslate()
    expect(t('waitingTitle', { name: '<b>Evil</b>' })).toBe('Continue in <b>Evil</b>')
    expect(t('switchingTo')).toBe('Switching to {name}')
    expect(t('switchingTo', {})).toBe('Switching to {name}')
    expect(createTranslate({ ...messagesEn, close: 'Schließen' })('close')).toBe('Schließen')
  })
})
