import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'

/** The fence languages whose blocks are type-checked. */
const CHECKED_LANGUAGES: Readonly<Record<string, 'ts' | 'tsx'>> = { ts: 'ts', typescript: 'ts', tsx: 'tsx' }

/** One fenced TypeScript block of a README. */
export interface Snippet {
  /** The README, relative to the workspace root, with forward slashes. */
  readme: string
  /** 1-based line of the opening fence in the README. */
  fenceLine: number
  kind: 'ts' | 'tsx'
  /** The block's text, its common indentation removed. */
  code: string
  /**
   * The block's file name in an app of several files (a fence such as ```tsx title="app/page.tsx"```): the titled
   * blocks of a README are files of one folder and may import one another by relative path.
   */
  file?: string
}

/** A titled block's file: a relative path of folders and a .ts/.tsx name, nothing that climbs out. */
const SNIPPET_FILE = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*\.tsx?$/

/** A compiler message about a snippet, placed on the README's own line. */
export interface SnippetFailure {
  readme: string
  fenceLine: number
  /** 1-based README line the message is about. */
  line: number
  column: number
  message: string
}

/** Every README.md git knows of under `root` (tracked, or new and not ignored), as forward-slash relative paths. */
export function listReadmes(root: string): string[] {
  const result = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'README.md', '*/README.md'],
    { cwd: root, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`git ls-files failed: ${result.stderr}`)
  const files = result.stdout.split('\0').filter((path) => path !== '' && existsSync(join(root, path)))
  return [...new Set(files)].filter((path) => !path.split('/').includes('node_modules')).sort()
}

/**
 * The ```ts, ```tsx and ```typescript blocks of a Markdown text (CommonMark fences of backticks or tildes,
 * indented at most three spaces, as in a list item). Other fences are skipped whole, so a TypeScript fence
 * shown inside a ```md block is not taken for one.
 */
export function extractSnippets(readme: string, text: string): Snippet[] {
  const lines = text.split(/\r?\n/)
  const snippets: Snippet[] = []
  let open:
    | { marker: string; indent: number; start: number; kind?: 'ts' | 'tsx'; file?: string; body: string[] }
    | undefined
  lines.forEach((line, index) => {
    if (open) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1] ?? ''
      if (closing[0] === open.marker[0] && closing.length >= open.marker.length) {
        if (open.kind) {
          const code = open.body.join('\n')
          const snippet: Snippet = { readme, fenceLine: open.start, kind: open.kind, code }
          if (open.file) snippet.file = open.file
          snippets.push(snippet)
        }
        open = undefined
        return
      }
      // Content lines lose up to the fence's own indentation (CommonMark).
      open.body.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''))
      return
    }
    const fence = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(line)
    if (!fence) return
    const language = (fence[3] ?? '').toLowerCase()
    const title = /\btitle="([^"]*)"/.exec(fence[4] ?? '')?.[1]
    if (title !== undefined && !SNIPPET_FILE.test(title))
      throw new Error(`${readme}:${index + 1}: title="${title}" is not a relative .ts or .tsx path`)
    open = {
      marker: fence[2] ?? '```',
      indent: fence[1]?.length ?? 0,
      start: index + 1,
      kind: CHECKED_LANGUAGES[language],
      file: title,
      body: [],
    }
  })
  return snippets
}

/** Where a snippet is written in the temporary project: the README's folder, then one file per block. */
function snippetPath(snippet: Snippet): string {
  const folder = dirname(snippet.readme)
  const name = snippet.file
    ? `${TITLED_FOLDER}/${snippet.file}`
    : `readme-L${snippet.fenceLine}.${snippet.kind}`
  return folder === '.' ? name : `${folder}/${name}`
}

/** Where a README's titled blocks go, beside its own folder's other blocks. */
const TITLED_FOLDER = 'readme-app'

/**
 * Compiler options of the snippets: the repository's own (tsconfig.base.json: strict, NodeNext, ES2022 with
 * the DOM), with React's automatic JSX for ```tsx, Node's types for the tools' snippets, and every file a
 * module, so two snippets never share a global name. A bundler app's files (titled blocks) resolve as bundlers do.
 */
function tsconfigFor(root: string, files: readonly string[], bundler: boolean): object {
  return {
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: {
      ...(bundler ? { module: 'ESNext', moduleResolution: 'Bundler' } : {}),
      noEmit: true,
      declaration: false,
      declarationMap: false,
      sourceMap: false,
      jsx: 'react-jsx',
      types: ['node'],
      moduleDetection: 'force',
    },
    files,
  }
}

