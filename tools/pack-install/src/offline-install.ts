// An install that never reaches a network: the packed Latchkey tarballs plus the third-party packages the workspace
// already installed, at the versions of the root package-lock.json, from npm's cache.
//
// `npm install --offline <names>` cannot do it: resolving a range needs the registry's metadata (the packument), and
// `npm ci` fetches tarballs by their lockfile entry without ever asking for metadata, so a clean `npm ci` leaves none
// in the cache. What a clean `npm ci` does leave is every tarball, stored by its integrity. So the app's
// package-lock.json is written here — the packed packages' dependency closure, each third-party package at the
// version the workspace resolved, hoisted as npm would — and `npm ci --offline` installs it: npm reads each tarball
// from the cache by integrity, checks the tree against every manifest's ranges and peers, and fails (ENOTCACHED)
// rather than go online.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A package folder's manifest as the lockfile records it (the fields npm needs to check a tree). */
interface LockEntry {
  name?: string
  version?: string
  integrity?: string
  link?: boolean
  resolved?: string
  license?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  bin?: Record<string, string> | string
  engines?: Record<string, string>
  os?: string[]
  cpu?: string[]
  hasInstallScript?: boolean
}

/** One tarball `npm pack` wrote (its `--json` output). */
export interface PackedPackage {
  name: string
  version: string
  /** The tarball's absolute path. */
  file: string
  integrity: string
  /** The workspace folder it was packed from, relative to the workspace root. */
  workspace: string
}

/** A package of the planned tree: where it came from and what it needs. */
interface PlannedNode {
  name: string
  version: string
  /** Its folder in the root lockfile (a workspace folder for a packed package): where its dependencies resolve. */
  origin: string
  manifest: LockEntry
  packed?: PackedPackage
}

/** The app's install: its folder-keyed tree (`node_modules/a`, `node_modules/a/node_modules/b`, …). */
export type PlannedTree = Map<string, PlannedNode>

/** The folder whose `node_modules` a package at `dir` looks in next: `a/node_modules/@s/b` → `a`, `kit-ui` → ``. */
function parentDir(dir: string): string {
  const nested = /^(.*?)\/?node_modules\/(?:@[^/]+\/)?[^/]+$/.exec(dir)
  if (nested) return nested[1] ?? ''
  const slash = dir.lastIndexOf('/')
  return slash === -1 ? '' : dir.slice(0, slash)
}

const at = (dir: string, name: string) => `${dir ? `${dir}/` : ''}node_modules/${name}`

/** The dependencies a package's install must satisfy: its dependencies and its required peers. */
function edges(manifest: LockEntry): { name: string; peer: boolean }[] {
  const out = Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, peer: false }))
  for (const name of Object.keys(manifest.optionalDependencies ?? {}))
    if (!manifest.dependencies?.[name]) out.push({ name, peer: false })
  for (const name of Object.keys(manifest.peerDependencies ?? {}))
    if (!manifest.peerDependenciesMeta?.[name]?.optional) out.push({ name, peer: true })
  return out
}

const sameRelease = (a: PlannedNode, b: PlannedNode) =>
  a.name === b.name && a.version === b.version && a.manifest.integrity === b.manifest.integrity

/**
 * Plans the tree an app with `names` as its dependencies gets: the packed packages (their manifests from the
 * workspace folder they were packed from) and, for every other name, the version the root lockfile has where
 * the package that needs it lives. Each package goes as high up as no other version of it blocks.
 * @throws Error for a name the root lockfile does not have, or a workspace package that was not packed.
 */
