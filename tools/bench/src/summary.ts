// Medians over the runs, the Latchkey / peer ratios and the targets.
import type { AppId, AppSpec } from './apps.js'
import type { AppBuild, FileSize } from './build.js'
import type { RunResult } from './run.js'

export function median(values: readonly number[]): number | undefined {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The figures of one app, each the median over its successful runs. */
export interface AppSummary {
  app: AppId
  label: string
  kind: AppSpec['kind']
  runs: number
  failedRuns: number
  jsInitial: Partial<FileSize>
  jsFirstClick: Partial<FileSize>
  jsTotal: FileSize
  buttonMs?: number
  reloadAccountMs?: number
  listMs?: number
  connectMs?: number
  heapBytes?: number
  domNodes?: number
  /** Latchkey apps: account button click -> first token row visible. */
  accountTokensMs?: number
  /** Activity tab: its first history response's end -> first row visible. */
  activityFirstPageMs?: number
  /** Activity: the append past 1,000 items, history response end -> rows laid out (and -> the frame with them). */
  activityAppendMs?: number
  activityAppendFrameMs?: number
  /** The app's Account view has no token list (every successful run found none, or the app has no Account spec). */
  tokensViewAbsent: boolean
  /** The same for the Activity tab (or the token list: no Account figure was taken). */
  activityViewAbsent: boolean
  /** Requests failed at once, by host, summed over the runs. */
  blocked: Record<string, number>
  /** Requests answered by the services stand-in, by host, summed over the runs. */
  routed: Record<string, number>
  /** Routed requests the stand-in answered with an HTTP error (distinct, over the runs). */
  routedErrors: string[]
  pageErrors: string[]
}

export interface ScaleSummary {
  app: AppId
  label: string
  runs: number
  failedRuns: number
  firstRenderMs?: number
  /** Median over runs of each run's median page append. */
  appendMedianMs?: number
  /** Median over runs of each run's slowest page append. */
  appendMaxMs?: number
  /** The slowest page append of any run. */
  appendWorstMs?: number
  /** Median over runs of each run's median append cost (scroll event -> new cells laid out). */
  appendWorkMedianMs?: number
  /** Median over runs of each run's largest append cost. */
  appendWorkMaxMs?: number
  /** The largest append cost of any run. */
  appendWorkWorstMs?: number
  /** Median over every append of every run: when the listing response ended, from the scroll. */
  responseEndMs?: number
  /** Median over runs of the pages appended, and of the cells shown at the end. */
  pages?: number
  finalCells?: number
  stoppedBy: string[]
}

function sumInto(target: Record<string, number>, source: Record<string, number>): void {
  for (const [key, value] of Object.entries(source)) target[key] = (target[key] ?? 0) + value
}

function sizeMedian(values: (FileSize | undefined)[]): Partial<FileSize> {
  const present = values.filter((value): value is FileSize => value !== undefined)
  const out: Partial<FileSize> = {}
  for (const key of ['raw', 'gzip', 'brotli'] as const) {
    const m = median(present.map((value) => value[key]))
    if (m !== undefined) out[key] = m
  }
  return out
}

export function summarizeApp(app: AppSpec, build: AppBuild, runs: RunResult[]): AppSummary {
  const mine = runs.filter((run) => run.app === app.id && run.mode === 'main')
  const ok = mine.filter((run) => run.ok)
  const blocked: Record<string, number> = {}
  const routed: Record<string, number> = {}
  for (const run of mine) {
    sumInto(blocked, run.blocked)
    sumInto(routed, run.routed)
  }
  const pick = (f: (run: RunResult) => number | undefined) =>
    median(ok.map(f).filter((v): v is number => v !== undefined))
  const summary: AppSummary = {
    app: app.id,
    label: app.label,
    kind: app.kind,
    runs: mine.length,
    failedRuns: mine.length - ok.length,
    jsInitial: sizeMedian(ok.map((run) => run.jsInitial)),
    jsFirstClick: sizeMedian(ok.map((run) => run.jsFirstClick)),
    jsTotal: build.totalJs,
    blocked,
    routed,
    routedErrors: [...new Set(mine.flatMap((run) => run.routedErrorStatus))],
    pageErrors: [...new Set(mine.flatMap((run) => run.pageErrors))],
    tokensViewAbsent:
      !app.account || (ok.length > 0 && ok.every((run) => run.accountSkipped?.view === 'tokens')),
    activityViewAbsent:
      !app.account || (ok.length > 0 && ok.every((run) => run.accountSkipped !== undefined)),
  }
  const figures = {
    buttonMs: pick((run) => run.buttonMs),
    reloadAccountMs: pick((run) => run.reloadAccountMs),
    listMs: pick((run) => run.listMs),
    connectMs: pick((run) => run.connectMs),
    heapBytes: pick((run) => run.heapBytes),
    domNodes: pick((run) => run.domNodes),
    accountTokensMs: pick((run) => run.accountTokensMs),
    activityFirstPageMs: pick((run) => run.activityFirstPageMs),
    activityAppendMs: pick((run) => run.activityAppendMs),
    activityAppendFrameMs: pick((run) => run.activityAppendFrameMs),
  }
  for (const [key, value] of Object.entries(figures)) {
    if (value !== undefined) (summary as unknown as Record<string, number>)[key] = value
  }
  return summary
}

export function summarizeScale(app: AppSpec, runs: RunResult[]): ScaleSummary {
  const mine = runs.filter((run) => run.app === app.id && run.mode === 'scale')
  const ok = mine.filter((run) => run.ok && run.scroll)
  const perRun = ok.map((run) => {
    const appends = run.scroll?.appends.map((a) => a.ms) ?? []
    const work = (run.scroll?.appends ?? []).flatMap((a) => (a.workMs === undefined ? [] : [a.workMs]))
    return {
      workMedian: median(work),
      workMax: work.length > 0 ? Math.max(...work) : undefined,
      first: run.allWalletsFirstMs,
      median: median(appends),
      max: appends.length > 0 ? Math.max(...appends) : undefined,
      pages: appends.length,
      cells: run.scroll?.finalCells ?? 0,
    }
  })
  const defined = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined)
  const maxes = defined(perRun.map((r) => r.max))
  const workMaxes = defined(perRun.map((r) => r.workMax))
  const summary: ScaleSummary = {
    app: app.id,
    label: app.label,
    runs: mine.length,
    failedRuns: mine.length - ok.length,
    stoppedBy: [...new Set(ok.map((run) => run.scroll?.stoppedBy ?? ''))],
  }
  const figures = {
    firstRenderMs: median(defined(perRun.map((r) => r.first))),
    appendMedianMs: median(defined(perRun.map((r) => r.median))),
    appendMaxMs: median(maxes),
    appendWorstMs: maxes.length > 0 ? Math.max(...maxes) : undefined,
    appendWorkMedianMs: median(defined(perRun.map((r) => r.workMedian))),
    appendWorkMaxMs: median(workMaxes),
    appendWorkWorstMs: workMaxes.length > 0 ? Math.max(...workMaxes) : undefined,
    responseEndMs: median(
      defined(ok.flatMap((run) => run.scroll?.appends.map((a) => a.responseEndMs) ?? [])),
    ),
    pages: median(perRun.map((r) => r.pages)),
    finalCells: median(perRun.map((r) => r.cells)),
  }
  for (const [key, value] of Object.entries(figures)) {
    if (value !== undefined) (summary as unknown as Record<string, number>)[key] = value
  }
  return summary
}

