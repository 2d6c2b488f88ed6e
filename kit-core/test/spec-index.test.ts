/**
 * The rule index: every sentence of SPEC §2, §4, §5, §6, §8 and §9, quoted word for word with a rule id and
 * its scope. Fails when SPEC.md and the index disagree, and when an in-scope rule has no test whose title
 * names its id. `LATCHKEY_UPDATE_SPEC_INDEX=1` rewrites the index from SPEC.md, keeping the scope of every
 * sentence it already knew and marking new ones 'unclassified' (which fails until someone classifies them).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { specUnits } from './spec/spec-units.js'

interface Rule {
  id: string
  text: string
  scope: 'in' | 'out' | 'unclassified'
  owner: string
  note?: string
}

const packageRoot = new URL('..', import.meta.url).pathname
const specPath = new URL('../../../shared/SPEC.md', import.meta.url).pathname
const indexPath = new URL('./spec/rules.json', import.meta.url).pathname
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { $comment: string; rules: Rule[] }

function idsFor(units: { section: string; text: string }[]): string[] {
  const counters = new Map<string, number>()
  return units.map(({ section }) => {
    const n = (counters.get(section) ?? 0) + 1
    counters.set(section, n)
    return `§${section}.${n}`
  })
}

/** Every test, it and describe title in the package's test files. */
function testTitles(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.test.ts')) files.push(path)
    }
  }
  walk(join(packageRoot, 'src'))
  walk(join(packageRoot, 'test'))
  const title =
    /\b(?:test|it|describe)(?:\.(?:each|concurrent|sequential)(?:\([\s\S]*?\))?)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(title)].map((m) => m[2] ?? ''))
}

describe('the SPEC rule index', () => {
  test('SPEC.md is where the repository expects it (../shared beside the repo)', () => {
    expect(existsSync(specPath), `missing ${specPath}`).toBe(true)
  })

  const units = existsSync(specPath) ? specUnits(readFileSync(specPath, 'utf8')) : []
  const ids = idsFor(units)

  if (process.env.LATCHKEY_UPDATE_SPEC_INDEX) {
    const known = new Map(index.rules.map((rule) => [rule.text, rule]))
    const rules: Rule[] = units.map(({ text }, i) => {
      const { scope = 'unclassified', owner = '', note } = known.get(text) ?? {}
      return { id: ids[i] ?? '', text, scope, owner, ...(note ? { note } : {}) }
    })
    writeFileSync(indexPath, `${JSON.stringify({ ...index, rules }, null, 2)}\n`)
  }

  test('quotes every sentence of the rule sections, word for word and in order', () => {
    expect(index.rules.map((rule) => rule.text)).toEqual(units.map((unit) => unit.text))
    expect(index.rules.map((rule) => rule.id)).toEqual(ids)
  })

  test('classifies every rule as in or out of scope, with the area that owns it', () => {
    for (const rule of index.rules) {
      expect(['in', 'out'], `${rule.id} is ${rule.scope}`).toContain(rule.scope)
      expect(rule.owner.length, `${rule.id} has no owner`).toBeGreaterThan(0)
    }
  })

  test('names every in-scope rule in the title of at least one test', () => {
    const titles = testTitles().join('\n')
    const uncovered = index.rules
      .filter((rule) => rule.scope === 'in')
      .filter((rule) => !new RegExp(`${rule.id.replace('.', '\\.')}(?!\\d)`).test(titles))
      .map((rule) => `${rule.id} (${rule.owner}): ${rule.text}`)
    expect(uncovered).toEqual([])
  })
})