export function planTree(input: {
  workspaceRoot: string
  packed: readonly PackedPackage[]
  names: readonly string[]
}): PlannedTree {
  const lock = JSON.parse(readFileSync(join(input.workspaceRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>
  }
  const entries = lock.packages
  const packedByName = new Map(input.packed.map((pkg) => [pkg.name, pkg]))

  /** Where Node would find `name` from the root lockfile's folder `from`. */
  function lookup(from: string, name: string): string | undefined {
    let dir = from
    for (;;) {
      if (entries[at(dir, name)]) return at(dir, name)
      if (!dir) return undefined
      dir = parentDir(dir)
    }
  }

  function nodeFor(name: string, from: string, optional: boolean): PlannedNode | undefined {
    const packed = packedByName.get(name)
    if (packed) {
      const manifest = JSON.parse(
        readFileSync(join(input.workspaceRoot, packed.workspace, 'package.json'), 'utf8'),
      ) as LockEntry
      return { name, version: packed.version, origin: packed.workspace, manifest, packed }
    }
    const key = lookup(from, name)
    const entry = key ? entries[key] : undefined
    if (!key || !entry) {
      if (optional) return undefined
      throw new Error(`${name}, needed by ${from || 'the app'}, is not in the workspace's package-lock.json`)
    }
    if (entry.link)
      throw new Error(`${name}, needed by ${from || 'the app'}, is a workspace package that was not packed`)
    // An optional dependency the lockfile names without a tarball (tools/scripts/complete-lockfile.mjs writes
    // other platforms' builds so) is left out; one with a tarball is kept, and npm skips it if this is not its os/cpu.
    if (optional && !entry.integrity) return undefined
    if (!entry.version || !entry.integrity)
      throw new Error(`${key} has no version or integrity in the lockfile`)
    return { name, version: entry.version, origin: key, manifest: entry }
  }

  const tree: PlannedTree = new Map()
  const queue: string[] = []
  /** Puts `node` where the package at `from` finds it: the highest folder no other version blocks. */
  function place(from: string, node: PlannedNode, peer: boolean): void {
    // A peer is found from the dependent's parent, like a dependency of that parent.
    let dir = peer ? parentDir(from) : from
    let free: string | undefined
    for (;;) {
      const there = tree.get(at(dir, node.name))
      if (there) {
        if (sameRelease(there, node)) return
        break
      }
      free = dir
      if (!dir) break
      dir = parentDir(dir)
    }
    if (free === undefined)
      throw new Error(`${node.name}@${node.version} (for ${from || 'the app'}) has no free place in the tree`)
    tree.set(at(free, node.name), node)
    queue.push(at(free, node.name))
  }

  const drain = () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const node = tree.get(key) as PlannedNode
      for (const edge of edges(node.manifest)) {
        const optional = !edge.peer && node.manifest.optionalDependencies?.[edge.name] !== undefined
        const dependency = nodeFor(edge.name, node.origin, optional)
        if (dependency) place(key, dependency, edge.peer)
      }
    }
  }
  // The packed packages first: a chain library the app names is usually their peer (the adapter's), placed at the
  // top with the version the workspace resolved for that package; the app's own name then agrees with it.
  for (const name of input.names.filter((name) => packedByName.has(name)))
    place('', nodeFor(name, '', false) as PlannedNode, false)
  drain()
  for (const name of input.names.filter((name) => !packedByName.has(name))) {
    if (tree.has(at('', name))) continue
    place('', nodeFor(name, '', false) as PlannedNode, false)
    drain()
  }
  return tree
}

/**
 * Writes the app's package.json (its dependencies: the packed tarballs by path, the other names at the planned
 * version) and the package-lock.json of `tree`, for `npm ci`.
 */
