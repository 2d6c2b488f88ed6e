#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform packages the registry here does not serve.
 *
 * The npm registry these machines reach serves only the Linux builds of packages such as
 * @biomejs/cli-*, @nx/nx-* and @oxc-parser/binding-*. npm then leaves the other platforms' optional
 * packages out of the lockfile, and `npm ci` refuses that lockfile as "out of sync". Writing an entry for
 * each missing optional dependency (version only) makes the lockfile whole again: `npm ci` skips an
 * optional package it cannot fetch, and a machine whose registry has them installs them as usual.
 *
 * Runs as the root `postinstall` (after npm has written the lockfile) and in .ci/run before `npm ci`.
 * Reads and writes one local file; downloads nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const path = join(root, 'package-lock.json')
if (!existsSync(path)) process.exit(0)

const text = readFileSync(path, 'utf8')
const lock = JSON.parse(text)
const packages = lock.packages ?? {}

/** Where Node would find `name` from the package installed at `key`: the nearest node_modules up the tree. */
function installed(key, name) {
  let dir = key
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (packages[candidate]) return true
    if (!dir) return false
    const cut = dir.lastIndexOf('/node_modules/')
    dir = cut === -1 ? '' : dir.slice(0, cut)
  }
}

let added = 0
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (installed(key, name)) continue
    const version = String(range).replace(/^[\^~=v]+/, '')
    if (!/^\d+\.\d+\.\d+/.test(version)) continue
    packages[`node_modules/${name}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true }
    added++
  }
}

if (added > 0) {
  // npm orders lockfile keys by an English locale compare; keep its order so npm rewrites nothing.
  const sorted = Object.keys(packages).sort((a, b) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'),
  )
  lock.packages = Object.fromEntries(sorted.map((key) => [key, packages[key]]))
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`complete-lockfile: added ${added} optional platform package entries to package-lock.json`)
}
