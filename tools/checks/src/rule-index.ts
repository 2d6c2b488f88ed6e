import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { parseSync } from 'oxc-parser'

/**
 * The rule index (kit-core/test/spec/rules.json): every sentence of the rule sections of the product
 * specification, with an id, a scope and, for what is built, the file and symbol that implement it.
 *
 * - `in`: built. `owner` is `path/from/repo/root.ts#symbol`; at least one test whose title names the id
 *   asserts something that can fail.
 * - `partial`: the code is there but a part of the rule runs through a hook that no package supplies yet
 *   (`missing` says which part, `feature` which feature supplies it). Never counted as covered.
 * - `out`: not built yet; `feature` names the feature that builds it (or why there is nothing to build).
 */
type RuleScope = 'in' | 'partial' | 'out'

export interface Rule {
  id: string
  text: string
  scope: RuleScope
  owner?: string
  feature?: string
  missing?: string
  note?: string
}

export interface RuleIndex {
  $comment: string
  rules: Rule[]
}

/** One `it`/`test` call found in a test file. */
export interface FoundTest {
  file: string
  line: number
  /** Its own title and the titles of the `describe` blocks around it, outermost first, joined by ' > '. */
  title: string
  /** The body makes at least one assertion on a value that is not a constant. */
  asserts: boolean
  /** `skip`, `todo` or `fails`: never covers a rule. */
  inactive: boolean
}

// ---------------------------------------------------------------------------------------------------------
// A tiny walker over oxc's ESTree-shaped AST.

// biome-ignore lint/suspicious/noExplicitAny: the AST is walked generically, by its `type` fields
type Node = any

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

function children(node: Node): Node[] {
  const out: Node[] = []
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue
    const value = node[key]
    if (Array.isArray(value)) for (const item of value) isNode(item) && out.push(item)
    else if (isNode(value)) out.push(value)
  }
  return out
}

function walk(node: Node, visit: (node: Node) => boolean | undefined): void {
  // `visit` returns false to skip a node's children.
  if (visit(node) === false) return
  for (const child of children(node)) walk(child, visit)
}

/** Strips TypeScript wrappers and parentheses: `x as T`, `x!`, `<T>x`, `x satisfies T`, `(x)`. */
function unwrap(node: Node): Node {
  let current = node
  while (
    current &&
    [
      'TSAsExpression',
      'TSNonNullExpression',
      'TSTypeAssertion',
      'TSSatisfiesExpression',
      'ParenthesizedExpression',
    ].includes(current.type)
  )
    current = current.expression
  return current
}

const CONSTANT_IDENTIFIERS = new Set(['undefined', 'NaN', 'Infinity'])

/**
 * True when an expression's value is fixed by the test's own text: literals, and arrays, objects, templates,
 * operators and arrow functions made only of constants (or of `const` names bound to constants). Anything that
 * reads a variable, calls a function, awaits or constructs is not constant: the code under test can change it.
 */
function isConstant(input: Node, constants: ReadonlySet<string>): boolean {
  const node = unwrap(input)
  if (!node) return true
  switch (node.type) {
    case 'Literal':
      return true
    case 'Identifier':
      return CONSTANT_IDENTIFIERS.has(node.name) || constants.has(node.name)
    case 'TemplateLiteral':
      return node.expressions.every((each: Node) => isConstant(each, constants))
    case 'ArrayExpression':
      return node.elements.every(
        (each: Node) =>
          each === null || isConstant(each.type === 'SpreadElement' ? each.argument : each, constants),
      )
    case 'ObjectExpression':
      return node.properties.every((property: Node) =>
        property.type === 'SpreadElement'
          ? isConstant(property.argument, constants)
          : (!property.computed || isConstant(property.key, constants)) &&
            isConstant(property.value, constants),
      )
    case 'UnaryExpression':
      return node.operator !== 'delete' && isConstant(node.argument, constants)
    case 'BinaryExpression':
    case 'LogicalExpression':
      return isConstant(node.left, constants) && isConstant(node.right, constants)
    case 'ConditionalExpression':
      return (
        isConstant(node.test, constants) &&
        isConstant(node.consequent, constants) &&
        isConstant(node.alternate, constants)
      )
    case 'SequenceExpression':
      return node.expressions.every((each: Node) => isConstant(each, constants))
    case 'ArrowFunctionExpression':
      // `expect.poll(() => true)`: a function of constants polls a constant.
      return node.expression ? isConstant(node.body, constants) : constantBlock(node.body, constants)
    default:
      return false
  }
}

