// docs/architecture.md tells a reader where things live: every repository path it names in backticks must exist,
// and the three facts it spells out must still be declared where it says. A file moved without updating the doc
// fails here.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { findWorkspaceRoot } from '../src/workspace.js'

const root = findWorkspaceRoot()
const DOC = 'docs/architecture.md'
const text = readFileSync(join(root, DOC), 'utf8')

/** A path: slash-separated names, maybe ending in `/` (a folder). Globs, `#symbol`, calls and spaces are not. */
const PATH = /^(?:[\w.-]+\/)*[\w.-]+\/?$/
/** A bare name counts as a root file only with one of these endings; `Eip1193Session.connect` is not a file. */
const FILE = /\.(?:ts|tsx|mts|js|mjs|cjs|json|md|sh)$/

/** Every `inline code` span outside fenced blocks that reads as a path, with its line in the doc. */
function namedPaths(markdown: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = []
  let fenced = false
  markdown.split('\n').forEach((line, index) => {
    if (/^ {0,3}(?:```|~~~)/.test(line)) fenced = !fenced
    if (fenced) return
    for (const [, code = ''] of line.matchAll(/`([^`]+)`/g)) {
      if (PATH.test(code) && (code.includes('/') || FILE.test(code)))
        found.push({ path: code, line: index + 1 })
    }
  })
  return found
}

const paths = namedPaths(text)

describe(DOC, () => {
  test('names the repository paths of its tables and walkthroughs', () => {
    // A safeguard against a pattern that finds nothing: the doc's area table alone names dozens of files.
    expect(paths.length).toBeGreaterThan(80)
    expect(paths.map((p) => p.path)).toContain('kit-core/src/controllers/connection/connection-controller.ts')
  })

  test('every path it names exists (a trailing / names a folder)', () => {
    const missing = paths.filter(({ path }) => {
      const full = join(root, path)
      if (!existsSync(full)) return true
      return path.endsWith('/') && !statSync(full).isDirectory()
    })
    expect(missing.map(({ path, line }) => `${DOC}:${line}: ${path}`)).toEqual([])
  })

  test.each([
    [
      'RECENT_WALLETS_LIMIT',
      'kit-core/src/controllers/connection/connection-controller.ts',
      /RECENT_WALLETS_LIMIT = 2\b/,
    ],
    [
      'DISCONNECT_TIMEOUT_MS',
      'kit-core/src/controllers/connection/connection-controller.ts',
      /DISCONNECT_TIMEOUT_MS = 3000\b/,
    ],
    ['DISCONNECT_WAIT_MS', 'adapters/universal/src/provider.ts', /DISCONNECT_WAIT_MS = 2500\b/],
    [
      'decideNetworkSwitch',
      'kit-core/src/controllers/navigation/network-switch.ts',
      /function decideNetworkSwitch\(/,
    ],
  ])('%s is declared in %s, as the doc says', (symbol, file, declaration) => {
    expect(text).toContain(symbol)
    expect(text).toContain(`\`${file}\``)
    expect(readFileSync(join(root, file), 'utf8')).toMatch(declaration)
  })
})