/** The figures compared as Latchkey / peer ratios (lower is better for every one). */
export const RATIO_FIGURES = [
  { key: 'jsInitialGzip', label: 'JS before button (gzip)', get: (s: AppSummary) => s.jsInitial.gzip },
  { key: 'jsFirstClickGzip', label: 'JS by first click (gzip)', get: (s: AppSummary) => s.jsFirstClick.gzip },
  { key: 'jsTotalGzip', label: 'JS emitted (gzip)', get: (s: AppSummary) => s.jsTotal.gzip },
  { key: 'buttonMs', label: 'nav → button', get: (s: AppSummary) => s.buttonMs },
  { key: 'listMs', label: 'click → wallet list', get: (s: AppSummary) => s.listMs },
  { key: 'connectMs', label: 'wallet click → connected', get: (s: AppSummary) => s.connectMs },
  { key: 'heapBytes', label: 'heap after open', get: (s: AppSummary) => s.heapBytes },
  { key: 'domNodes', label: 'DOM nodes after open', get: (s: AppSummary) => s.domNodes },
] as const

export type RatioKey = (typeof RATIO_FIGURES)[number]['key']

export interface Ratio {
  latchkey: AppId
  peer: AppId
  values: Partial<Record<RatioKey, number>>
}

export function ratios(summaries: AppSummary[]): Ratio[] {
  const out: Ratio[] = []
  const latchkeys = summaries.filter((s) => s.kind === 'latchkey')
  const peers = summaries.filter((s) => s.kind === 'peer' || s.kind === 'floor')
  for (const latchkey of latchkeys) {
    for (const peer of peers) {
      const values: Partial<Record<RatioKey, number>> = {}
      for (const figure of RATIO_FIGURES) {
        const a = figure.get(latchkey)
        const b = figure.get(peer)
        if (a !== undefined && b !== undefined && b > 0) values[figure.key] = a / b
      }
      out.push({ latchkey: latchkey.app, peer: peer.app, values })
    }
  }
  return out
}

