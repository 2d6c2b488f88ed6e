import { existsSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { type Expression, parseSync, Visitor } from 'oxc-parser'
import { listExportTargets, resolveConditions } from './exports.js'
import type { WorkspacePackage } from './workspace.js'

/**
 * - `static`: loaded as soon as an entry point is imported (a chain of static imports from an entry).
 * - `dynamic`: loaded only after an `import()`: the specifier is itself dynamically imported, or it is
 *   statically imported by a file that is only reached through an `import()` (a lazy chunk).
 */
export type ImportKind = 'static' | 'dynamic'

/** One bare specifier found in a package's built output. */
export interface ExternalImport {
  specifier: string
  /** `@scope/name` or `name` for packages; `node:fs` style for builtins. */
  target: string
  builtin: boolean
  kind: ImportKind
  /** The file holding the import, relative to the package directory. */
  file: string
  line: number
}

/** Something the analysis could not follow: it fails the check rather than pass silently. */
interface AnalysisProblem {
  file: string
  line: number
  message: string
}

export interface ImportGraph {
  /** The files reached, relative to the package directory. */
  files: string[]
  imports: ExternalImport[]
  problems: AnalysisProblem[]
}

const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')))
const PARSEABLE = new Set(['.js', '.mjs', '.cjs', '.jsx'])

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`, builtins -> `node:name`. */
export function packageOfSpecifier(specifier: string): { target: string; builtin: boolean } {
  if (specifier.startsWith('node:'))
    return { target: `node:${specifier.slice(5).split('/')[0]}`, builtin: true }
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
  // A builtin's name alone or one of its listed subpaths ('fs/promises'); 'buffer/' with its trailing slash is the
  // npm package of that name, in Node as in bundlers.
  if (BUILTINS.has(specifier) || (specifier === name && BUILTINS.has(name)))
    return { target: `node:${name}`, builtin: true }
  return { target: name, builtin: false }
}

const isRelative = (specifier: string) =>
  specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..'

interface RawImport {
  specifier: string | undefined
  dynamic: boolean
  offset: number
}

/** A string literal, or a template literal without expressions; undefined for anything computed. */
function literalValue(node: Expression): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? undefined
  return undefined
}

/** The imports of one module: declarations, re-exports, `import()` and `require()` of literals. */
function readImports(file: string, source: string): { imports: RawImport[]; errors: string[] } {
  const result = parseSync(file, source, {
    lang: 'js',
    sourceType: extname(file) === '.cjs' ? 'commonjs' : 'module',
  })
  const imports: RawImport[] = []
  const visitor = new Visitor({
    ImportDeclaration: (node) =>
      imports.push({ specifier: node.source.value, dynamic: false, offset: node.start }),
    ExportAllDeclaration: (node) =>
      imports.push({ specifier: node.source.value, dynamic: false, offset: node.start }),
    ExportNamedDeclaration: (node) => {
      if (node.source) imports.push({ specifier: node.source.value, dynamic: false, offset: node.start })
    },
    ImportExpression: (node) =>
      imports.push({ specifier: literalValue(node.source), dynamic: true, offset: node.start }),
    CallExpression: (node) => {
      const [argument] = node.arguments
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'require' || !argument) return
      if (argument.type === 'SpreadElement') return
      imports.push({ specifier: literalValue(argument), dynamic: false, offset: node.start })
    },
  })
  visitor.visit(result.program)
  return { imports, errors: result.errors.map((error) => error.message) }
}

function lineOf(source: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++
  return line
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile()

/**
 * Resolves a relative import of built ESM the way Node does: the exact file, no extension guessing
 * and no directory index. Returns the file, or a message saying what is wrong.
 */
function resolveRelative(fromFile: string, specifier: string): { file: string } | { message: string } {
  const base = resolve(dirname(fromFile), specifier)
  if (isFile(base)) return { file: base }
  const guess = [`${base}.js`, join(base, 'index.js')].find(isFile)
  const path = guess && relative(dirname(fromFile), guess).split('\\').join('/')
  const hint = path ? ` (ESM needs the full file name: ${path.startsWith('.') ? path : `./${path}`})` : ''
  return { message: `cannot resolve relative import "${specifier}"${hint}` }
}

/**
 * Follows the built output of a package from every `exports` target (all conditions but `types`)
 * through relative imports, and collects the bare specifiers it reaches, each marked static or
 * dynamic (see ImportKind). `#subpath` imports are resolved through the package's `imports` field.
 * Unresolvable relative imports, computed `import()` specifiers and parse errors are reported as
 * problems, since they would hide imports from the check.
 */
export function analysePackageImports(pkg: WorkspacePackage): ImportGraph {
  const rel = (file: string) => relative(pkg.dir, file).split('\\').join('/')
  const imports = new Map<string, ExternalImport>()
  const problems: AnalysisProblem[] = []
  const eager = new Set<string>()
  const lazy = new Set<string>()
  const queue: Array<{ file: string; eager: boolean }> = []
  const parsed = new Map<string, { imports: RawImport[]; source: string }>()

  const visit = (file: string, isEager: boolean) => {
    if (eager.has(file) || (!isEager && lazy.has(file))) return
    ;(isEager ? eager : lazy).add(file)
    queue.push({ file, eager: isEager })
  }

  const targets = listExportTargets(pkg)
  if (targets.length === 0)
    problems.push({ file: 'package.json', line: 1, message: 'no exports map: nothing to analyse' })
  for (const target of targets) {
    if (isFile(target.file)) visit(target.file, true)
    else {
      problems.push({
        file: 'package.json',
        line: 1,
        message: `exports "${target.subpath}" points at ${rel(target.file)}, which does not exist (not built?)`,
      })
    }
  }

  const { imports: importsField } = pkg.manifest
  const importsMap = new Map<string, unknown>(
    typeof importsField === 'object' && importsField !== null ? Object.entries(importsField) : [],
  )

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { file, eager: fileIsEager } = next
    if (!PARSEABLE.has(extname(file))) continue
    let entry = parsed.get(file)
    if (!entry) {
      const source = readFileSync(file, 'utf8')
      const { imports: raw, errors } = readImports(file, source)
      for (const message of errors)
        problems.push({ file: rel(file), line: 1, message: `parse error: ${message}` })
      entry = { imports: raw, source }
      parsed.set(file, entry)
    }
    for (const raw of entry.imports) {
      const line = lineOf(entry.source, raw.offset)
      const kind: ImportKind = fileIsEager && !raw.dynamic ? 'static' : 'dynamic'
      let specifier = raw.specifier
      if (specifier === undefined) {
        problems.push({
          file: rel(file),
          line,
          message: 'import() or require() of a computed specifier cannot be checked',
        })
        continue
      }
      if (specifier.startsWith('#')) {
        const mapped = resolveConditions(importsMap.get(specifier), ['browser', 'import', 'default'])
        if (!mapped) {
          problems.push({
            file: rel(file),
            line,
            message: `"${specifier}" is not in the package.json imports field`,
          })
          continue
        }
        if (mapped.path.startsWith('./')) {
          visit(join(pkg.dir, mapped.path), kind === 'static')
          continue
        }
        specifier = mapped.path
      }
      if (isRelative(specifier)) {
        const resolved = resolveRelative(file, specifier)
        if ('file' in resolved) visit(resolved.file, kind === 'static')
        else problems.push({ file: rel(file), line, message: resolved.message })
        continue
      }
      const isUrlOrAbsolute = specifier.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(specifier)
      if (isUrlOrAbsolute && !specifier.startsWith('node:')) {
        problems.push({
          file: rel(file),
          line,
          message: `absolute or URL import "${specifier}" cannot be checked`,
        })
        continue
      }
      const { target, builtin } = packageOfSpecifier(specifier)
      const found: ExternalImport = { specifier, target, builtin, kind, file: rel(file), line }
      const key = `${found.file}\0${found.line}\0${specifier}\0${kind}`
      if (!imports.has(key)) imports.set(key, found)
    }
  }

  const files = [...eager, ...[...lazy].filter((file) => !eager.has(file))].map(rel).sort()
  return { files, imports: [...imports.values()], problems }
}
