import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  installScripts,
  type Lockfile,
  lockfileSourceFindings,
  productionTree,
  rangesAdmitting,
} from '../src/supply-chain.js'
import { findWorkspaceRoot, listPublishedPackages } from '../src/workspace.js'

/**
 * The install scripts the shipped packages' production tree may run, each with why it is there and whether it can
 * go. Anything else with an install script fails the check, and so does an entry here that the tree no longer has.
 */
const ALLOWED_INSTALL_SCRIPTS: Record<string, string> = {
  'bigint-buffer':
    '@latchkey/adapter-solana > @solana/spl-token > @solana/buffer-layout-utils: `npm run rebuild` compiles a native ' +
    'addon with node-gyp and falls back to plain JS when it cannot; it downloads nothing. It can go: the adapter ' +
    'uses five helpers of spl-token (mint and account decoding, the associated token address, two instructions), ' +
    'which @solana/web3.js alone can express; until then it stays.',
  bufferutil:
    'an optional dependency of rpc-websockets under @solana/web3.js 1.x (the host installs web3.js as our peer): ' +
    '`node-gyp-build` loads the prebuilt binary shipped in the package, builds only where none fits, and downloads ' +
    'nothing; browsers never load it. It goes with web3.js 1.x, or with `npm install --omit=optional`.',
  'utf-8-validate':
    'the same as bufferutil: an optional dependency of rpc-websockets under @solana/web3.js 1.x, prebuilt binaries ' +
    'in the package, never loaded in a browser.',
}

const root = findWorkspaceRoot()
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile
const shipped = listPublishedPackages(root)

describe('supply chain of the shipped packages', () => {
  const tree = productionTree(lock, shipped)

  test('every package in the lockfile comes from the registry, with an integrity hash', () => {
    expect(lockfileSourceFindings(lock, new Set(tree.keys()))).toEqual([])
  })

  test('the production tree runs only the install scripts listed, each with its reason', () => {
    const found = installScripts(lock, tree)
    const unexpected = [...found].filter(([name]) => !(name in ALLOWED_INSTALL_SCRIPTS))
    expect(unexpected.map(([name, path]) => `${name} (${path.join(' > ')})`)).toEqual([])
    // A listed one the tree no longer has is a stale reason: take it off the list.
    expect(Object.keys(ALLOWED_INSTALL_SCRIPTS).filter((name) => !found.has(name))).toEqual([])
  })

  test('no shipped package admits the compromised @solana/web3.js 1.95.6 and 1.95.7', () => {
    expect(rangesAdmitting(shipped, '@solana/web3.js', ['1.95.6', '1.95.7'])).toEqual([])
    const solana = shipped.find((pkg) => pkg.name === '@latchkey/adapter-solana')
    expect(solana?.manifest.peerDependencies?.['@solana/web3.js']).toBeDefined()
  })
})

describe('the checks can fail', () => {
  const entry = (version: string, more: object = {}) => ({
    version,
    integrity: `sha512-${version}`,
    ...more,
  })
  const fake: Lockfile = {
    packages: {
      '': { dependencies: {} },
      'packages/kit': {
        version: '1.0.0',
        dependencies: { a: '^1.0.0', git: 'github:x/y', file: 'file:../z', tar: 'http://x/t.tgz' },
        peerDependencies: { peer: '^1.0.0', maybe: '^1.0.0' },
        peerDependenciesMeta: { maybe: { optional: true } },
      },
      'node_modules/@x/kit': { resolved: 'packages/kit', link: true },
      'node_modules/a': entry('1.0.0', { dependencies: { b: '^2.0.0' } }),
      // `a` takes its own b 2.x; the hoisted b 1.x is some other package's.
      'node_modules/a/node_modules/b': entry('2.0.0', { hasInstallScript: true }),
      'node_modules/b': entry('1.0.0', { hasInstallScript: true, dev: true }),
      'node_modules/git': {
        version: '1.0.0',
        resolved: 'git+ssh://git@github.com/x/y.git#abc',
        integrity: 'sha512-x',
      },
      'node_modules/file': { version: 'file:../z' },
      'node_modules/tar': { version: '1.0.0', resolved: 'http://x/t.tgz', integrity: 'sha512-t' },
      'node_modules/peer': entry('1.0.0', { optionalDependencies: { native: '^1.0.0' } }),
      'node_modules/native': { version: '1.0.0', optional: true, hasInstallScript: true },
      'node_modules/maybe': entry('1.0.0', { hasInstallScript: true }),
      // Another platform's build of a dev tool, version only: allowed outside the shipped tree.
      'node_modules/@tool/cli-win32': { version: '2.0.0', dev: true, optional: true },
    },
  }
  const tree = productionTree(fake, [{ name: '@x/kit', relativeDir: 'packages/kit' }])

  test('walks dependencies, optional dependencies and required peers, resolving as Node does', () => {
    expect([...tree.keys()].sort()).toEqual([
      'node_modules/a',
      'node_modules/a/node_modules/b',
      'node_modules/file',
      'node_modules/git',
      'node_modules/native',
      'node_modules/peer',
      'node_modules/tar',
      'packages/kit',
    ])
    expect(tree.get('node_modules/native')).toEqual(['@x/kit', 'peer', 'native'])
  })

  test('names git, file and http sources, and a missing hash in the shipped tree', () => {
    expect(lockfileSourceFindings(fake, new Set(tree.keys()))).toEqual([
      'node_modules/git@1.0.0 comes from git+ssh://git@github.com/x/y.git#abc, not the registry',
      'node_modules/file@file:../z has no registry version (git, file or tarball source)',
      'node_modules/file@file:../z has no integrity hash',
      'node_modules/tar@1.0.0 comes from http://x/t.tgz, not the registry',
      'node_modules/native@1.0.0 has no integrity hash',
    ])
  })

  test('finds install scripts in the tree only (not in dev packages, not in optional peers nobody brings)', () => {
    const found = installScripts(fake, tree)
    expect([...found]).toEqual([
      ['b', ['@x/kit', 'a', 'b']],
      ['native', ['@x/kit', 'peer', 'native']],
    ])
  })

  test('names a range that admits a banned version', () => {
    const manifest = (range: string) => ({ name: '@x/kit', manifest: { peerDependencies: { lib: range } } })
    expect(rangesAdmitting([manifest('^1.95.0')], 'lib', ['1.95.6', '1.95.7'])).toEqual([
      '@x/kit peerDependencies lib@"^1.95.0" admits 1.95.6, 1.95.7',
    ])
    expect(rangesAdmitting([manifest('^1.95.8')], 'lib', ['1.95.6', '1.95.7'])).toEqual([])
  })
})
