// results.md (every figure and the ratios), ratios.svg (hand-written chart of the main ratios).
import type { AppId } from './apps.js'
import type { HistoryWalkSummary } from './history.js'
import {
  type AppSummary,
  type EmailSummary,
  RATIO_FIGURES,
  type Ratio,
  type RatioKey,
  type ScaleSummary,
  type TargetResult,
} from './summary.js'

const MiB = 1024 * 1024

function num(value: number | undefined, digits: number): string {
  return value === undefined ? 'n/a' : value.toFixed(digits)
}
const kB = (bytes: number | undefined) => num(bytes === undefined ? undefined : bytes / 1000, 1)
const ms = (value: number | undefined) => num(value, 1)

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n')
}

export interface ReportInput {
  runs: number
  date: string
  summaries: AppSummary[]
  scale: ScaleSummary[]
  ratios: Ratio[]
  targets: TargetResult[]
  failures: string[]
  environment: string[]
  /** The stand-in's history walk, when measured. */
  history?: HistoryWalkSummary | undefined
  /** The email login's figures (the email app), when it ran. */
  email?: EmailSummary[]
}

/** The email login's table: a row per figure, a column per email app with its median, then each run's value. */
function emailSection(summaries: EmailSummary[]): string[] {
  if (summaries.length === 0) return []
  const perRun = (s: EmailSummary, f: (row: EmailSummary['perRun'][number]) => number | undefined) =>
    s.perRun.map((row) => num(f(row), 0)).join(' ')
  const rows: [string, (s: EmailSummary) => string, ((s: EmailSummary) => string)?][] = [
    ['navigation → connect button visible, first load (ms)', (s) => ms(s.buttonMs)],
    ['JS before button visible, gzip (kB)', (s) => kB(s.jsInitial.gzip)],
    [
      'initial chunks of the build (entry + static imports), gzip (kB)',
      (s) => kB(s.initialChunk?.js.gzip),
      (s) =>
        s.initialChunk
          ? `${s.initialChunk.base}: ${kB(s.initialChunk.baseJs.gzip)} kB (${s.initialChunk.js.raw - s.initialChunk.baseJs.raw >= 0 ? '+' : ''}${s.initialChunk.js.raw - s.initialChunk.baseJs.raw} B raw)`
          : '',
    ],
    ['email submitted → code field visible (ms)', (s) => ms(s.codeViewMs)],
    ['JS fetched by the code view, gzip (kB)', (s) => kB(s.jsByCodeView.gzip)],
    [
      "code submitted (sixth digit's keydown) → kit reports connected (ms)",
      (s) => ms(s.codeConnectedMs),
      (s) => perRun(s, (r) => r.codeConnectedMs),
    ],
    [
      'code submitted → account button visible (ms)',
      (s) => ms(s.codeAccountButtonMs),
      (s) => perRun(s, (r) => r.codeAccountButtonMs),
    ],
    [
      'reload → account button (address) visible (ms)',
      (s) => ms(s.reloadAccountMs),
      (s) => perRun(s, (r) => r.reloadAccountMs),
    ],
    [
      'reload → account confirmed: button no longer busy (ms)',
      (s) => ms(s.reloadConfirmedMs),
      (s) => perRun(s, (r) => r.reloadConfirmedMs),
    ],
    ['reload → kit reports connected (ms)', (s) => ms(s.reloadKitConnectedMs)],
    [
      "sign request (personal_sign) → the frame's approval card visible in the modal (ms)",
      (s) => ms(s.signApprovalMs),
      (s) => perRun(s, (r) => r.signApprovalMs),
    ],
    [
      'fresh visitor (new context, same browser): navigation → connect button visible (ms)',
      (s) => ms(s.freshButtonMs),
      (s) => perRun(s, (r) => r.freshButtonMs),
    ],
    [
      'runs where the connect button showed before the account after the reload',
      (s) => String(s.reloadConnectButtonRuns),
    ],
    ['runs ok / failed', (s) => `${s.runs - s.failedRuns} / ${s.failedRuns}`],
  ]
  return [
    '## Email login (embedded wallet)',
    '',
    table(
      ['email login', ...summaries.flatMap((s) => [s.label, `${s.label}: each run`])],
      rows.map(([label, median, each]) => [
        label,
        ...summaries.flatMap((s) => [median(s), each ? each(s) : '']),
      ]),
    ),
    '',
  ]
}

