// The bench harness: builds the apps, starts the local backends once, runs every app N times (interleaved,
// a fresh browser per run), then writes results/ and prints the table and the target lines.
// Usage (through bench.mjs): node .out/bench.mjs [--runs N] [--apps id,id] [--no-scale] [--screenshots] [--trace]
//   [--no-history | --history-only]
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { APPS, type AppId, type AppSpec, appById } from './apps.js'
import { startBackends } from './backends.js'
import { type AppBuild, buildApp, SHARED_BUILD_OPTIONS } from './build.js'
import { type HistoryWalkSummary, historyTarget, measureHistoryWalk } from './history.js'
import { BENCH_DIR, RESULTS_DIR } from './paths.js'
import { markdown, ratiosSvg } from './report.js'
import { ROUTED_HOSTS, type RunResult, runApp, TEST_WALLET } from './run.js'
import {
  type EmailSummary,
  emailTargets,
  ratios,
  summarizeApp,
  summarizeEmail,
  summarizeScale,
  targets,
} from './summary.js'

interface Options {
  runs: number
  apps: AppSpec[]
  scale: boolean
  screenshots: boolean
  trace: boolean
  /** Measure the stand-in's history walk (after the app runs). */
  history: boolean
  /** Only the history walk: no app is built or run, and results/ is left as it is. */
  historyOnly: boolean
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      apps: { type: 'string' },
      'no-scale': { type: 'boolean', default: false },
      screenshots: { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
      'no-history': { type: 'boolean', default: false },
      'history-only': { type: 'boolean', default: false },
    },
    strict: true,
  })
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1 || runs > 50)
    throw new Error(`--runs must be 1..50, got ${values.runs}`)
  const ids = values.apps?.split(',').map((id) => id.trim()) ?? APPS.map((app) => app.id)
  const apps = ids.map((id) => {
    const app = APPS.find((a) => a.id === id)
    if (!app) throw new Error(`Unknown app '${id}'; apps: ${APPS.map((a) => a.id).join(', ')}`)
    return app
  })
  if (values['history-only'] && values['no-history'])
    throw new Error('--history-only and --no-history exclude each other')
  return {
    runs,
    apps,
    scale: !values['no-scale'],
    screenshots: values.screenshots,
    trace: values.trace,
    history: !values['no-history'],
    historyOnly: values['history-only'],
  }
}

async function versionOf(pkg: string): Promise<string> {
  try {
    const json = JSON.parse(await readFile(join(BENCH_DIR, 'node_modules', pkg, 'package.json'), 'utf8'))
    return String(json.version)
  } catch {
    return '?'
  }
}

/** The app the email app's initial chunk is compared with (the same app without the secure frame). */
const EMAIL_BASE: AppId = 'latchkey-wagmi'

const log = (line: string) => process.stdout.write(`${line}\n`)
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

function describeRun(run: RunResult): string {
  if (!run.ok) return `FAILED: ${run.error ?? 'unknown error'}`
  if (run.mode === 'email') {
    const e = run.emailLogin
    const f = (value: number | undefined, digits = 0) => (value === undefined ? 'n/a' : value.toFixed(digits))
    return [
      `button ${f(run.buttonMs)} ms`,
      `code view ${f(e?.codeViewMs)} ms`,
      `code → connected ${f(e?.codeConnectedMs, 1)} ms (account button ${f(e?.codeAccountButtonMs, 1)} ms)`,
      `reload → account ${f(e?.reloadAccountMs)} ms (confirmed ${f(e?.reloadConfirmedMs)} ms)`,
      `sign → approval visible ${f(e?.signApprovalMs, 1)} ms`,
      `fresh visitor's button ${f(e?.freshButtonMs)} ms`,
      `js ${kB(run.jsInitial?.gzip ?? 0)} gz before button, ${kB(e?.jsByCodeView?.gzip ?? 0)} by the code view`,
    ].join(', ')
  }
  if (run.mode === 'scale') {
    const appends = run.scroll?.appends.map((a) => a.ms.toFixed(1)).join(' ') ?? ''
    return `first ${run.allWalletsFirstMs?.toFixed(1)} ms; appends [${appends}] ms -> ${run.scroll?.finalCells} cells (${run.scroll?.stoppedBy})`
  }
  const parts = [
    `button ${run.buttonMs?.toFixed(0)} ms`,
    ...(run.reloadAccountMs === undefined ? [] : [`reload → account ${run.reloadAccountMs.toFixed(0)} ms`]),
    run.listMs !== undefined ? `list ${run.listMs.toFixed(1)} ms` : undefined,
    `connect ${run.connectMs?.toFixed(1)} ms`,
    `heap ${((run.heapBytes ?? 0) / 1024 / 1024).toFixed(2)} MiB`,
    `dom ${run.domNodes}`,
    `js ${kB(run.jsInitial?.gzip ?? 0)} / ${kB(run.jsFirstClick?.gzip ?? 0)} gz`,
    run.accountTokensMs !== undefined ? `account → tokens ${run.accountTokensMs.toFixed(1)} ms` : undefined,
    run.activityFirstPageMs !== undefined
      ? `activity first page ${run.activityFirstPageMs.toFixed(1)} ms`
      : undefined,
    run.activityAppendMs !== undefined
      ? `append @1000 ${run.activityAppendMs.toFixed(1)} ms (frame ${run.activityAppendFrameMs?.toFixed(1)} ms; ${run.activity?.appends.length} pages to ${run.activity?.finalCount})`
      : undefined,
    run.accountSkipped ? `account skipped: ${run.accountSkipped.reason}` : undefined,
  ]
  return parts.filter(Boolean).join(', ')
}

