import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buttonMessagesEn } from './button-messages-en.js'
import { completeDefaultMessages, createKitTranslate } from './kit-translate.js'
import { messagesEn } from './messages-en.js'
import { modalMessagesEn } from './modal-messages-en.js'
import { createTranslate } from './translate.js'

const SRC = join(import.meta.dirname, '..')

/** The source files `entry` reaches through static value imports (`import()` starts another chunk; types vanish). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>()
  const queue = [entry]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, spec] of text.matchAll(
      /^(?:import|export)\s(?!type\s)[^'"]*?from '(\.{1,2}\/[^']+)\.js'/gm,
    )) {
      const base = join(dirname(file), spec as string)
      const found = ['.ts', '.tsx']
        .map((ext) => base + ext)
        .find((path) => statSync(path, { throwIfNoEntry: false }))
      if (found) queue.push(found)
    }
  }
  return seen
}

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

  it('ships the buttons’ strings in the first chunk and the modal’s with the modal', () => {
    const overlap = Object.keys(buttonMessagesEn).filter((key) => key in modalMessagesEn)
    expect(overlap).toEqual([])
    expect(Object.keys(messagesEn).sort()).toEqual(
      [...Object.keys(buttonMessagesEn), ...Object.keys(modalMessagesEn)].sort(),
    )
    // What createKit reaches without import() is what a host's first chunk holds (the index re-exports messagesEn,
    // which a host that never imports it does not ship). Every key asked there is a button string.
    const first = staticGraph(join(SRC, 'kit', 'create-kit.ts'))
    expect(first.has(join(SRC, 'elements', 'button-dom.ts'))).toBe(true)
    expect(first.has(join(SRC, 'i18n', 'modal-messages-en.ts'))).toBe(false)
    expect(first.has(join(SRC, 'modal', 'modal-host.tsx'))).toBe(false)
    const asked = [...first]
      .filter((path) => !path.endsWith(join('i18n', 'messages-en.ts')) && !path.endsWith('translate.ts'))
      .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/\bt\('(\w+)'/g)].map((m) => m[1] as string))
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.filter((key) => !(key in buttonMessagesEn))).toEqual([])
    // The modal's chunk adds its strings as it loads.
    expect(readFileSync(join(SRC, 'modal', 'modal-host.tsx'), 'utf8')).toContain(
      'completeDefaultMessages(modalMessagesEn)',
    )
  })

  it('gives a kit the host’s catalogue, else the English defaults with the modal’s strings once added', () => {
    const german = { ...messagesEn, close: 'Schließen' }
    expect(createKitTranslate(german)('close')).toBe('Schließen')
    expect(createKitTranslate()('connectWallet')).toBe('Connect Wallet')
    completeDefaultMessages(modalMessagesEn)
    expect(createKitTranslate()('waitingTitle', { name: 'X' })).toBe('Continue in X')
  })

  it('fills parameters as text and leaves a missing one visible', () => {
    const t = createTranslate()
    expect(t('waitingTitle', { name: '<b>Evil</b>' })).toBe('Continue in <b>Evil</b>')
    expect(t('switchingTo')).toBe('Switching to {name}')
    expect(t('switchingTo', {})).toBe('Switching to {name}')
    expect(createTranslate({ ...messagesEn, close: 'Schließen' })('close')).toBe('Schließen')
  })
})