/** A function body whose every statement returns a constant (or nothing). */
function constantBlock(block: Node, constants: ReadonlySet<string>): boolean {
  return block.body.every(
    (statement: Node) =>
      statement.type === 'ReturnStatement' &&
      (statement.argument === null || isConstant(statement.argument, constants)),
  )
}

/** `const NAME = <constant>` declarations directly in a list of statements. */
function constantBindings(statements: Node[], inherited: ReadonlySet<string>): Set<string> {
  const names = new Set(inherited)
  for (const statement of statements) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
    for (const declarator of declaration.declarations)
      if (declarator.id.type === 'Identifier' && declarator.init && isConstant(declarator.init, names))
        names.add(declarator.id.name)
  }
  return names
}

const EXPECT_MODIFIERS = new Set(['not', 'resolves', 'rejects'])

/**
 * The subject of an assertion when `call` is one: `expect(x).toBe(y)` and its `.not`/`.resolves`/`.rejects`
 * forms, `expect.soft(x).…`, `expect.poll(fn).…` give `x`/`fn`; `assert(x)`, `assert.equal(x, y)` give their
 * arguments. `expect(x)` alone asserts nothing (no matcher runs), and neither does `expect.assertions(n)`.
 */
function assertionSubjects(call: Node): Node[] | undefined {
  const callee = unwrap(call.callee)
  if (callee.type === 'Identifier' && callee.name === 'assert') return call.arguments
  if (callee.type !== 'MemberExpression') return undefined
  if (
    unwrap(callee.object).type === 'Identifier' &&
    unwrap(callee.object).name === 'assert' &&
    !callee.computed
  )
    return call.arguments
  // A matcher call: walk down .not / .resolves / .rejects to the expect(...) call.
  let object = unwrap(callee.object)
  while (object.type === 'MemberExpression' && !object.computed && EXPECT_MODIFIERS.has(object.property.name))
    object = unwrap(object.object)
  if (object.type !== 'CallExpression') return undefined
  const root = unwrap(object.callee)
  const isExpect =
    (root.type === 'Identifier' && root.name === 'expect') ||
    (root.type === 'MemberExpression' &&
      !root.computed &&
      unwrap(root.object).type === 'Identifier' &&
      unwrap(root.object).name === 'expect' &&
      ['soft', 'poll'].includes(root.property.name))
  return isExpect ? object.arguments.slice(0, 1) : undefined
}

// ---------------------------------------------------------------------------------------------------------
// Test discovery.

const TEST_NAMES = new Set(['it', 'test'])
const INACTIVE = new Set(['skip', 'todo', 'fails'])

interface TestCall {
  kind: 'describe' | 'test'
  inactive: boolean
}

/**
 * Whether a call is a test or describe call: `it(…)`, `test.concurrent(…)`, `it.each(table)(…)`,
 * `describe.skipIf(cond)(…)`; `skip`/`todo`/`fails` mark it inactive.
 */
function classifyTestCall(callee: Node, inactive = false): TestCall | undefined {
  const node = unwrap(callee)
  if (node.type === 'Identifier') {
    if (TEST_NAMES.has(node.name)) return { kind: 'test', inactive }
    if (node.name === 'describe' || node.name === 'suite') return { kind: 'describe', inactive }
    return undefined
  }
  if (node.type === 'MemberExpression' && !node.computed)
    return classifyTestCall(node.object, inactive || INACTIVE.has(node.property.name))
  // it.each(table)(…), it.skipIf(cond)(…), it.runIf(cond)(…)
  if (node.type === 'CallExpression') {
    const inner = unwrap(node.callee)
    if (inner.type === 'MemberExpression' && !inner.computed) {
      const name = inner.property.name
      const skipped = name === 'skipIf' && isConstant(node.arguments[0], new Set())
      return classifyTestCall(inner.object, inactive || skipped)
    }
  }
  return undefined
}