export interface TargetResult {
  name: string
  pass: boolean
  detail: string
}

const MiB = 1024 * 1024
const fmt = (value: number | undefined, digits = 1) => (value === undefined ? 'n/a' : value.toFixed(digits))

export function targets(summaries: AppSummary[], scale: ScaleSummary[]): TargetResult[] {
  const byId = (id: AppId) => summaries.find((s) => s.app === id)
  const latchkeys = summaries.filter((s) => s.kind === 'latchkey')
  const appkit = byId('appkit')
  const floor = byId('floor')
  const wagmi = byId('latchkey-wagmi')
  const out: TargetResult[] = []

  const initial = wagmi?.jsInitial.gzip
  const appkitInitial = appkit?.jsInitial.gzip
  out.push({
    name: 'initial JS gzip of Latchkey+wagmi+React ≤ 0.25 × AppKit',
    pass: initial !== undefined && appkitInitial !== undefined && initial <= 0.25 * appkitInitial,
    detail:
      initial !== undefined && appkitInitial !== undefined
        ? `${fmt(initial / 1000)} kB vs ${fmt(appkitInitial / 1000)} kB (ratio ${fmt(initial / appkitInitial, 3)})`
        : 'missing figures',
  })
  out.push({
    name: 'click → wallet list ≤ 20 ms median (Latchkey apps)',
    pass: latchkeys.length > 0 && latchkeys.every((s) => s.listMs !== undefined && s.listMs <= 20),
    detail: latchkeys.map((s) => `${s.label} ${fmt(s.listMs)} ms`).join(', '),
  })
  // Judged on Latchkey + wagmi + React, the floor's own stack; the ethers and multi-chain apps are listed for
  // information (the multi-chain one holds Solana's and Bitcoin's libraries, which the EVM-only floor does not).
  const overFloor = (summary: AppSummary | undefined) =>
    summary?.heapBytes !== undefined && floor?.heapBytes !== undefined
      ? summary.heapBytes - floor.heapBytes
      : undefined
  out.push({
    name: "heap after open within 2 MiB of the floor (Latchkey + wagmi + React, the floor's stack)",
    pass: (overFloor(wagmi) ?? Number.POSITIVE_INFINITY) <= 2 * MiB,
    detail: latchkeys
      .map((s) => {
        const over = overFloor(s)
        return `${s.label} ${fmt(s.heapBytes === undefined ? undefined : s.heapBytes / MiB, 2)} MiB (${over === undefined ? 'n/a' : `+${fmt(over / MiB, 2)}`})`
      })
      .concat(`floor ${fmt(floor?.heapBytes === undefined ? undefined : floor.heapBytes / MiB, 2)} MiB`)
      .join(', '),
  })
  out.push({
    name: 'wallet click → connected no slower than AppKit (Latchkey apps)',
    pass:
      appkit?.connectMs !== undefined &&
      latchkeys.every((s) => s.connectMs !== undefined && s.connectMs <= (appkit.connectMs ?? 0)),
    detail: latchkeys
      .map((s) => `${s.label} ${fmt(s.connectMs)} ms`)
      .concat(`AppKit ${fmt(appkit?.connectMs)} ms`)
      .join(', '),
  })
  out.push({
    name: "reload → account shown no later than a fresh visitor's button (Latchkey apps, returning visitor)",
    pass: latchkeys.every(
      (s) => s.reloadAccountMs !== undefined && s.buttonMs !== undefined && s.reloadAccountMs <= s.buttonMs,
    ),
    detail: latchkeys
      .map((s) => `${s.label} ${fmt(s.reloadAccountMs)} ms (button ${fmt(s.buttonMs)} ms)`)
      .join(', '),
  })
  // Issue 22: the Account view's token list and Activity, on every Latchkey app whose Account view has them.
  const accountTarget = (
    absent: (s: AppSummary) => boolean,
    name: string,
    limit: number,
    get: (s: AppSummary) => number | undefined,
    extra: (s: AppSummary) => string = () => '',
  ) => {
    const withAccount = latchkeys.filter((s) => !absent(s))
    out.push({
      name,
      pass:
        withAccount.length > 0 &&
        withAccount.every((s) => {
          const value = get(s)
          return value !== undefined && value <= limit
        }),
      detail:
        withAccount.map((s) => `${s.label} ${fmt(get(s))} ms${extra(s)}`).join(', ') ||
        'no Latchkey app with the Account view measured',
    })
  }
  accountTarget(
    (s) => s.tokensViewAbsent,
    'Account view open → token list visible ≤ 20 ms median (Latchkey apps; balances fetched on connect)',
    20,
    (s) => s.accountTokensMs,
  )
  accountTarget(
    (s) => s.activityViewAbsent,
    'Activity: first page visible ≤ 50 ms after its data arrives, median (Latchkey apps)',
    50,
    (s) => s.activityFirstPageMs,
  )
  accountTarget(
    (s) => s.activityViewAbsent,
    'Activity: page append at 1,000 items ≤ 16 ms median (Latchkey apps: history response end → rows laid out)',
    16,
    (s) => s.activityAppendMs,
    (s) => ` (to the frame with them ${fmt(s.activityAppendFrameMs)} ms)`,
  )
  const latchkeyScale = scale.find((s) => s.app === 'latchkey-wagmi')
  out.push({
    name: 'All Wallets 1,000: first render ≤ 50 ms (Latchkey wagmi)',
    pass: latchkeyScale?.firstRenderMs !== undefined && latchkeyScale.firstRenderMs <= 50,
    detail: `${fmt(latchkeyScale?.firstRenderMs)} ms`,
  })
  // An append's cost is its main-thread work (scroll event -> new cells laid out); the time to the next frame is
  // reported beside it but is not the append's doing (a frame is up to 16.7 ms away whatever the page does).
  out.push({
    name: 'All Wallets 1,000: each page append ≤ 16 ms (Latchkey wagmi: scroll event → cells laid out, worst of any run)',
    pass: latchkeyScale?.appendWorkWorstMs !== undefined && latchkeyScale.appendWorkWorstMs <= 16,
    detail:
      `append cost median ${fmt(latchkeyScale?.appendWorkMedianMs)} ms, per-run max ${fmt(latchkeyScale?.appendWorkMaxMs)} ms, ` +
      `worst ${fmt(latchkeyScale?.appendWorkWorstMs)} ms; scroll → frame with the cells: median ${fmt(latchkeyScale?.appendMedianMs)} ms, ` +
      `per-run max ${fmt(latchkeyScale?.appendMaxMs)} ms; ${fmt(latchkeyScale?.pages, 0)} pages to ${fmt(latchkeyScale?.finalCells, 0)} cells`,
  })
  return out
}

