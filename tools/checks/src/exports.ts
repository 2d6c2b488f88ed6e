import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { WorkspacePackage } from './workspace.js'

/** The conditions Node 20 matches for `import` (node-addons only matters for native addons). */
const NODE_IMPORT_CONDITIONS: readonly string[] = ['node', 'import', 'default']

/** One file a package's `exports` map can hand out, with the subpath that hands it out. */
export interface ExportTarget {
  /** The subpath, `'.'` or `'./networks'`; patterns are expanded (`'./chains/mainnet'`). */
  subpath: string
  /** Absolute path of the target file. */
  file: string
  /** The conditions leading to it, outermost first (`['import', 'default']`); empty for a string. */
  conditions: string[]
}

const isSubpathMap = (value: object): boolean => Object.keys(value).some((key) => key.startsWith('.'))

/** Normalises `exports` to `{ subpath: target }`; a string, array or condition object means `'.'`. */
function subpathMap(exports: unknown): Map<string, unknown> {
  if (exports === undefined) return new Map()
  if (typeof exports === 'object' && exports !== null && !Array.isArray(exports) && isSubpathMap(exports)) {
    return new Map(Object.entries(exports))
  }
  return new Map([['.', exports]])
}

/** Every leaf of a target (string paths), skipping `types` conditions, with the path of conditions. */
function collectLeaves(
  target: unknown,
  conditions: string[],
  out: Array<{ path: string; conditions: string[] }>,
) {
  if (typeof target === 'string') out.push({ path: target, conditions })
  else if (Array.isArray(target)) for (const item of target) collectLeaves(item, conditions, out)
  else if (typeof target === 'object' && target !== null) {
    for (const [condition, value] of Object.entries(target)) {
      if (condition === 'types' || condition.startsWith('types@')) continue
      collectLeaves(value, [...conditions, condition], out)
    }
  }
}

/**
 * Resolves a target the way Node does for the given conditions: the first matching key of a
 * condition object wins (key order matters), arrays are fallbacks. Returns the path and the
 * conditions taken, or undefined when nothing matches (or the target is null).
 */
export function resolveConditions(
  target: unknown,
  conditions: readonly string[],
  taken: string[] = [],
): { path: string; conditions: string[] } | undefined {
  if (typeof target === 'string') return { path: target, conditions: taken }
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = resolveConditions(item, conditions, taken)
      if (found) return found
    }
    return undefined
  }
  if (typeof target === 'object' && target !== null) {
    for (const [condition, value] of Object.entries(target)) {
      if (!conditions.includes(condition)) continue
      const found = resolveConditions(value, conditions, [...taken, condition])
      if (found) return found
    }
  }
  return undefined
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Expands a subpath pattern (`'./chains/*'` -> `'./dist/chains/*.js'`) into the concrete subpaths
 * whose target file exists.
 */
function expandPattern(pkgDir: string, subpath: string, targetPath: string): Array<[string, string]> {
  const [prefix = '', suffix = ''] = targetPath.split('*')
  const base = join(pkgDir, prefix.slice(0, prefix.lastIndexOf('/') + 1))
  const out: Array<[string, string]> = []
  for (const file of listFiles(base)) {
    const rel = `./${relative(pkgDir, file).split('\\').join('/')}`
    if (!rel.startsWith(prefix) || !rel.endsWith(suffix) || rel.length < prefix.length + suffix.length)
      continue
    const star = rel.slice(prefix.length, rel.length - suffix.length)
    out.push([subpath.replace('*', star), rel])
  }
  return out.sort(([a], [b]) => a.localeCompare(b))
}

function excludedSubpaths(map: Map<string, unknown>): (subpath: string) => boolean {
  const nulls = [...map].filter(([, target]) => target === null).map(([key]) => key)
  return (subpath) =>
    nulls.some((key) => {
      if (!key.includes('*')) return key === subpath
      const [prefix = '', suffix = ''] = key.split('*')
      return subpath.startsWith(prefix) && subpath.endsWith(suffix)
    })
}

/**
 * Every runtime file the `exports` map hands out, under any condition except `types`: what a
 * bundler or runtime may load. `./package.json` is skipped; patterns expand to existing files.
 * Without an `exports` map, `module` and `main` stand for `'.'`.
 */
export function listExportTargets(pkg: WorkspacePackage): ExportTarget[] {
  const { manifest, dir } = pkg
  const map = subpathMap(manifest.exports ?? manifest.module ?? manifest.main)
  const excluded = excludedSubpaths(map)
  const seen = new Set<string>()
  const out: ExportTarget[] = []
  for (const [subpath, target] of map) {
    if (subpath === './package.json' || target === null) continue
    const leaves: Array<{ path: string; conditions: string[] }> = []
    collectLeaves(target, [], leaves)
    for (const leaf of leaves) {
      if (leaf.path.endsWith('.d.ts') || leaf.path.endsWith('.d.mts') || leaf.path.endsWith('.d.cts'))
        continue
      const concrete = subpath.includes('*') ? expandPattern(dir, subpath, leaf.path) : [[subpath, leaf.path]]
      for (const [concreteSubpath = subpath, path = leaf.path] of concrete) {
        if (excluded(concreteSubpath)) continue
        const file = join(dir, path)
        const key = `${concreteSubpath}\0${file}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push({ subpath: concreteSubpath, file, conditions: leaf.conditions })
      }
    }
  }
  return out
}

/** One subpath to import in Node: the specifier a consumer writes and the file Node should load. */
export interface NodeEntry {
  packageName: string
  subpath: string
  /** `@latchkey/core/networks`: imported by self-reference from the package directory. */
  specifier: string
  /** The file our resolver expects Node to load (for messages), or undefined if none matches. */
  file: string | undefined
}

const JS_FILE = /\.(c|m)?js$/

/**
 * Every subpath of the `exports` map that Node can import, resolved with Node's conditions.
 * Skips `./package.json` and subpaths whose Node target is not JavaScript (CSS, JSON). A subpath
 * that no Node condition matches is kept: importing it fails, and that is a real finding.
 */
export function listNodeEntries(pkg: WorkspacePackage): NodeEntry[] {
  const map = subpathMap(pkg.manifest.exports ?? pkg.manifest.module ?? pkg.manifest.main)
  const excluded = excludedSubpaths(map)
  const out: NodeEntry[] = []
  const add = (subpath: string, path: string | undefined) => {
    if (excluded(subpath)) return
    if (path !== undefined && !JS_FILE.test(path)) return
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`
    out.push({ packageName: pkg.name, subpath, specifier, file: path && join(pkg.dir, path) })
  }
  for (const [subpath, target] of map) {
    if (subpath === './package.json' || target === null) continue
    const resolved = resolveConditions(target, NODE_IMPORT_CONDITIONS)
    if (!subpath.includes('*')) add(subpath, resolved?.path)
    else if (resolved)
      for (const [concrete, path] of expandPattern(pkg.dir, subpath, resolved.path)) add(concrete, path)
  }
  return out
}