/**
 * Links `node_modules` of every folder on the way from the root to each README's folder into the temporary
 * project, so a snippet resolves packages as a file beside its README would: the workspace's packages
 * (`@latchkey/*` through their built `dist` types), and a package's own nested installs first.
 */
function linkNodeModules(root: string, project: string, snippets: readonly Snippet[]): void {
  const folders = new Set<string>(['.'])
  for (const snippet of snippets) {
    let folder = dirname(snippet.readme)
    while (folder !== '.') {
      folders.add(folder)
      folder = dirname(folder)
    }
  }
  for (const folder of folders) {
    const source = join(root, folder, 'node_modules')
    if (!existsSync(source)) continue
    const target = join(project, folder, 'node_modules')
    mkdirSync(dirname(target), { recursive: true })
    symlinkSync(source, target, 'dir')
  }
}

/** `file(line,col): error TSnnnn: message` and its indented continuation lines, as tsc prints without --pretty. */
const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/

/**
 * Type-checks every snippet with the repository's TypeScript in one compiler run, in a temporary project
 * outside the repository, and returns the compiler's messages placed on README lines. A message about a file
 * that is not a snippet (a package's own types) is returned on the snippet that led to it when it can be told,
 * else thrown, so nothing is hidden.
 */
export function typeCheckSnippets(root: string, snippets: readonly Snippet[]): SnippetFailure[] {
  // Titled blocks are the files of an app built by a bundler (Next.js, Vite): they import one another without
  // extensions (`./providers`), as such an app's tsconfig allows; they compile apart, with bundler resolution.
  const titled = snippets.filter((snippet) => snippet.file)
  const plain = snippets.filter((snippet) => !snippet.file)
  return [...compileSnippets(root, plain, false), ...compileSnippets(root, titled, true)].sort(
    (a, b) => a.readme.localeCompare(b.readme) || a.line - b.line || a.column - b.column,
  )
}

function compileSnippets(root: string, snippets: readonly Snippet[], bundler: boolean): SnippetFailure[] {
  if (snippets.length === 0) return []
  const project = mkdtempSync(join(tmpdir(), 'latchkey-readme-snippets-'))
  try {
    const byFile = new Map<string, Snippet>()
    for (const snippet of snippets) {
      const path = snippetPath(snippet)
      if (byFile.has(path)) throw new Error(`${snippet.readme}: two blocks are titled ${snippet.file}`)
      byFile.set(path, snippet)
      mkdirSync(join(project, dirname(path)), { recursive: true })
      writeFileSync(join(project, path), `${snippet.code}\n`)
    }
    // ESM, as the packages are: top-level await works, and NodeNext resolves the packages' `import` exports.
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ private: true, type: 'module' })}\n`)
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify(tsconfigFor(root, [...byFile.keys()], bundler), null, 2),
    )
    linkNodeModules(root, project, snippets)

    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const run = spawnSync(
      process.execPath,
      [tsc, '-p', join(project, 'tsconfig.json'), '--pretty', 'false'],
      {
        cwd: project,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    if (run.error) throw run.error
    const output = `${run.stdout}${run.stderr}`
    const failures: SnippetFailure[] = []
    const unplaced: string[] = []
    let last: SnippetFailure | undefined
    for (const line of output.split(/\r?\n/)) {
      const match = DIAGNOSTIC.exec(line)
      if (!match) {
        // A message's further lines (chained explanations) are indented; they belong to the one above.
        if (line.startsWith(' ') && last) last.message += `\n${line.trimEnd()}`
        else if (line.trim() !== '') unplaced.push(line)
        continue
      }
      const [, file = '', lineText = '0', columnText = '0', message = ''] = match
      const key = relative(project, join(project, file)).split(sep).join('/')
      const snippet = byFile.get(key)
      if (!snippet) {
        unplaced.push(line)
        last = undefined
        continue
      }
      last = {
        readme: snippet.readme,
        fenceLine: snippet.fenceLine,
        line: snippet.fenceLine + Number(lineText),
        column: Number(columnText),
        message,
      }
      failures.push(last)
    }
    if (unplaced.length > 0 || (run.status !== 0 && failures.length === 0)) {
      throw new Error(`tsc exited ${run.status} with messages about no snippet:\n${unplaced.join('\n')}`)
    }
    return failures
  } finally {
    rmSync(project, { recursive: true, force: true })
  }
}

/** One line per failure: `README.md:52 (block at line 45): TS2304: Cannot find name 'projectId'.` */
export function formatSnippetFailures(failures: readonly SnippetFailure[]): string {
  return failures
    .map((f) => `${f.readme}:${f.line}:${f.column} (block at line ${f.fenceLine}): ${f.message}`)
    .join('\n')
}