/** One email run's figures, for the per-run columns. */
export interface EmailRunRow {
  round: number
  codeConnectedMs?: number
  codeAccountButtonMs?: number
  reloadAccountMs?: number
  reloadConfirmedMs?: number
  freshButtonMs?: number
  signApprovalMs?: number
}

/** Whether the email login adds to the initial chunks: the email app's build against latchkey-wagmi's. */
export interface InitialChunkComparison {
  app: AppId
  base: AppId
  js: FileSize
  baseJs: FileSize
  files: number
  baseFiles: number
  /** Modules in the email app's initial chunks and not in the base's (the apps' own entries left out). */
  extraModules: string[]
  /** Modules in the base's initial chunks and not in the email app's (the entries left out). */
  missingModules: string[]
  /** The code of the modules both have initially: the email app's length minus the base's, in bytes. */
  sharedDelta: number
  /** The apps' own entries (main.tsx): the email app's code length minus the base's, in bytes. */
  entryDelta: number
  /**
   * The email app's initial modules whose path names the email login or the embedded wallet, with their code's length
   * in the chunk (before minification): what of it the initial chunks hold, in both apps alike.
   */
  emailModules: Record<string, number>
  /** An extra module, or more code in the shared ones. */
  grew: boolean
}

/** The email app's figures, each the median over its successful runs. */
export interface EmailSummary {
  app: AppId
  label: string
  runs: number
  failedRuns: number
  /** The first load (a fresh visitor, before the login): navigation -> connect button visible. */
  buttonMs?: number
  codeViewMs?: number
  codeConnectedMs?: number
  codeAccountButtonMs?: number
  reloadAccountMs?: number
  reloadConfirmedMs?: number
  reloadKitConnectedMs?: number
  /** A signature asked -> the secure frame's approval card visible in the modal. */
  signApprovalMs?: number
  /** Runs where the connect button showed before the account after the reload. */
  reloadConnectButtonRuns: number
  freshButtonMs?: number
  jsInitial: Partial<FileSize>
  jsByCodeView: Partial<FileSize>
  perRun: EmailRunRow[]
  initialChunk?: InitialChunkComparison
  /** Requests failed at once / answered by the stand-in, by host, summed over the runs. */
  blocked: Record<string, number>
  routed: Record<string, number>
  routedErrors: string[]
  pageErrors: string[]
}

