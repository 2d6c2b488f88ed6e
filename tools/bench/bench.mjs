// Bootstrap of `npm run bench` (run after the root's nx build of the Latchkey packages and tools):
// 1. installs the bench's own dependencies (`npm ci` in tools/bench) when node_modules is missing or
//    package.json / package-lock.json / .npmrc changed since the last install (a stamp in node_modules);
// 2. packs the built Latchkey packages with `npm pack` into .packs/<content hash>/ and installs those tarballs
//    into tools/bench (`npm install --no-save`) when they changed, so the Latchkey apps resolve @latchkey/* and
//    every dependency from tools/bench/node_modules, as a user's app would;
// 3. compiles the TypeScript harness (src/) with the bench's esbuild into .out/bench.mjs and runs it with the
//    arguments given (`npm run bench -- --runs 7`).
// No install script runs (--ignore-scripts): nothing is downloaded but the registry's packages.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const BENCH_DIR = import.meta.dirname
const ROOT = resolve(BENCH_DIR, '..', '..')
const NODE_MODULES = join(BENCH_DIR, 'node_modules')
const INSTALL_STAMP = join(NODE_MODULES, '.bench-install-stamp')
const PACKS_STAMP = join(NODE_MODULES, '.bench-packs-stamp')
const PACKS_DIR = join(BENCH_DIR, '.packs')
const OUT_DIR = join(BENCH_DIR, '.out')

/** The workspace packages the Latchkey apps install, as folders of the root workspace. */
const PACKED_WORKSPACES = [
  'kit-core',
  'kit-ui',
  'kit-react',
  'adapters/universal',
  'adapters/wagmi',
  'adapters/ethers',
  'adapters/solana',
  'adapters/bitcoin',
]

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const NPM_QUIET = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']

function log(line) {
  process.stdout.write(`[bench] ${line}\n`)
}

function timed(label, action) {
  const started = performance.now()
  const result = action()
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

function sha256(...parts) {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

function readStamp(path) {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined
}

function npm(args, cwd, { quiet = false } = {}) {
  execFileSync(NPM, args, { cwd, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] })
}

// 1. The bench's dependencies, from its own lockfile.
const installKey = sha256(
  ...['package.json', 'package-lock.json', '.npmrc'].map((file) => readFileSync(join(BENCH_DIR, file))),
)
if (!existsSync(NODE_MODULES) || readStamp(INSTALL_STAMP) !== installKey) {
  timed('npm ci in tools/bench', () => npm(['ci', ...NPM_QUIET], BENCH_DIR))
  writeFileSync(INSTALL_STAMP, `${installKey}\n`)
} else {
  log('tools/bench/node_modules is up to date with package-lock.json')
}

// 2. The built Latchkey packages, packed as npm would publish them, installed from their tarballs.
const staging = join(PACKS_DIR, '.staging')
rmSync(staging, { recursive: true, force: true })
mkdirSync(staging, { recursive: true })
timed('npm pack of the Latchkey packages', () =>
  npm(
    [
      'pack',
      ...PACKED_WORKSPACES.flatMap((w) => ['-w', w]),
      '--pack-destination',
      staging,
      '--ignore-scripts',
      '--loglevel=error',
    ],
    ROOT,
    { quiet: true },
  ),
)
const tarballs = readdirSync(staging)
  .filter((file) => file.endsWith('.tgz'))
  .sort()
if (tarballs.length !== PACKED_WORKSPACES.length) {
  throw new Error(`npm pack wrote ${tarballs.length} tarballs, expected ${PACKED_WORKSPACES.length}`)
}
const packsKey = sha256(...tarballs.flatMap((file) => [file, readFileSync(join(staging, file))])).slice(0, 16)
const packDir = join(PACKS_DIR, packsKey)
if (!existsSync(packDir)) renameSync(staging, packDir)
for (const entry of readdirSync(PACKS_DIR)) {
  if (entry !== packsKey) rmSync(join(PACKS_DIR, entry), { recursive: true, force: true })
}
// An `npm install` by hand in tools/bench prunes the --no-save packages: check they are still there.
const packedNames = PACKED_WORKSPACES.map(
  (workspace) => JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')).name,
)
const allInstalled = packedNames.every((name) => existsSync(join(NODE_MODULES, name, 'package.json')))
if (!allInstalled || readStamp(PACKS_STAMP) !== packsKey) {
  const specs = tarballs.map((file) => `./${relative(BENCH_DIR, join(packDir, file))}`)
  timed(`npm install --no-save of ${tarballs.length} Latchkey tarballs`, () =>
    npm(['install', '--no-save', ...NPM_QUIET, ...specs], BENCH_DIR),
  )
  writeFileSync(PACKS_STAMP, `${packsKey}\n`)
} else {
  log(`the Latchkey tarballs are unchanged (${packsKey}) and installed`)
}

// 3. The harness, compiled with the bench's own esbuild (Node 20 does not run .ts).
const require = createRequire(join(BENCH_DIR, 'package.json'))
const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href)
const build = esbuild.build ?? esbuild.default.build
rmSync(join(OUT_DIR, 'bench.mjs'), { force: true })
await build({
  absWorkingDir: BENCH_DIR,
  entryPoints: [join(BENCH_DIR, 'src', 'main.ts')],
  outfile: join(OUT_DIR, 'bench.mjs'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'warning',
})

const child = spawn(process.execPath, [join(OUT_DIR, 'bench.mjs'), ...process.argv.slice(2)], {
  cwd: BENCH_DIR,
  stdio: 'inherit',
})
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0)
})