/** Where a template title has an expression. */
const EXPRESSION_MARK = '{…}'

/** A title as written: a string, or a template with `{…}` where its expressions stand. */
function titleOf(node: Node | undefined): string {
  const value = node && unwrap(node)
  if (!value) return ''
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value
  if (value.type === 'TemplateLiteral')
    return value.quasis.map((quasi: Node) => quasi.value.cooked ?? quasi.value.raw).join(EXPRESSION_MARK)
  if (value.type === 'BinaryExpression' && value.operator === '+')
    return titleOf(value.left) + titleOf(value.right)
  return ''
}

function lastFunction(args: Node[]): Node | undefined {
  for (let i = args.length - 1; i >= 0; i--) {
    const arg = unwrap(args[i])
    if (arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression') return arg
  }
  return undefined
}

/** Functions declared in a file by name (`function f`, `const f = () => …`), for one level of indirection. */
function namedFunctions(program: Node): Map<string, Node> {
  const functions = new Map<string, Node>()
  walk(program, (node) => {
    if (node.type === 'FunctionDeclaration' && node.id) functions.set(node.id.name, node)
    if (
      node.type === 'VariableDeclarator' &&
      node.id.type === 'Identifier' &&
      node.init &&
      ['ArrowFunctionExpression', 'FunctionExpression'].includes(unwrap(node.init).type)
    )
      functions.set(node.id.name, unwrap(node.init))
    return true
  })
  return functions
}

/**
 * True when a function asserts on a non-constant value, itself or through a function of the same file that it
 * calls (followed to any depth, each once). Helpers from other files are not followed: a test that only calls
 * imported helpers does not cover a rule.
 */
function functionAsserts(
  fn: Node,
  functions: Map<string, Node>,
  constants: ReadonlySet<string>,
  seen: Set<Node>,
): boolean {
  if (seen.has(fn)) return false
  seen.add(fn)
  const body = fn.body
  const scope = body?.type === 'BlockStatement' ? constantBindings(body.body, constants) : new Set(constants)
  let found = false
  walk(body, (node) => {
    if (found) return false
    if (node.type !== 'CallExpression') return true
    const subjects = assertionSubjects(node)
    if (subjects && subjects.length > 0 && subjects.some((subject) => !isConstant(subject, scope))) {
      found = true
      return false
    }
    const callee = unwrap(node.callee)
    if (callee.type === 'Identifier') {
      const helper = functions.get(callee.name)
      if (helper && functionAsserts(helper, functions, constants, seen)) {
        found = true
        return false
      }
    }
    // Functions passed as arguments (callbacks of helpers, loops) run as part of the test.
    return true
  })
  return found
}

/** Every `it`/`test` in a test file's source, with its full title and whether it asserts. */
export function findTests(file: string, source: string): FoundTest[] {
  const result = parseSync(file, source, { lang: extname(file) === '.tsx' ? 'tsx' : 'ts' })
  if (result.errors.length > 0)
    throw new Error(`${file}: does not parse: ${result.errors[0]?.message ?? 'unknown error'}`)
  const program = result.program
  const functions = namedFunctions(program)
  const constants = constantBindings(program.body, new Set())
  const lineStarts = [0]
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1)
  const lineOf = (offset: number) => {
    let low = 0
    let high = lineStarts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((lineStarts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return low + 1
  }

  const tests: FoundTest[] = []
  const visit = (node: Node, titles: string[], inactive: boolean): void => {
    if (node.type === 'CallExpression') {
      const call = classifyTestCall(node.callee)
      if (call) {
        const title = titleOf(node.arguments[0])
        const fn = lastFunction(node.arguments)
        const path = [...titles, title]
        if (call.kind === 'describe') {
          if (fn) visit(fn.body, path, inactive || call.inactive)
          return
        }
        tests.push({
          file,
          line: lineOf(node.start),
          title: path.join(' > '),
          asserts: fn ? functionAsserts(fn, functions, constants, new Set()) : false,
          inactive: inactive || call.inactive || !fn,
        })
        return
      }
    }
    for (const child of children(node)) visit(child, titles, inactive)
  }
  visit(program, [], false)
  return tests
}

// ---------------------------------------------------------------------------------------------------------
// The checks.

/** Test files (`*.test.ts`, `*.test.tsx`) under the given folders, skipping node_modules and dist. */
export function listTestFiles(root: string, folders: string[]): string[] {
  const files: string[] = []
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (/\.test\.tsx?$/.test(entry.name)) files.push(path)
    }
  }
  for (const folder of folders) {
    const dir = join(root, folder)
    if (existsSync(dir) && statSync(dir).isDirectory()) visit(dir)
  }
  return files.sort()
}

