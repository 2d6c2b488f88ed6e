// Preloaded with `node --import` by the entry-point import check (entry-imports.ts). Defines the
// browser globals that code must not touch at import time as Proxies that throw on every trap, and
// records each touch so that one swallowed by a try/catch still fails the run (exit code 1).

const GLOBALS = ['window', 'document', 'localStorage', 'customElements']

/** @type {Record<string, (name: string, args: unknown[]) => string>} */
const DESCRIBE = {
  get: (name, [, key]) => `reads ${name}${member(key)}`,
  set: (name, [, key]) => `writes ${name}${member(key)}`,
  has: (name, [, key]) => `checks ${keyText(key)} in ${name}`,
  deleteProperty: (name, [, key]) => `deletes ${name}${member(key)}`,
  defineProperty: (name, [, key]) => `defines ${name}${member(key)}`,
  getOwnPropertyDescriptor: (name, [, key]) => `reads the descriptor of ${name}${member(key)}`,
  ownKeys: (name) => `lists the keys of ${name}`,
  getPrototypeOf: (name) => `reads the prototype of ${name} (instanceof?)`,
  setPrototypeOf: (name) => `sets the prototype of ${name}`,
  isExtensible: (name) => `checks whether ${name} is extensible`,
  preventExtensions: (name) => `prevents extensions of ${name}`,
  apply: (name) => `calls ${name}()`,
  construct: (name) => `constructs new ${name}()`,
}

/** @param {unknown} key */
function keyText(key) {
  return typeof key === 'symbol' ? key.toString() : JSON.stringify(String(key))
}

/** @param {unknown} key */
function member(key) {
  return typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${keyText(key)}]`
}

/** @type {string[]} */
const touches = []

/**
 * Node-only modules that probe `window` to learn whether they run in Electron, and that no browser bundle ever
 * holds (native add-on loaders): a read from them sees no such property instead of a failure. Any other module
 * touching a browser global still fails.
 */
const NODE_ONLY_PROBES = [/[\\/]node_modules[\\/]node-gyp-build[\\/]/]

/** True when the property read comes from a {@link NODE_ONLY_PROBES} module. */
function fromNodeOnlyProbe(/** @type {string | undefined} */ stack) {
  const caller = stack?.split('\n')[2] ?? ''
  return NODE_ONLY_PROBES.some((pattern) => pattern.test(caller))
}

for (const name of GLOBALS) {
  /** @type {ProxyHandler<() => void>} */
  const handler = {}
  for (const [trap, describe] of Object.entries(DESCRIBE)) {
    Object.defineProperty(handler, trap, {
      value: (/** @type {unknown[]} */ ...args) => {
        if (trap === 'get' && fromNodeOnlyProbe(new Error().stack)) return undefined
        const message = `browser global touched at import time: the module ${describe(name, args)} (${trap} trap on globalThis.${name})`
        const error = new Error(message)
        touches.push(`${message}\n${error.stack?.split('\n').slice(2).join('\n') ?? ''}`)
        throw error
      },
    })
  }
  // A class target is both callable and constructible, so the apply and construct traps fire too.
  Object.defineProperty(globalThis, name, {
    value: new Proxy(class {}, handler),
    configurable: true,
    enumerable: false,
    writable: true,
  })
}

process.on('exit', (code) => {
  if (touches.length === 0) return
  process.stderr.write(`\n${touches.length} touch(es) of browser globals:\n${touches.join('\n\n')}\n`)
  if (code === 0) process.exitCode = 1
})