/** The history walk alone (`--history-only`): the chains and the stand-in, the walk, the target line. */
async function historyOnly(runs: number): Promise<number> {
  log('Starting the local chains and the services stand-in …')
  const backends = await startBackends()
  let summary: HistoryWalkSummary
  try {
    summary = await measureHistoryWalk({
      servicesUrl: backends.servicesUrl,
      rpcUrl: backends.chains[0].rpcUrl,
      chainId: backends.chains[0].chainId,
      indexed: backends.indexed,
      walks: runs,
    })
  } finally {
    await backends.stop()
  }
  const target = historyTarget(summary)
  log(`walks: ${summary.walksMs.map((walk) => walk.toFixed(0)).join(' ')} ms`)
  log(`${target.pass ? 'PASS' : 'FAIL'} ${target.name}: ${target.detail}`)
  return target.pass ? 0 : 1
}

async function main(): Promise<number> {
  const options = readOptions()
  if (options.historyOnly) return historyOnly(options.runs)
  const started = performance.now()

  // The email app's initial chunk is compared with latchkey-wagmi's: built for that alone when not run.
  const emailApps = options.apps.filter((app) => app.kind === 'email')
  const compareOnly =
    emailApps.length > 0 && !options.apps.some((app) => app.id === EMAIL_BASE) ? [appById(EMAIL_BASE)] : []
  const toBuild = [...options.apps, ...compareOnly]
  log(`Building ${toBuild.length} apps with Vite ${await versionOf('vite')} …`)
  const builds = new Map<AppId, AppBuild>()
  for (const app of toBuild) {
    const build = await buildApp(app)
    builds.set(app.id, build)
    log(
      `  ${app.id.padEnd(20)} ${String(build.jsFiles.size).padStart(3)} js files, ${kB(build.totalJs.raw)} raw, ` +
        `${kB(build.totalJs.gzip)} gzip, ${build.inputCount} modules, ${build.buildMs.toFixed(0)} ms` +
        (compareOnly.includes(app) ? ' (built for the initial-chunk comparison only)' : ''),
    )
  }

  log(
    `Starting the local chains, the services stand-in${emailApps.length > 0 ? ', the mail sink, the auth service, the secure frame' : ''} and the static server …`,
  )
  const backends = await startBackends({ email: emailApps.length > 0 })
  log(
    `  chains ${backends.chains.map((c) => c.rpcUrl).join(', ')}; services ${backends.servicesUrl}; site ${backends.siteUrl}` +
      (backends.email
        ? `; mail ${backends.email.mailUrl}; auth ${backends.email.authUrl}; frame ${backends.email.frameUrl}`
        : ''),
  )

  const results: RunResult[] = []
  let history: HistoryWalkSummary | undefined
  let historyFailure: string | undefined
  const scaleApps = options.scale ? options.apps.filter((app) => app.allWallets) : []
  try {
    for (let round = 1; round <= options.runs; round += 1) {
      for (const app of options.apps) {
        const build = builds.get(app.id) as AppBuild
        const run = await runApp({
          app,
          build,
          backends,
          mode: app.kind === 'email' ? 'email' : 'main',
          round,
          screenshots: options.screenshots,
          trace: options.trace,
        })
        results.push(run)
        log(`  [${round}/${options.runs}] ${app.id.padEnd(20)} ${describeRun(run)}`)
      }
      for (const app of scaleApps) {
        const build = builds.get(app.id) as AppBuild
        const run = await runApp({
          app,
          build,
          backends,
          mode: 'scale',
          round,
          screenshots: options.screenshots,
          trace: options.trace,
        })
        results.push(run)
        log(`  [${round}/${options.runs}] ${`${app.id} scale`.padEnd(20)} ${describeRun(run)}`)
      }
    }
    if (options.history) {
      try {
        history = await measureHistoryWalk({
          servicesUrl: backends.servicesUrl,
          rpcUrl: backends.chains[0].rpcUrl,
          chainId: backends.chains[0].chainId,
          indexed: backends.indexed,
          walks: options.runs,
        })
        log(`  history walk: ${history.walksMs.map((walk) => walk.toFixed(0)).join(' ')} ms`)
      } catch (error) {
        // The app runs' figures are still written; the history target says FAIL and the command exits 1.
        historyFailure = `history walk: ${error instanceof Error ? error.message : String(error)}`
        log(`  ${historyFailure}`)
      }
    }
  } finally {
    await backends.stop()
  }

  const summaries = options.apps
    .filter((app) => app.kind !== 'email')
    .map((app) => summarizeApp(app, builds.get(app.id) as AppBuild, results))
  const emailSummaries: EmailSummary[] = emailApps.map((app) => {
    const own = builds.get(app.id)
    const base = builds.get(EMAIL_BASE)
    return summarizeEmail(app, results, own && base ? { app: own, base } : undefined)
  })
  const scale = scaleApps.map((app) => summarizeScale(app, results))
  const ratioList = ratios(summaries)
  // The wallet flow's targets need a wallet app: a run of the email app alone prints its own only.
  const targetList = [
    ...(summaries.length > 0 ? targets(summaries, scale) : []),
    ...emailTargets(emailSummaries, summaries),
    ...(options.history ? [historyTarget(history)] : []),
  ]
  const failures = results
    .filter((run) => !run.ok)
    .map((run) => `${run.app} ${run.mode} round ${run.round}: ${run.error ?? 'unknown error'}`)
    .concat(historyFailure ? [historyFailure] : [])
  const versions = Object.fromEntries(
    await Promise.all(
      [
        '@reown/appkit',
        '@reown/appkit-adapter-wagmi',
        '@rainbow-me/rainbowkit',
        'wagmi',
        'wagmi-v2',
        '@wagmi/core',
        'viem',
        'react',
        'react-dom',
        '@tanstack/react-query',
        'ethers',
        '@solana/web3.js',
        'vite',
        '@latchkey/core',
        '@latchkey/ui',
        '@latchkey/react',
      ].map(async (pkg) => [pkg, await versionOf(pkg)] as const),
    ),
  )
  const date = new Date().toISOString()
  const environment = [
    `Node ${process.version}, ${await chromiumVersion()}, ${(await import('node:os')).cpus().length} cores`,
    `peers: AppKit ${versions['@reown/appkit']} (+ adapter-wagmi ${versions['@reown/appkit-adapter-wagmi']}, wagmi ${versions.wagmi}), ` +
      `RainbowKit ${versions['@rainbow-me/rainbowkit']} (wagmi ${versions['wagmi-v2']}), wagmi ${versions.wagmi} / @wagmi/core ${versions['@wagmi/core']}, ` +
      `viem ${versions.viem}, React ${versions.react}, react-query ${versions['@tanstack/react-query']}, ethers ${versions.ethers}`,
    `bundler: Vite ${versions.vite}; ${JSON.stringify(SHARED_BUILD_OPTIONS)}; the bench's package.json overrides @noble/hashes to 1.8.0 so the apps, installed side by side, share one copy as a single app's install would`,
  ]
  await mkdir(RESULTS_DIR, { recursive: true })
  const md = markdown({
    runs: options.runs,
    date,
    summaries,
    scale,
    ratios: ratioList,
    targets: targetList,
    failures,
    environment,
    history,
    email: emailSummaries,
  })
  await writeFile(join(RESULTS_DIR, 'results.md'), md)
  await writeFile(join(RESULTS_DIR, 'ratios.svg'), ratiosSvg(summaries, ratioList))
  const json = {
    date,
    runs: options.runs,
    environment,
    versions,
    routedHosts: ROUTED_HOSTS,
    testWallet: TEST_WALLET,
    builds: Object.fromEntries(
      [...builds].map(([id, build]) => [
        id,
        {
          outDir: build.outDir,
          inputs: build.inputCount,
          buildMs: Math.round(build.buildMs),
          totalJs: build.totalJs,
          initialJs: build.initialJs,
          initialFiles: build.initialFiles,
          jsFiles: Object.fromEntries(build.jsFiles),
          cssFiles: Object.fromEntries(build.cssFiles),
        },
      ]),
    ),
    results,
    medians: { apps: summaries, scale, email: emailSummaries },
    history,
    ratios: ratioList,
    targets: targetList,
  }
  await writeFile(join(RESULTS_DIR, 'results.json'), `${JSON.stringify(json, null, 2)}\n`)

  log('')
  log(md)
  log('Targets:')
  for (const target of targetList) log(`${target.pass ? 'PASS' : 'FAIL'} ${target.name}: ${target.detail}`)
  log('')
  log(
    `Wrote ${join('tools/bench/results', 'results.md')}, results.json, ratios.svg in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  )
  if (failures.length > 0) {
    log(`${failures.length} run(s) broke (screenshots in tools/bench/.out/failures):`)
    for (const failure of failures) log(`  ${failure}`)
    return 1
  }
  return 0
}

async function chromiumVersion(): Promise<string> {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.LATCHKEY_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    chromiumSandbox: false,
  })
  try {
    return `Chromium ${browser.version()}`
  } finally {
    await browser.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  },
)
