import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { listNodeEntries, type NodeEntry } from './exports.js'
import { listPublishedPackages, type WorkspacePackage } from './workspace.js'

/** The preload that defines `window`, `document`, `localStorage` and `customElements` as tripwires. */
const BROWSER_GLOBALS_PRELOAD = fileURLToPath(new URL('./browser-globals.mjs', import.meta.url))

/** An entry point of a published package, with the directory to import it from. */
export interface PublishedEntry extends NodeEntry {
  /** Directory of the package: the child runs there and imports the entry by self-reference. */
  packageDir: string
}

/** Every Node-importable subpath of every published package of the workspace. */
export function listPublishedEntries(
  packages: WorkspacePackage[] = listPublishedPackages(),
): PublishedEntry[] {
  return packages.flatMap((pkg) => listNodeEntries(pkg).map((entry) => ({ ...entry, packageDir: pkg.dir })))
}

export interface ImportResult {
  ok: boolean
  /** Exit code of the child, or null when it was killed. */
  code: number | null
  timedOut: boolean
  stdout: string
  stderr: string
}

export interface ImportOptions {
  /** Directory the child runs in; package specifiers resolve from there (self-reference). */
  cwd: string
  /** Kill the child after this long: an import that never finishes is a failure too. */
  timeoutMs?: number
}

/**
 * Imports `specifier` (a package specifier or a file URL) in a fresh `node` process in which the
 * browser globals throw on any use. Resolves with the outcome; never rejects for a failed import.
 */
export function importWithoutBrowserGlobals(
  specifier: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const { cwd, timeoutMs = 30_000 } = options
  const args = [
    '--import',
    BROWSER_GLOBALS_PRELOAD,
    '--input-type=module',
    '--eval',
    'await import(process.argv[1])',
    specifier,
  ]
  return new Promise((resolve, reject) => {
    // A fresh process: no NODE_OPTIONS from the test runner (loaders, --conditions) leaks in.
    const { NODE_OPTIONS: _ignored, ...env } = process.env
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (timedOut) {
        stderr += `\n(the process did not exit within ${timeoutMs} ms: the import hangs, or a timer, socket or other handle opened at import time keeps it alive)`
      }
      resolve({ ok: code === 0 && !timedOut, code, timedOut, stdout, stderr })
    })
  })
}

/** The failure message of one entry: package, subpath, the file it maps to and the child's stderr. */
export function describeImportFailure(entry: PublishedEntry, result: ImportResult): string {
  const file = entry.file ?? '(no Node condition of the exports map matches)'
  const hint =
    entry.file && !existsSync(entry.file)
      ? [`  hint:      not built? run \`npx nx run ${entry.packageName}:build\``]
      : []
  return [
    `${entry.packageName} subpath "${entry.subpath}" does not import cleanly in Node with browser globals forbidden`,
    `  specifier: ${entry.specifier}`,
    `  file:      ${file}`,
    `  exit code: ${result.timedOut ? 'timed out' : result.code}`,
    ...hint,
    '  stderr:',
    result.stderr.trim().replace(/^/gm, '    '),
  ].join('\n')
}
