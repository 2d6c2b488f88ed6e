import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  describeImportFailure,
  importWithoutBrowserGlobals,
  listPublishedEntries,
  type PublishedEntry,
} from '../src/entry-imports.js'
import { listNodeEntries } from '../src/exports.js'
import { readPackage } from '../src/workspace.js'
import { fixture } from './helpers.js'

/**
 * Check 1: every entry point of every published package imports in a fresh Node process in which
 * `window`, `document`, `localStorage` and `customElements` throw on any use (SSR-safe, no state
 * built at import time). Runs against the built output: build first (`npx nx run-many -t build`).
 */
const entries = listPublishedEntries()

async function expectCleanImport(entry: PublishedEntry) {
  const result = await importWithoutBrowserGlobals(entry.specifier, { cwd: entry.packageDir })
  if (!result.ok) throw new Error(describeImportFailure(entry, result))
}

describe('every entry point of a published package imports in Node without browser globals', () => {
  test('the published packages have entry points to check', () => {
    expect(entries.length).toBeGreaterThan(0)
  })

  test.each(entries.map((entry) => [entry.packageName, entry.subpath, entry] as const))(
    '%s %s',
    async (_name, _subpath, entry) => {
      await expectCleanImport(entry)
    },
  )
})

describe('the check can fail', () => {
  const importFixture = (path: string) =>
    importWithoutBrowserGlobals(pathToFileURL(fixture(`browser-globals/${path}`)).href, {
      cwd: fixture('browser-globals'),
    })

  test('a module that reads window.location at import time fails, naming the global and the property', async () => {
    const result = await importFixture('reads-window-location.mjs')
    expect(result.ok).toBe(false)
    expect(result.stderr).toContain('reads window.location (get trap on globalThis.window)')
    expect(result.stderr).toContain('reads-window-location.mjs')
  })

  test('a touch swallowed by try/catch still fails', async () => {
    const result = await importFixture('swallows-storage-access.mjs')
    expect(result.ok).toBe(false)
    expect(result.stderr).toContain('reads localStorage.getItem (get trap on globalThis.localStorage)')
  })

  test('only a Node-only native add-on loader (node-gyp-build) may probe window.process; the same read elsewhere fails', async () => {
    // Built in a temporary folder: a node_modules folder cannot be committed as a fixture.
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-checks-'))
    try {
      const probe = "export const electron = typeof window !== 'undefined' && Boolean(window.process)\n"
      mkdirSync(join(dir, 'node_modules', 'node-gyp-build'), { recursive: true })
      writeFileSync(join(dir, 'node_modules', 'node-gyp-build', 'probe.mjs'), probe)
      writeFileSync(
        join(dir, 'uses-loader.mjs'),
        "export { electron } from './node_modules/node-gyp-build/probe.mjs'\n",
      )
      writeFileSync(join(dir, 'probes-itself.mjs'), probe)
      const run = (name: string) =>
        importWithoutBrowserGlobals(pathToFileURL(join(dir, name)).href, { cwd: dir })
      expect((await run('uses-loader.mjs')).ok).toBe(true)
      const own = await run('probes-itself.mjs')
      expect(own.ok).toBe(false)
      expect(own.stderr).toContain('reads window.process (get trap on globalThis.window)')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('registering a custom element at import time fails', async () => {
    const result = await importFixture('defines-element-at-import.mjs')
    expect(result.ok).toBe(false)
    expect(result.stderr).toContain('reads customElements.define')
  })

  test('a module that touches the globals only when called, or only through typeof, passes', async () => {
    const result = await importFixture('clean.mjs')
    expect(result.stderr).toBe('')
    expect(result.ok).toBe(true)
  })

  test('every trap throws, naming the global and what was done', async () => {
    const probes: Array<[string, string]> = [
      ['document.cookie = "a"', 'writes document.cookie (set trap'],
      ['"getItem" in localStorage', 'checks "getItem" in localStorage (has trap'],
      ['delete window.ethereum', 'deletes window.ethereum (deleteProperty trap'],
      ['Object.keys(window)', 'lists the keys of window (ownKeys trap'],
      [
        'Object.getOwnPropertyDescriptor(document, "body")',
        'descriptor of document.body (getOwnPropertyDescriptor trap',
      ],
      ['Object.defineProperty(window, "x", { value: 1 })', 'defines window.x (defineProperty trap'],
      [
        'Object.getPrototypeOf(customElements)',
        'reads the prototype of customElements (instanceof?) (getPrototypeOf trap',
      ],
      ['Object.setPrototypeOf(window, null)', 'sets the prototype of window (setPrototypeOf trap'],
      ['Object.isExtensible(window)', 'window is extensible (isExtensible trap'],
      ['Object.preventExtensions(window)', 'prevents extensions of window (preventExtensions trap'],
      ['window()', 'calls window() (apply trap'],
      ['new document()', 'constructs new document() (construct trap'],
      ['window[Symbol.iterator]', 'reads window[Symbol(Symbol.iterator)] (get trap'],
    ]
    const results = await Promise.all(
      probes.map(([code]) =>
        importWithoutBrowserGlobals(`data:text/javascript,${encodeURIComponent(code)}`, {
          cwd: fixture('browser-globals'),
        }),
      ),
    )
    results.forEach((result, i) => {
      const [code, expected] = probes[i] ?? ['', '']
      expect(result.ok, code).toBe(false)
      expect(result.stderr, code).toContain(expected)
    })
  })

  test('a failing entry of a package is reported with package, subpath and the child stderr', async () => {
    const pkg = readPackage(fixture('browser-globals/package'))
    const entry = listNodeEntries(pkg).find((candidate) => candidate.subpath === './touches-document')
    expect(entry).toBeDefined()
    const published: PublishedEntry = { ...(entry as NonNullable<typeof entry>), packageDir: pkg.dir }
    const error = await expectCleanImport(published).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toContain('@fixture/entries subpath "./touches-document" does not import cleanly')
    expect(message).toContain('reads document.title (get trap on globalThis.document)')
    expect(message).toContain('lib/touches-document.js')
  })

  test('the clean entries of the same package pass, imported by self-reference like a consumer would', async () => {
    const pkg = readPackage(fixture('browser-globals/package'))
    const clean = listNodeEntries(pkg).filter((entry) => entry.subpath !== './touches-document')
    for (const entry of clean) await expectCleanImport({ ...entry, packageDir: pkg.dir })
  })

  test('an import that never settles is killed and reported', async () => {
    const code = 'setInterval(() => {}, 1000)'
    const result = await importWithoutBrowserGlobals(`data:text/javascript,${encodeURIComponent(code)}`, {
      cwd: fixture('browser-globals'),
      timeoutMs: 500,
    })
    expect(result.ok).toBe(false)
    expect(result.timedOut).toBe(true)
    expect(result.stderr).toContain('did not exit within 500 ms')
  })
})
