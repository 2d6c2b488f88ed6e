import { relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { listExportTargets, listNodeEntries, resolveConditions } from '../src/exports.js'
import { classifyPackage, findWorkspaceRoot, listWorkspacePackages, readPackage } from '../src/workspace.js'
import { fixture } from './helpers.js'

describe('workspace discovery', () => {
  test('reads the packages from the root package.json workspaces, in order, honouring negations', () => {
    const root = fixture('workspace')
    const packages = listWorkspacePackages(root).map((pkg) => [pkg.relativeDir, pkg.name, pkg.kind])
    expect(packages).toEqual([
      ['packages/core', '@fixture/core', 'published'],
      ['packages/ui', '@fixture/ui', 'placeholder'],
      ['tools/harness', '@fixture/harness', 'private'],
    ])
  })

  test('classifies packages: private without build is a placeholder, private with build is a tool', () => {
    expect(classifyPackage({ name: 'a' })).toBe('published')
    expect(classifyPackage({ name: 'a', private: false, scripts: { build: 'tsc' } })).toBe('published')
    expect(classifyPackage({ name: 'a', private: true })).toBe('placeholder')
    expect(classifyPackage({ name: 'a', private: true, scripts: { lint: 'biome check .' } })).toBe(
      'placeholder',
    )
    expect(classifyPackage({ name: 'a', private: true, scripts: { build: 'tsc' } })).toBe('private')
  })

  test('finds this repository and its published packages', () => {
    const root = findWorkspaceRoot()
    const packages = listWorkspacePackages(root)
    expect(packages.map((pkg) => pkg.name)).toContain('@latchkey/core')
    expect(packages.map((pkg) => pkg.name)).toContain('@latchkey/checks')
    expect(packages.find((pkg) => pkg.name === '@latchkey/checks')?.kind).not.toBe('published')
  })
})

describe('exports maps', () => {
  const pkg = readPackage(fixture('browser-globals/package'))

  test('Node entries: nested conditions, expanded patterns, null exclusions, no package.json or CSS', () => {
    const entries = listNodeEntries(pkg).map((entry) => [
      entry.subpath,
      entry.specifier,
      relative(pkg.dir, entry.file ?? ''),
    ])
    expect(entries).toEqual([
      ['.', '@fixture/entries', 'lib/node.js'],
      ['./touches-document', '@fixture/entries/touches-document', 'lib/touches-document.js'],
      ['./chains/mainnet', '@fixture/entries/chains/mainnet', 'lib/chains/mainnet.js'],
    ])
  })

  test('export targets: every runtime condition except types', () => {
    const targets = listExportTargets(pkg).map((target) => [
      target.subpath,
      relative(pkg.dir, target.file),
      target.conditions,
    ])
    expect(targets).toEqual([
      ['.', 'lib/node.js', ['import', 'node']],
      ['.', 'lib/index.js', ['import', 'default']],
      ['./touches-document', 'lib/touches-document.js', ['default']],
      ['./chains/mainnet', 'lib/chains/mainnet.js', []],
      ['./styles.css', 'lib/styles.css', []],
    ])
  })

  test('condition resolution follows key order, like Node', () => {
    const target = { browser: './b.js', import: { types: './t.d.ts', default: './i.js' }, default: './d.js' }
    expect(resolveConditions(target, ['node', 'import', 'default'])?.path).toBe('./i.js')
    expect(resolveConditions(target, ['browser', 'import', 'default'])?.path).toBe('./b.js')
    expect(resolveConditions({ browser: './b.js' }, ['node', 'import', 'default'])).toBeUndefined()
    expect(resolveConditions([{ worker: './w.js' }, './f.js'], ['import', 'default'])?.path).toBe('./f.js')
  })
})
