import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fields of a package.json that the checks read. */
export interface PackageManifest {
  name?: string
  version?: string
  private?: boolean
  type?: string
  main?: string
  module?: string
  exports?: unknown
  imports?: unknown
  bin?: string | Record<string, string>
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  workspaces?: string[] | { packages?: string[] }
}

/**
 * - `published`: not private; every check applies.
 * - `private`: private with a build (tools/*, apps): real code, never published, so the import and
 *   direction checks skip it.
 * - `placeholder`: private without a build script: nothing to build, lint or import yet.
 */
export type PackageKind = 'published' | 'private' | 'placeholder'

export interface WorkspacePackage {
  name: string
  /** Absolute directory of the package. */
  dir: string
  /** Directory relative to the workspace root, with forward slashes (for messages). */
  relativeDir: string
  manifest: PackageManifest
  kind: PackageKind
}

/** Reads and parses `dir/package.json`; throws with the path when it is missing or invalid. */
function readManifest(dir: string): PackageManifest {
  const file = join(dir, 'package.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageManifest
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`)
  }
}

/** How a package is treated by the checks, from its `private` flag and its `build` script. */
export function classifyPackage(manifest: PackageManifest): PackageKind {
  if (manifest.private !== true) return 'published'
  return manifest.scripts?.build ? 'private' : 'placeholder'
}

/** Describes the package in `dir`; `rootDir` only shapes `relativeDir`. */
export function readPackage(dir: string, rootDir: string = dir): WorkspacePackage {
  const manifest = readManifest(dir)
  if (!manifest.name) throw new Error(`${join(dir, 'package.json')} has no name`)
  return {
    name: manifest.name,
    dir,
    relativeDir: relative(rootDir, dir).split('\\').join('/') || '.',
    manifest,
    kind: classifyPackage(manifest),
  }
}

/**
 * The workspace root: the nearest directory at or above `from` whose package.json declares
 * `workspaces`. Defaults to the root of the repository holding this file.
 */
export function findWorkspaceRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from)
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file) && readManifest(dir).workspaces) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no package.json with "workspaces" at or above ${from}`)
    dir = parent
  }
}

function workspacePatterns(manifest: PackageManifest): string[] {
  const { workspaces } = manifest
  if (Array.isArray(workspaces)) return workspaces
  return workspaces?.packages ?? []
}

/**
 * Expands one workspaces pattern into directories that hold a package.json. Supports literal paths
 * and a trailing `/*` (one level), which is what npm users write; anything fancier throws, so a
 * package can never silently fall out of the checks.
 */
function expandPattern(rootDir: string, pattern: string): string[] {
  const clean = pattern.replace(/^\.\//, '').replace(/\/$/, '')
  if (!clean.includes('*')) return [join(rootDir, clean)]
  const match = /^([^*?[\]{}!]*)\/\*$/.exec(clean)
  if (!match) throw new Error(`unsupported workspaces pattern "${pattern}": use a path or "dir/*"`)
  const parent = join(rootDir, match[1] ?? '')
  if (!existsSync(parent)) return []
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json')))
    .map((entry) => join(parent, entry.name))
    .sort()
}

/**
 * Every package of the workspace, in the order of the root package.json `workspaces` field.
 * Negated patterns (`!dir`) remove directories matched earlier.
 */
export function listWorkspacePackages(rootDir: string = findWorkspaceRoot()): WorkspacePackage[] {
  const dirs: string[] = []
  for (const pattern of workspacePatterns(readManifest(rootDir))) {
    if (pattern.startsWith('!')) {
      const excluded = new Set(expandPattern(rootDir, pattern.slice(1)))
      for (let i = dirs.length - 1; i >= 0; i--) if (excluded.has(dirs[i] ?? '')) dirs.splice(i, 1)
      continue
    }
    for (const dir of expandPattern(rootDir, pattern)) if (!dirs.includes(dir)) dirs.push(dir)
  }
  return dirs.map((dir) => readPackage(dir, rootDir))
}

/** The packages that are published to npm: the only ones the import and direction checks cover. */
export function listPublishedPackages(rootDir: string = findWorkspaceRoot()): WorkspacePackage[] {
  return listWorkspacePackages(rootDir).filter((pkg) => pkg.kind === 'published')
}