export function writeAppManifests(dir: string, tree: PlannedTree, names: readonly string[]): void {
  const spec = (node: PlannedNode) =>
    node.packed ? `file:${relative(dir, node.packed.file).split('\\').join('/')}` : node.version
  const dependencies: Record<string, string> = {}
  for (const name of names) {
    const node = tree.get(`node_modules/${name}`)
    if (!node) throw new Error(`${name} is not at the top of the planned tree`)
    dependencies[name] = spec(node)
  }
  const app = { name: 'latchkey-pack-install-app', version: '0.0.0', private: true, type: 'module' }
  const packages: Record<string, unknown> = { '': { ...app, dependencies } }
  const keys = [...tree.keys()].sort((a, b) => a.localeCompare(b, 'en'))
  for (const key of keys) {
    const node = tree.get(key) as PlannedNode
    const { manifest } = node
    const realName = manifest.name && !node.packed ? manifest.name : node.name
    const copied = Object.fromEntries(
      (
        [
          'license',
          'dependencies',
          'optionalDependencies',
          'peerDependencies',
          'peerDependenciesMeta',
          'bin',
          'engines',
          'os',
          'cpu',
          'hasInstallScript',
        ] as const
      )
        .filter((field) => manifest[field] !== undefined)
        .map((field) => [field, manifest[field]]),
    )
    packages[key] = {
      ...(realName === node.name ? {} : { name: realName }),
      version: node.version,
      // The registry's address of the tarball; `npm ci --offline` only reads it from the cache, by integrity.
      resolved: node.packed
        ? spec(node)
        : `https://registry.npmjs.org/${realName}/-/${realName.split('/').pop()}-${node.version}.tgz`,
      integrity: node.packed ? node.packed.integrity : manifest.integrity,
      ...copied,
    }
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...app, dependencies }, null, 2)}\n`)
  const lockfile = { name: app.name, version: app.version, lockfileVersion: 3, requires: true, packages }
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`)
}

/** The `npm_*` variables a child npm keeps: where the cache and the user's and global config files are. */
const KEPT_NPM_VARIABLES = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig'])

/**
 * The environment for a child npm: this process's, without the other `npm_*` variables `npm test` sets for its
 * scripts (the workspace's project config, its package, its prefix), so the child reads its own folder's.
 */
export function childNpmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_/i.test(key) || KEPT_NPM_VARIABLES.has(key.toLowerCase()),
    ),
  )
}

/** npm's cache folder as the workspace sees it (`npm config get cache` in the workspace root). */
export async function npmCacheDir(workspaceRoot: string): Promise<string> {
  const { stdout } = await run('npm', ['config', 'get', 'cache'], { cwd: workspaceRoot, env: childNpmEnv() })
  return stdout.trim()
}

/**
 * `npm ci --offline` in `dir`: every tarball from npm's cache `cache` (or a packed file), no request to any
 * registry, no install script.
 * @throws Error with npm's output when npm fails (ENOTCACHED names a tarball missing from the cache).
 */
export async function installOffline(dir: string, cache: string): Promise<void> {
  const args = ['ci', '--offline', '--cache', cache, '--ignore-scripts', '--no-audit', '--no-fund']
  try {
    await run('npm', [...args, '--no-update-notifier'], { cwd: dir, env: childNpmEnv() })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    const hint = /ENOTCACHED/.test(stdout + stderr)
      ? `\nA tarball the workspace's package-lock.json names is not in npm's cache (${cache}): ` +
        '`npm ci` at the workspace root puts every one of them there.'
      : ''
    throw new Error(`npm ${args.join(' ')} failed in ${dir}:\n${stdout}${stderr}${hint}`, { cause: error })
  }
}

/** Every package folder under `dir`/node_modules, nested ones included, as `name@version`, sorted. */
export function listInstalled(dir: string): string[] {
  const found = new Set<string>()
  const visit = (modules: string) => {
    let names: string[]
    try {
      names = readdirSync(modules)
    } catch {
      return
    }
    for (const name of names) {
      if (name.startsWith('.')) continue
      if (name.startsWith('@')) {
        for (const scoped of readdirSync(join(modules, name))) visitPackage(join(modules, name, scoped))
      } else visitPackage(join(modules, name))
    }
  }
  const visitPackage = (folder: string) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as LockEntry
    found.add(`${manifest.name}@${manifest.version}`)
    visit(join(folder, 'node_modules'))
  }
  visit(join(dir, 'node_modules'))
  return [...found].sort()
}
