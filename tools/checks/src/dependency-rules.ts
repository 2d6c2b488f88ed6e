import {
  analysePackageImports,
  type ExternalImport,
  type ImportGraph,
  type ImportKind,
} from './import-graph.js'
import type { WorkspacePackage } from './workspace.js'

/** The rules of DESIGN.md ("Dependencies run one way") plus the manifest rules every package follows. */
export type RuleId =
  /** Every bare specifier is declared in dependencies, peerDependencies or optionalDependencies. */
  | 'declared-dependency'
  /** Published packages run in browsers: no Node builtins. */
  | 'no-node-builtin'
  /** A published package cannot depend on a workspace package that is never published. */
  | 'no-private-package'
  /** @latchkey/core imports no other @latchkey package. */
  | 'core-no-latchkey'
  /** @latchkey/core imports no UI framework. */
  | 'core-no-framework'
  /** @latchkey/core imports no chain library. */
  | 'core-no-chain-library'
  /** An adapter imports @latchkey/core and no other @latchkey package (in particular no adapter). */
  | 'adapter-only-core'
  /** @latchkey/ui imports @latchkey/core; @latchkey/adapter-universal only through import(). */
  | 'ui-direction'
  /** @latchkey/ui does not import React. */
  | 'ui-no-react'
  /** @latchkey/react imports @latchkey/ui and @latchkey/core, no other @latchkey package. */
  | 'react-direction'
  /** The WalletConnect SDK is never in the initial bundle of ui or react. */
  | 'no-static-walletconnect'
  /** Something in the built output could not be followed (it would hide imports). */
  | 'analysis'

export interface Violation {
  rule: RuleId
  packageName: string
  /** File relative to the package directory, with its line: where to look. */
  file: string
  line: number
  specifier: string
  kind: ImportKind | undefined
  message: string
}

export interface RuleContext {
  /** Names of the workspace packages that are never published (private tools, placeholders). */
  privatePackages?: ReadonlySet<string>
}

const CORE = '@latchkey/core'
const UI = '@latchkey/ui'
const REACT = '@latchkey/react'
const UNIVERSAL = '@latchkey/adapter-universal'

/** UI frameworks core must not import. `@preact/signals-core` is a framework-free store: allowed. */
const FRAMEWORKS = [
  'react',
  'react-dom',
  'preact',
  '@preact/*',
  'vue',
  '@vue/*',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/*',
]
const FRAMEWORK_EXCEPTIONS = ['@preact/signals-core']

/**
 * Chain libraries and wallet SDKs core must not import. Small audited primitives (`@noble/*`,
 * `@scure/*`) are not on the list: core may hash and encode.
 */
const CHAIN_LIBRARIES = [
  'viem',
  'ox',
  'abitype',
  'ethers',
  'ethers5',
  '@ethersproject/*',
  'web3',
  'wagmi',
  '@wagmi/*',
  '@solana/*',
  'bitcoinjs-lib',
  'sats-connect',
  '@reown/*',
  '@walletconnect/*',
  '@coinbase/*',
  '@metamask/*',
]

const WALLETCONNECT_SDK = ['@walletconnect/*', '@reown/*']
const REACT_PACKAGES = ['react', 'react-dom']

/** Whether a package name matches `name` or `@scope/*`. */
function matches(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  )
}

const isLatchkey = (name: string) => name.startsWith('@latchkey/')
const isAdapter = (name: string) => name.startsWith('@latchkey/adapter-')

type Finding = { rule: RuleId; message: string }