/** Matches the id in a title, and not a longer id that starts with it (§2.1 is not §2.10). */
export function namesRule(title: string, id: string): boolean {
  return new RegExp(`${id.replace(/\./g, '\\.')}(?![0-9])`).test(title)
}

/** Problems with an owner: `path#symbol`, the path relative to the repository root, the symbol declared there. */
export function ownerProblem(root: string, owner: string | undefined): string | undefined {
  if (!owner) return 'has no owner'
  const [path, symbol, ...rest] = owner.split('#')
  if (!path || !symbol || rest.length > 0) return `owner "${owner}" is not path#symbol`
  const file = join(root, path)
  if (!existsSync(file) || !statSync(file).isFile()) return `owner file ${path} does not exist`
  const escaped = symbol.replace(/[$]/g, '\\$')
  const declared = new RegExp(
    `(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${escaped}\\b|^\\s*(?:(?:export|public|private|protected|readonly|static|async|get|set|override)\\s+)*${escaped}\\s*[(:=?<]`,
    'm',
  )
  if (!declared.test(readFileSync(file, 'utf8'))) return `owner symbol ${symbol} is not declared in ${path}`
  return undefined
}

export interface IndexReport {
  /** In-scope rules and the tests that cover them. */
  covered: Map<string, FoundTest[]>
  problems: string[]
}

/** Checks an index against the tests found; `root` is the repository root (for owners' paths). */
export function checkIndex(root: string, index: RuleIndex, tests: FoundTest[]): IndexReport {
  const problems: string[] = []
  const covered = new Map<string, FoundTest[]>()
  const ids = new Set<string>()
  for (const rule of index.rules) {
    if (ids.has(rule.id)) problems.push(`${rule.id} appears twice`)
    ids.add(rule.id)
    if (!/^§\d+\.\d+$/.test(rule.id)) problems.push(`${rule.id} is not an id of the form §N.M`)
    if (!rule.text.trim()) problems.push(`${rule.id} has no text`)
    switch (rule.scope) {
      case 'in': {
        const problem = ownerProblem(root, rule.owner)
        if (problem) problems.push(`${rule.id} ${problem}`)
        const naming = tests.filter((test) => namesRule(test.title, rule.id))
        const real = naming.filter((test) => test.asserts && !test.inactive)
        if (real.length > 0) covered.set(rule.id, real)
        else if (naming.length === 0)
          problems.push(`${rule.id} (${rule.owner}) is in scope but no test names it: ${rule.text}`)
        else
          problems.push(
            `${rule.id} is in scope but no test that names it asserts on a value the code produced: ${naming
              .map((test) => `${relative(root, test.file)}:${test.line}`)
              .join(', ')}`,
          )
        break
      }
      case 'partial': {
        const problem = ownerProblem(root, rule.owner)
        if (problem) problems.push(`${rule.id} ${problem}`)
        if (!rule.missing) problems.push(`${rule.id} is partial but does not say what is missing`)
        if (!rule.feature) problems.push(`${rule.id} is partial but names no feature that completes it`)
        break
      }
      case 'out':
        if (!rule.feature) problems.push(`${rule.id} is out of scope but names no feature or reason`)
        break
      default:
        problems.push(`${rule.id} has scope "${String(rule.scope)}" (in, partial or out)`)
    }
  }
  return { covered, problems }
}
