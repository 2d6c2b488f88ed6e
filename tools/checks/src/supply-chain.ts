import semver from 'semver'
import type { WorkspacePackage } from './workspace.js'

/** The fields of a `package-lock.json` (lockfile v2/v3) entry that the checks read. */
interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  dev?: boolean
  optional?: boolean
  hasInstallScript?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

export interface Lockfile {
  lockfileVersion?: number
  packages: Record<string, LockEntry>
}

/** Where npm takes packages from; a `resolved` elsewhere (git, file, another host) is a finding. */
const REGISTRY = 'https://registry.npmjs.org/'

/** True for a lockfile key that is a workspace folder (`adapters/solana`), not an installed package. */
const isWorkspaceKey = (key: string) =>
  key !== '' && !key.startsWith('node_modules/') && !key.includes('/node_modules/')

/** The package name a lockfile key installs: `a/node_modules/@s/b` -> `@s/b`. */
function nameOfKey(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
}

/**
 * Every installed package of the lockfile that does not come from the registry with an integrity hash: a
 * `resolved` that is not a registry tarball (git, file, http, another host), or a version that is not a plain
 * semver (what npm writes for git and tarball sources), or no `integrity`. Workspace folders and their links are
 * ours. A lockfile written with `omit-lockfile-registry-resolved` has no `resolved` for registry packages: that is the
 * registry, and the integrity hash pins the bytes. The one exception to the hash: an optional package outside the
 * shipped packages' production tree (`shippedTree`), such as another platform's build of a dev tool that the
 * registry here does not serve, written version-only so that `npm ci` accepts the lockfile.
 */
export function lockfileSourceFindings(lock: Lockfile, shippedTree: ReadonlySet<string>): string[] {
  const findings: string[] = []
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || isWorkspaceKey(key) || entry.link) continue
    const where = `${key}@${entry.version ?? '?'}`
    if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY))
      findings.push(`${where} comes from ${entry.resolved}, not the registry`)
    if (!entry.version || semver.valid(entry.version) === null)
      findings.push(`${where} has no registry version (git, file or tarball source)`)
    if (!entry.integrity && (!entry.optional || shippedTree.has(key)))
      findings.push(`${where} has no integrity hash`)
  }
  return findings
}

/** Where `name` resolves from the package installed at `from`, as Node does: the nearest node_modules upwards. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`
    const entry = lock.packages[key]
    if (entry) return entry.link && entry.resolved ? entry.resolved : key
    if (dir === '') return undefined
    const cut = dir.lastIndexOf('/node_modules/')
    dir = cut >= 0 ? dir.slice(0, cut) : ''
  }
}

/** How a package of a shipped package's production tree gets there: `@latchkey/adapter-solana > … > bigint-buffer`. */
export type TreePath = readonly string[]

/**
 * The production dependency tree of the shipped packages, walked through the lockfile as Node resolves: each
 * package's dependencies, optional dependencies and non-optional peer dependencies (a host installs those too), no
 * dev dependencies. Keys are lockfile keys (`node_modules/ws`), each with the first path that reaches it.
 */
export function productionTree(
  lock: Lockfile,
  shipped: readonly Pick<WorkspacePackage, 'name' | 'relativeDir'>[],
): Map<string, TreePath> {
  const tree = new Map<string, TreePath>()
  const queue: { key: string; path: TreePath }[] = shipped.map((pkg) => ({
    key: pkg.relativeDir,
    path: [pkg.name],
  }))
  while (queue.length > 0) {
    const next = queue.shift()
    if (!next || tree.has(next.key)) continue
    const entry = lock.packages[next.key]
    if (!entry) continue
    tree.set(next.key, next.path)
    const optionalPeers = entry.peerDependenciesMeta ?? {}
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      // An optional peer is installed only when something else brings it; that something is walked itself.
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ]
    for (const name of names) {
      const key = resolveFrom(lock, next.key, name)
      if (key && !tree.has(key)) queue.push({ key, path: [...next.path, name] })
    }
  }
  return tree
}

/** The packages of a production tree that have an install script, by package name, each with how it gets there. */
export function installScripts(lock: Lockfile, tree: ReadonlyMap<string, TreePath>): Map<string, TreePath> {
  const found = new Map<string, TreePath>()
  for (const [key, path] of tree) {
    const name = nameOfKey(key)
    if (lock.packages[key]?.hasInstallScript && !found.has(name)) found.set(name, path)
  }
  return found
}

/**
 * The ranges of `name` that shipped packages declare (dependencies, optional and peer dependencies) which admit one
 * of the `banned` versions: each finding names the package, the field and the range.
 */
export function rangesAdmitting(
  packages: readonly Pick<WorkspacePackage, 'name' | 'manifest'>[],
  name: string,
  banned: readonly string[],
): string[] {
  const findings: string[] = []
  for (const pkg of packages) {
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'] as const) {
      const range = pkg.manifest[field]?.[name]
      if (range === undefined) continue
      const admitted = banned.filter((version) => semver.satisfies(version, range))
      if (admitted.length > 0)
        findings.push(`${pkg.name} ${field} ${name}@"${range}" admits ${admitted.join(', ')}`)
    }
  }
  return findings
}
