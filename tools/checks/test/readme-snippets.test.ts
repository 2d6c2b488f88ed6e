// Every ```ts / ```tsx / ```typescript block of every README in the repository compiles: against the built
// packages (`@latchkey/*` resolve to their dist types), strict, each block a module of its own. One compiler
// run checks them all, and the fixture README beside them shows that a broken block is reported.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  extractSnippets,
  formatSnippetFailures,
  listReadmes,
  type SnippetFailure,
  typeCheckSnippets,
} from '../src/readme-snippets.js'
import { findWorkspaceRoot } from '../src/workspace.js'
import { fixture } from './helpers.js'

const root = findWorkspaceRoot()
const FIXTURES = 'tools/checks/test/fixtures/'
const FIXTURE_README = `${FIXTURES}readme-snippets/README.md`

const readmes = listReadmes(root).filter((path) => !path.startsWith(FIXTURES))
const snippets = [...readmes, FIXTURE_README].flatMap((path) =>
  extractSnippets(path, readFileSync(join(root, path), 'utf8')),
)

describe('README snippets', () => {
  test('the READMEs are found, the root and every package among them', () => {
    expect(readmes).toContain('README.md')
    expect(readmes).toContain('kit-core/README.md')
    expect(readmes).toContain('kit-react/README.md')
    expect(readmes.some((path) => path.includes('node_modules'))).toBe(false)
    expect(snippets.filter((s) => s.readme !== FIXTURE_README).length).toBeGreaterThan(10)
  })

  test('fences: ts, tsx and typescript blocks are taken (indented ones too), others are not', () => {
    const text = [
      '# t', //                1
      '```ts', //              2
      'const a = 1', //        3
      '```', //                4
      '```sh', //              5
      'npm ci', //             6
      '```', //                7
      '- item', //             8
      '  ```tsx', //           9
      '  const b = <i />', // 10
      '  ```', //             11
      '````md', //            12
      '```typescript', //     13
      'not code', //          14
      '```', //               15
      '````', //              16
      '~~~typescript', //     17
      'let c: number', //     18
      '~~~', //               19
    ].join('\n')
    expect(extractSnippets('x/README.md', text)).toEqual([
      { readme: 'x/README.md', fenceLine: 2, kind: 'ts', code: 'const a = 1' },
      { readme: 'x/README.md', fenceLine: 9, kind: 'tsx', code: 'const b = <i />' },
      { readme: 'x/README.md', fenceLine: 17, kind: 'ts', code: 'let c: number' },
    ])
  })

  test('titled blocks are files of one app: they import one another by relative path; a bad title is refused', () => {
    const text = [
      '```tsx title="app/util.ts"', // 1
      'export const one = 1', //      2
      '```', //                       3
      '```tsx title="app/page.tsx"', // 4
      "import { one } from './util'", // 5
      'export const two: number = one + 1', // 6
      '```', //                       7
    ].join('\n')
    const titled = extractSnippets('x/README.md', text)
    expect(titled.map((snippet) => snippet.file)).toEqual(['app/util.ts', 'app/page.tsx'])
    expect(typeCheckSnippets(root, titled)).toEqual([])
    const wrong = titled.map((snippet) => ({ ...snippet, code: snippet.code.replace('number', 'string') }))
    expect(typeCheckSnippets(root, wrong).map((failure) => failure.line)).toEqual([6])
    for (const title of ['../up.ts', 'app/../../x.tsx', '/abs.ts', 'page.js'])
      expect(() => extractSnippets('x/README.md', `\`\`\`ts title="${title}"\nx\n\`\`\``)).toThrow(
        `x/README.md:1: title="${title}" is not a relative .ts or .tsx path`,
      )
  })

  // One compiler run for every README and the fixture; the two tests below read its result.
  let result: SnippetFailure[] | undefined
  const failures = () => {
    result ??= typeCheckSnippets(root, snippets)
    return result
  }

  test('every TypeScript block of every README type-checks', { timeout: 120_000 }, () => {
    const real = failures().filter((f) => f.readme !== FIXTURE_README)
    // A failure reads `kit-core/README.md:42:3 (block at line 38): TS2304: Cannot find name 'projectId'.`
    expect(formatSnippetFailures(real), 'README snippets that do not compile').toBe('')
  })

  test('a broken block is reported with its README, line and the compiler message', {
    timeout: 120_000,
  }, () => {
    const text = readFileSync(fixture('readme-snippets/README.md'), 'utf8')
    expect(text).toContain('```ts')
    const reported = failures().filter((f) => f.readme === FIXTURE_README)
    expect(reported.map((f) => [f.fenceLine, f.line, f.message.slice(0, 7)])).toEqual([
      [5, 8, 'TS2322:'],
      [13, 14, 'TS2304:'],
    ])
    expect(formatSnippetFailures(reported)).toContain(`${FIXTURE_README}:8:7 (block at line 5): TS2322:`)
  })
})