export function compareInitialChunks(app: AppBuild, base: AppBuild): InitialChunkComparison {
  const entry = app.app.entry
  const baseEntry = base.app.entry
  const mine = app.initialModules
  const theirs = base.initialModules
  const extraModules = Object.keys(mine).filter((id) => id !== entry && !(id in theirs))
  const missingModules = Object.keys(theirs).filter((id) => id !== baseEntry && !(id in mine))
  let sharedDelta = 0
  for (const [id, length] of Object.entries(mine)) {
    const other = theirs[id]
    if (id !== entry && other !== undefined) sharedDelta += length - other
  }
  return {
    app: app.app.id,
    base: base.app.id,
    js: app.initialJs,
    baseJs: base.initialJs,
    files: app.initialFiles.length,
    baseFiles: base.initialFiles.length,
    extraModules,
    missingModules,
    sharedDelta,
    entryDelta: (mine[entry] ?? 0) - (theirs[baseEntry] ?? 0),
    emailModules: Object.fromEntries(
      Object.entries(mine).filter(([id]) => id !== entry && /embedded|email|secure-frame/i.test(id)),
    ),
    grew: extraModules.length > 0 || sharedDelta > 0,
  }
}

export function summarizeEmail(
  app: AppSpec,
  runs: RunResult[],
  builds?: { app: AppBuild; base: AppBuild },
): EmailSummary {
  const mine = runs.filter((run) => run.app === app.id && run.mode === 'email')
  const ok = mine.filter((run) => run.ok && run.emailLogin)
  const pick = (f: (run: RunResult) => number | undefined) =>
    median(ok.map(f).filter((v): v is number => v !== undefined))
  const blocked: Record<string, number> = {}
  const routed: Record<string, number> = {}
  for (const run of mine) {
    sumInto(blocked, run.blocked)
    sumInto(routed, run.routed)
  }
  const summary: EmailSummary = {
    app: app.id,
    label: app.label,
    runs: mine.length,
    failedRuns: mine.length - ok.length,
    reloadConnectButtonRuns: ok.filter((run) => run.emailLogin?.reloadConnectButtonMs !== undefined).length,
    jsInitial: sizeMedian(ok.map((run) => run.jsInitial)),
    jsByCodeView: sizeMedian(ok.map((run) => run.emailLogin?.jsByCodeView)),
    perRun: ok.map((run) => {
      const e = run.emailLogin
      const row: EmailRunRow = { round: run.round }
      if (e?.codeConnectedMs !== undefined) row.codeConnectedMs = e.codeConnectedMs
      if (e?.codeAccountButtonMs !== undefined) row.codeAccountButtonMs = e.codeAccountButtonMs
      if (e?.reloadAccountMs !== undefined) row.reloadAccountMs = e.reloadAccountMs
      if (e?.reloadConfirmedMs !== undefined) row.reloadConfirmedMs = e.reloadConfirmedMs
      if (e?.freshButtonMs !== undefined) row.freshButtonMs = e.freshButtonMs
      if (e?.signApprovalMs !== undefined) row.signApprovalMs = e.signApprovalMs
      return row
    }),
    blocked,
    routed,
    routedErrors: [...new Set(mine.flatMap((run) => run.routedErrorStatus))],
    pageErrors: [...new Set(mine.flatMap((run) => run.pageErrors))],
  }
  if (builds) summary.initialChunk = compareInitialChunks(builds.app, builds.base)
  const figures = {
    buttonMs: pick((run) => run.buttonMs),
    codeViewMs: pick((run) => run.emailLogin?.codeViewMs),
    codeConnectedMs: pick((run) => run.emailLogin?.codeConnectedMs),
    codeAccountButtonMs: pick((run) => run.emailLogin?.codeAccountButtonMs),
    reloadAccountMs: pick((run) => run.emailLogin?.reloadAccountMs),
    reloadConfirmedMs: pick((run) => run.emailLogin?.reloadConfirmedMs),
    reloadKitConnectedMs: pick((run) => run.emailLogin?.reloadKitConnectedMs),
    freshButtonMs: pick((run) => run.emailLogin?.freshButtonMs),
    signApprovalMs: pick((run) => run.emailLogin?.signApprovalMs),
  }
  for (const [key, value] of Object.entries(figures)) {
    if (value !== undefined) (summary as unknown as Record<string, number>)[key] = value
  }
  return summary
}

