import { describe, expect, test } from 'vitest'
import { checkPackageDependencies, formatViolation, type RuleId } from '../src/dependency-rules.js'
import { analysePackageImports, packageOfSpecifier } from '../src/import-graph.js'
import { listWorkspacePackages, readPackage } from '../src/workspace.js'
import { fixture } from './helpers.js'

/**
 * Check 2: the dependency directions of DESIGN.md and declared dependencies, read from the BUILT
 * output of every published package (build first: `npx nx run-many -t build`).
 */
const workspace = listWorkspacePackages()
const published = workspace.filter((pkg) => pkg.kind === 'published')
const privatePackages = new Set(workspace.filter((pkg) => pkg.kind !== 'published').map((pkg) => pkg.name))

describe('the published packages follow the dependency rules', () => {
  test('there are published packages to check', () => {
    expect(published.length).toBeGreaterThan(0)
  })

  test.each(published.map((pkg) => [pkg.name, pkg] as const))('%s', (_name, pkg) => {
    const violations = checkPackageDependencies(pkg, { privatePackages })
    expect(violations.map(formatViolation)).toEqual([])
  })
})

describe('specifiers map to packages', () => {
  test.each([
    ['viem', 'viem', false],
    ['viem/chains', 'viem', false],
    ['@noble/hashes/sha3.js', '@noble/hashes', false],
    ['@latchkey/core/networks', '@latchkey/core', false],
    ['preact/jsx-runtime', 'preact', false],
    ['node:crypto', 'node:crypto', true],
    ['node:fs/promises', 'node:fs', true],
    ['fs', 'node:fs', true],
    ['path/posix', 'node:path', true],
  ])('%s -> %s', (specifier, target, builtin) => {
    expect(packageOfSpecifier(specifier)).toEqual({ target, builtin })
  })
})

describe('the import graph of built output', () => {
  test('follows relative imports, re-exports and import(), separating static from dynamic', () => {
    const graph = analysePackageImports(readPackage(fixture('packages/core-clean')))
    expect(graph.problems).toEqual([])
    expect(graph.files).toEqual([
      'lib/errors/index.js',
      'lib/index.js',
      'lib/networks/index.js',
      'lib/telemetry.js',
    ])
    expect(graph.imports.map((imp) => [imp.target, imp.kind, imp.file])).toEqual([
      ['@latchkey/core', 'static', 'lib/index.js'],
      ['@noble/hashes', 'static', 'lib/index.js'],
      ['@preact/signals-core', 'static', 'lib/index.js'],
    ])
  })

  test('what a lazily imported file imports statically is still dynamic', () => {
    const graph = analysePackageImports(readPackage(fixture('packages/ui-dynamic-universal')))
    expect(graph.problems).toEqual([])
    const universal = graph.imports.filter((imp) => imp.target === '@latchkey/adapter-universal')
    expect(universal.map((imp) => [imp.file, imp.kind])).toEqual([
      ['lib/index.js', 'dynamic'],
      ['lib/panels/walletconnect.js', 'dynamic'],
    ])
  })
})

describe('each rule can fail', () => {
  const context = { privatePackages: new Set(['@latchkey/evm-wallet', '@latchkey/stack']) }
  const rulesOf = (name: string) =>
    checkPackageDependencies(readPackage(fixture(`packages/${name}`)), context).map((violation) => [
      violation.rule,
      violation.specifier,
      `${violation.file}:${violation.line}`,
    ])

  test.each<[string, Array<[RuleId, string, string]>]>([
    ['core-clean', []],
    ['core-chain-library', [['core-no-chain-library', 'viem', 'lib/evm.js:1']]],
    [
      'core-forbidden',
      [
        ['no-node-builtin', 'node:crypto', 'lib/index.js:1'],
        ['core-no-framework', 'react', 'lib/index.js:2'],
        ['core-no-latchkey', '@latchkey/ui', 'lib/index.js:6'],
      ],
    ],
    ['adapter-imports-adapter', [['adapter-only-core', '@latchkey/adapter-universal', 'lib/index.js:1']]],
    [
      'ui-static-universal',
      [
        ['ui-direction', '@latchkey/adapter-universal', 'lib/index.js:1'],
        ['ui-no-react', 'react', 'lib/index.js:4'],
      ],
    ],
    ['ui-dynamic-universal', []],
    [
      'undeclared-dependency',
      [
        ['adapter-only-core', '@latchkey/evm-wallet', 'lib/index.js:2'],
        ['no-private-package', '@latchkey/evm-wallet', 'lib/index.js:2'],
        ['declared-dependency', 'ethers', 'lib/index.js:3'],
      ],
    ],
    ['react-imports-adapter', [['react-direction', '@latchkey/adapter-wagmi', 'lib/index.js:1']]],
    [
      'unanalysable',
      [
        ['analysis', '', 'package.json:1'],
        ['analysis', '', 'lib/index.js:1'],
        ['analysis', '', 'lib/index.js:3'],
      ],
    ],
  ])('%s', (name, expected) => {
    expect(rulesOf(name)).toEqual(expected)
  })

  test('the messages say what is wrong and what to do', () => {
    const messages = checkPackageDependencies(
      readPackage(fixture('packages/undeclared-dependency')),
      context,
    ).map(formatViolation)
    expect(messages).toContain(
      '[declared-dependency] @latchkey/adapter-ethers lib/index.js:3 (static import "ethers"): ethers is only in devDependencies of @latchkey/adapter-ethers: move it to dependencies or peerDependencies',
    )
    const ui = checkPackageDependencies(readPackage(fixture('packages/ui-static-universal')), context).map(
      formatViolation,
    )
    expect(ui).toContain(
      '[ui-direction] @latchkey/ui lib/index.js:1 (static import "@latchkey/adapter-universal"): @latchkey/ui may load @latchkey/adapter-universal only through a dynamic import() (WalletConnect stays out of the initial bundle)',
    )
  })
})