export function markdown(input: ReportInput): string {
  const { summaries } = input
  const header = ['figure', ...summaries.map((s) => s.label)]
  const row = (label: string, f: (s: AppSummary) => string) => [label, ...summaries.map(f)]
  const figures = table(header, [
    row('JS before button visible, raw (kB)', (s) => kB(s.jsInitial.raw)),
    row('JS before button visible, gzip (kB)', (s) => kB(s.jsInitial.gzip)),
    row('JS before button visible, brotli (kB)', (s) => kB(s.jsInitial.brotli)),
    row('JS by first click, raw (kB)', (s) => kB(s.jsFirstClick.raw)),
    row('JS by first click, gzip (kB)', (s) => kB(s.jsFirstClick.gzip)),
    row('JS by first click, brotli (kB)', (s) => kB(s.jsFirstClick.brotli)),
    row('JS emitted by the build, raw (kB)', (s) => kB(s.jsTotal.raw)),
    row('JS emitted by the build, gzip (kB)', (s) => kB(s.jsTotal.gzip)),
    row('JS emitted by the build, brotli (kB)', (s) => kB(s.jsTotal.brotli)),
    row('navigation → button visible (ms)', (s) => ms(s.buttonMs)),
    row('returning visitor: reload → account shown (ms)', (s) =>
      s.kind === 'floor' ? 'n/a' : ms(s.reloadAccountMs),
    ),
    row('click → wallet list visible (ms)', (s) => (s.kind === 'floor' ? 'n/a' : ms(s.listMs))),
    row('wallet click → connected (ms)', (s) => ms(s.connectMs)),
    row('JS heap after open, after GC (MiB)', (s) =>
      num(s.heapBytes === undefined ? undefined : s.heapBytes / MiB, 2),
    ),
    row('DOM nodes after open (incl. shadow roots)', (s) => num(s.domNodes, 0)),
    row('account button click → token list visible (ms)', (s) => ms(s.accountTokensMs)),
    row('Activity: first page, history response end → rows visible (ms)', (s) => ms(s.activityFirstPageMs)),
    row('Activity: append past 1,000 items, history response end → rows laid out (ms)', (s) =>
      ms(s.activityAppendMs),
    ),
    row('Activity: the same append, response end → frame with the rows (ms)', (s) =>
      ms(s.activityAppendFrameMs),
    ),
    row('runs ok / failed', (s) => `${s.runs - s.failedRuns} / ${s.failedRuns}`),
  ])
  const scale = table(
    ['All Wallets, 1,000 wallets', ...input.scale.map((s) => s.label)],
    [
      ['click → first wallet cells visible (ms)', ...input.scale.map((s) => ms(s.firstRenderMs))],
      [
        'page append cost: scroll event → cells laid out, median of per-run medians (ms)',
        ...input.scale.map((s) => ms(s.appendWorkMedianMs)),
      ],
      ['page append cost, median of per-run max (ms)', ...input.scale.map((s) => ms(s.appendWorkMaxMs))],
      ['page append cost, worst of any run (ms)', ...input.scale.map((s) => ms(s.appendWorkWorstMs))],
      [
        'page append: scroll → frame with the cells, median of per-run medians (ms)',
        ...input.scale.map((s) => ms(s.appendMedianMs)),
      ],
      ['page append, median of per-run max (ms)', ...input.scale.map((s) => ms(s.appendMaxMs))],
      ['page append, worst of any run (ms)', ...input.scale.map((s) => ms(s.appendWorstMs))],
      [
        'listing request made after the scroll: response ended, median (ms; n/a: none, the page was fetched ahead)',
        ...input.scale.map((s) => ms(s.responseEndMs)),
      ],
      [
        'pages appended / cells at the end',
        ...input.scale.map((s) => `${num(s.pages, 0)} / ${num(s.finalCells, 0)}`),
      ],
      ['runs ok / failed', ...input.scale.map((s) => `${s.runs - s.failedRuns} / ${s.failedRuns}`)],
    ],
  )
  const label = (id: AppId) => summaries.find((s) => s.app === id)?.label ?? id
  const ratioTable = table(
    ['Latchkey / peer', ...RATIO_FIGURES.map((f) => f.label)],
    input.ratios.map((r) => [
      `${label(r.latchkey)} / ${label(r.peer)}`,
      ...RATIO_FIGURES.map((f) => num(r.values[f.key], 2)),
    ]),
  )
  const targetLines = input.targets.map((t) => `- ${t.pass ? 'PASS' : 'FAIL'} ${t.name}: ${t.detail}`)
  const blocked = [...summaries, ...(input.email ?? [])].map((s) => {
    const hosts = Object.entries(s.blocked)
      .sort((a, b) => b[1] - a[1])
      .map(([host, n]) => `${host} (${n})`)
    const routed = Object.entries(s.routed)
      .sort((a, b) => b[1] - a[1])
      .map(([host, n]) => `${host} (${n})`)
    const errors = s.routedErrors.length > 0 ? `; the stand-in answered ${s.routedErrors.join(', ')}` : ''
    return `- ${s.label}: routed ${routed.join(', ') || 'none'}; blocked ${hosts.join(', ') || 'none'}${errors}`
  })
  return [
    '# Latchkey bench results',
    '',
    `${input.date}; every figure is the median of ${input.runs} run(s) per app, apps interleaved, a fresh Chromium per run.`,
    'See README.md for the exact definitions.',
    '',
    ...input.environment.map((line) => `- ${line}`),
    '',
    ...(summaries.length > 0 ? ['## Figures', '', figures, ''] : []),
    ...(input.scale.length > 0 ? ['## All Wallets at scale', '', scale, ''] : []),
    ...emailSection(input.email ?? []),
    ...(input.history
      ? [
          '## Blockchain API stand-in: history walk',
          '',
          table(
            ['history walk (pages of 50, over HTTP)', 'value'],
            [
              [
                'items / distinct / pages',
                `${input.history.items} / ${input.history.distinct} / ${input.history.pages}`,
              ],
              ['walk, median (ms)', ms(input.history.medianMs)],
              ['walk, slowest (ms)', ms(input.history.maxMs)],
              ['walks', String(input.history.walksMs.length)],
            ],
          ),
          '',
        ]
      : []),
    ...(input.ratios.length > 0
      ? ['## Ratios (Latchkey / peer; below 1 means Latchkey is smaller or faster)', '', ratioTable, '']
      : []),
    '## Targets',
    '',
    ...targetLines,
    '',
    '## Outside requests (summed over the runs)',
    '',
    ...blocked,
    ...(input.failures.length > 0 ? ['', '## Failed runs', '', ...input.failures.map((f) => `- ${f}`)] : []),
    '',
  ].join('\n')
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The chart's figures: the byte and time figures where a ratio to both peers exists. */
const CHART_FIGURES: readonly RatioKey[] = [
  'jsInitialGzip',
  'jsFirstClickGzip',
  'jsTotalGzip',
  'buttonMs',
  'listMs',
  'connectMs',
  'heapBytes',
  'domNodes',
]

/**
 * Horizontal bars on a log scale around 1: for each figure, each Latchkey app against AppKit and RainbowKit.
 * A bar left of the 1× line means Latchkey is smaller or faster.
 */
export function ratiosSvg(summaries: AppSummary[], ratios: Ratio[]): string {
  const peers: AppId[] = ['appkit', 'rainbowkit']
  const latchkeys = summaries.filter((s) => s.kind === 'latchkey').map((s) => s.app)
  const label = (id: AppId) => summaries.find((s) => s.app === id)?.label ?? id
  const colors: Record<string, string> = {
    'latchkey-wagmi': '#3b6fe0',
    'latchkey-ethers': '#2a9d8f',
    'latchkey-multichain': '#8a5cd1',
  }
  const bars = latchkeys.length * peers.length
  const barH = 9
  const groupGap = 16
  const left = 190
  const plotW = 520
  const top = 70
  const minR = 0.03
  const maxR = 3
  const x = (ratio: number) => {
    const clamped = Math.min(maxR, Math.max(minR, ratio))
    return left + ((Math.log10(clamped) - Math.log10(minR)) / (Math.log10(maxR) - Math.log10(minR))) * plotW
  }
  const groupH = bars * barH + groupGap
  const height = top + CHART_FIGURES.length * groupH + 50
  const width = left + plotW + 150
  const out: string[] = []
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="14" font-weight="600">Latchkey / peer (median figures; log scale, left of 1× is better)</text>`,
  )
  // Legend
  let legendX = left
  for (const id of latchkeys) {
    out.push(
      `<rect x="${legendX}" y="34" width="10" height="10" fill="${colors[id] ?? '#888'}"/>`,
      `<text x="${legendX + 14}" y="43">${escapeXml(label(id))}</text>`,
    )
    legendX += 150
  }
  out.push(
    `<text x="${left}" y="60" fill="#555">solid: / AppKit · hatched: / RainbowKit</text>`,
    '<defs><pattern id="hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="4" fill="#fff" fill-opacity="0.55"/></pattern></defs>',
  )
  // Grid
  for (const tick of [0.03, 0.1, 0.25, 0.5, 1, 2, 3]) {
    const tx = x(tick).toFixed(1)
    out.push(
      `<line x1="${tx}" y1="${top - 4}" x2="${tx}" y2="${height - 40}" stroke="${tick === 1 ? '#222' : '#ddd'}" stroke-width="${tick === 1 ? 1.5 : 1}"/>`,
      `<text x="${tx}" y="${height - 26}" text-anchor="middle" fill="#555">${tick}×</text>`,
    )
  }
  CHART_FIGURES.forEach((key, g) => {
    const figure = RATIO_FIGURES.find((f) => f.key === key)
    const y0 = top + g * groupH
    out.push(
      `<text x="${left - 8}" y="${y0 + (bars * barH) / 2 + 4}" text-anchor="end">${escapeXml(figure?.label ?? key)}</text>`,
    )
    let i = 0
    for (const latchkey of latchkeys) {
      for (const peer of peers) {
        const value = ratios.find((r) => r.latchkey === latchkey && r.peer === peer)?.values[key]
        const y = y0 + i * barH
        i += 1
        if (value === undefined) continue
        const x1 = x(1)
        const x2 = x(value)
        const bx = Math.min(x1, x2).toFixed(1)
        const bw = Math.max(1, Math.abs(x2 - x1)).toFixed(1)
        const color = colors[latchkey] ?? '#888'
        out.push(`<rect x="${bx}" y="${y}" width="${bw}" height="${barH - 2}" fill="${color}"/>`)
        if (peer === 'rainbowkit')
          out.push(`<rect x="${bx}" y="${y}" width="${bw}" height="${barH - 2}" fill="url(#hatch)"/>`)
        out.push(
          `<text x="${(Math.max(x1, x2) + 4).toFixed(1)}" y="${y + barH - 2}" font-size="8" fill="#333">${value.toFixed(2)}</text>`,
        )
      }
    }
  })
  out.push('</svg>', '')
  return out.join('\n')
}