/** Email login's targets: code submitted -> connected, reload -> restored, and the initial chunk. */
export const EMAIL_CONNECT_LIMIT_MS = 1000
export const EMAIL_RESTORE_MARGIN_MS = 300

export function emailTargets(summaries: EmailSummary[], apps: AppSummary[] = []): TargetResult[] {
  const out: TargetResult[] = []
  const runs = (rows: EmailRunRow[], f: (row: EmailRunRow) => number | undefined) =>
    `[${rows.map((row) => fmt(f(row), 0)).join(' ')}]`
  for (const s of summaries) {
    out.push({
      name: `email login: code submitted → connected ≤ ${EMAIL_CONNECT_LIMIT_MS} ms median (${s.label}: keydown of the sixth digit → the kit reports the account connected)`,
      pass: s.codeConnectedMs !== undefined && s.codeConnectedMs <= EMAIL_CONNECT_LIMIT_MS,
      detail:
        `${fmt(s.codeConnectedMs)} ms, runs ${runs(s.perRun, (r) => r.codeConnectedMs)} ms; ` +
        `to the account button's frame ${fmt(s.codeAccountButtonMs)} ms, runs ${runs(s.perRun, (r) => r.codeAccountButtonMs)} ms` +
        (s.failedRuns > 0 ? `; ${s.failedRuns} run(s) failed` : ''),
    })
    out.push({
      name: `email login: reload → account shown ≤ a fresh visitor's connect button + ${EMAIL_RESTORE_MARGIN_MS} ms (${s.label}, medians)`,
      pass:
        s.reloadAccountMs !== undefined &&
        s.freshButtonMs !== undefined &&
        s.reloadAccountMs <= s.freshButtonMs + EMAIL_RESTORE_MARGIN_MS,
      detail:
        `reload → account button ${fmt(s.reloadAccountMs)} ms, runs ${runs(s.perRun, (r) => r.reloadAccountMs)} ms; ` +
        `fresh visitor's button ${fmt(s.freshButtonMs)} ms, runs ${runs(s.perRun, (r) => r.freshButtonMs)} ms` +
        ` (limit ${fmt(s.freshButtonMs === undefined ? undefined : s.freshButtonMs + EMAIL_RESTORE_MARGIN_MS)} ms); ` +
        `the account confirmed (button no longer busy) ${fmt(s.reloadConfirmedMs)} ms, runs ${runs(s.perRun, (r) => r.reloadConfirmedMs)} ms`,
    })
    const c = s.initialChunk
    const baseRun = apps.find((a) => a.app === c?.base)
    const fetched =
      `; fetched before the button (a fresh visitor, median): ${fmt(s.jsInitial.gzip === undefined ? undefined : s.jsInitial.gzip / 1000)} kB gzip` +
      (baseRun
        ? ` vs ${fmt(baseRun.jsInitial.gzip === undefined ? undefined : baseRun.jsInitial.gzip / 1000)} kB`
        : '')
    const emailModules = Object.entries(c?.emailModules ?? {})
      .map(([id, length]) => `${id} (${length} B)`)
      .join(', ')
    out.push({
      name: `email login adds nothing to the initial chunk (${s.label} vs ${c?.base ?? 'latchkey-wagmi'}: the entry chunk and its static imports)`,
      pass: c !== undefined && !c.grew,
      detail: c
        ? `${fmt(c.js.gzip / 1000)} kB gzip in ${c.files} file(s) vs ${fmt(c.baseJs.gzip / 1000)} kB in ${c.baseFiles} ` +
          `(${signed(c.js.raw - c.baseJs.raw)} B raw, ${signed(c.js.gzip - c.baseJs.gzip)} B gzip); ` +
          `modules only in ${s.label}'s: ${c.extraModules.join(', ') || 'none'}; only in the other's: ${c.missingModules.join(', ') || 'none'}; ` +
          `shared modules' code ${signed(c.sharedDelta)} B; the apps' own entries ${signed(c.entryDelta)} B (the secureFrameUrl option and window.__benchKit); ` +
          `email-login modules in the initial chunks (both apps; code length before minification): ${emailModules || 'none'}${fetched}`
        : `no build of latchkey-wagmi to compare with${fetched}`,
    })
  }
  return out
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))