/** The direction rules for one import of one package; empty when the import is allowed. */
function directionFindings(pkgName: string, imp: ExternalImport): Finding[] {
  const { target, kind } = imp
  const out: Finding[] = []
  if (pkgName === CORE) {
    if (isLatchkey(target))
      out.push({ rule: 'core-no-latchkey', message: `${CORE} must not import ${target}` })
    if (matches(target, FRAMEWORKS) && !FRAMEWORK_EXCEPTIONS.includes(target)) {
      out.push({ rule: 'core-no-framework', message: `${CORE} must not import the UI framework ${target}` })
    }
    if (matches(target, CHAIN_LIBRARIES)) {
      out.push({
        rule: 'core-no-chain-library',
        message: `${CORE} must not import the chain library ${target} (adapters own chain libraries)`,
      })
    }
  } else if (isAdapter(pkgName)) {
    if (isLatchkey(target) && target !== CORE) {
      const what = isAdapter(target) ? 'another adapter' : 'a @latchkey package other than core'
      out.push({ rule: 'adapter-only-core', message: `${pkgName} must not import ${target} (${what})` })
    }
  } else if (pkgName === UI) {
    if (target === UNIVERSAL && kind === 'static') {
      out.push({
        rule: 'ui-direction',
        message: `${UI} may load ${UNIVERSAL} only through a dynamic import() (WalletConnect stays out of the initial bundle)`,
      })
    } else if (isLatchkey(target) && target !== CORE && target !== UNIVERSAL) {
      out.push({ rule: 'ui-direction', message: `${UI} must not import ${target} (only ${CORE})` })
    }
    if (matches(target, REACT_PACKAGES))
      out.push({ rule: 'ui-no-react', message: `${UI} must not import ${target}` })
  } else if (pkgName === REACT) {
    if (isLatchkey(target) && target !== CORE && target !== UI) {
      out.push({
        rule: 'react-direction',
        message: `${REACT} must not import ${target} (only ${UI} and ${CORE})`,
      })
    }
  }
  if ((pkgName === UI || pkgName === REACT) && kind === 'static' && matches(target, WALLETCONNECT_SDK)) {
    out.push({
      rule: 'no-static-walletconnect',
      message: `${pkgName} must not import ${target} statically (the WalletConnect SDK is never in the initial bundle)`,
    })
  }
  return out
}

/** The manifest rules: builtins, declared dependencies, unpublished workspace packages. */
function manifestFindings(pkg: WorkspacePackage, imp: ExternalImport, context: RuleContext): Finding[] {
  const { manifest } = pkg
  if (imp.builtin) {
    return [
      {
        rule: 'no-node-builtin',
        message: `${pkg.name} must not import the Node builtin ${imp.target}: published packages run in browsers`,
      },
    ]
  }
  const out: Finding[] = []
  const declared = [manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies].some(
    (deps) => deps?.[imp.target] !== undefined,
  )
  if (!declared) {
    const onlyDev = manifest.devDependencies?.[imp.target] !== undefined
    out.push({
      rule: 'declared-dependency',
      message: onlyDev
        ? `${imp.target} is only in devDependencies of ${pkg.name}: move it to dependencies or peerDependencies`
        : `${imp.target} is not declared in dependencies, peerDependencies or optionalDependencies of ${pkg.name}`,
    })
  }
  if (context.privatePackages?.has(imp.target)) {
    out.push({
      rule: 'no-private-package',
      message: `${imp.target} is a private workspace package: it is never published`,
    })
  }
  return out
}

/** Applies every rule to an already analysed import graph of a published package. */
function checkImportGraph(pkg: WorkspacePackage, graph: ImportGraph, context: RuleContext = {}): Violation[] {
  const violations: Violation[] = graph.problems.map((problem) => ({
    rule: 'analysis',
    packageName: pkg.name,
    file: problem.file,
    line: problem.line,
    specifier: '',
    kind: undefined,
    message: problem.message,
  }))
  for (const imp of graph.imports) {
    if (imp.target === pkg.name) continue // self-reference through the exports map
    for (const finding of [...directionFindings(pkg.name, imp), ...manifestFindings(pkg, imp, context)]) {
      violations.push({
        ...finding,
        packageName: pkg.name,
        file: imp.file,
        line: imp.line,
        specifier: imp.specifier,
        kind: imp.kind,
      })
    }
  }
  return violations
}

/** Analyses the built output of a published package and applies every dependency rule to it. */
export function checkPackageDependencies(pkg: WorkspacePackage, context: RuleContext = {}): Violation[] {
  return checkImportGraph(pkg, analysePackageImports(pkg), context)
}

/** One line per violation: `rule  file:line  (kind import "specifier")  message`. */
export function formatViolation(violation: Violation): string {
  const where = `${violation.file}:${violation.line}`
  const what = violation.kind ? ` (${violation.kind} import "${violation.specifier}")` : ''
  return `[${violation.rule}] ${violation.packageName} ${where}${what}: ${violation.message}`
}
