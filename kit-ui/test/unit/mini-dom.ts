// A DOM just big enough for Preact to render the modal's views in Node (no browser, no DOM package): elements with
// attributes, the properties the views set (value, disabled, readOnly, …), text nodes, events that bubble, focus.
// Tests find elements by their data-testid and act as a visitor would (input, paste, submit, click).
import { options, render, type VNode } from 'preact'
import { afterEach, beforeEach, vi } from 'vitest'

const EVENT_PROPS = [
  'onclick',
  'oninput',
  'onsubmit',
  'onpaste',
  'onfocus',
  'onblur',
  'onkeydown',
  'onmousedown',
  'onchange',
  'onerror',
  'onload',
]

class MiniNode {
  parentNode: MiniElement | null = null
  readonly childNodes: MiniNode[] = []
  constructor(readonly nodeType: number) {}
  get firstChild(): MiniNode | null {
    return this.childNodes[0] ?? null
  }
  get nextSibling(): MiniNode | null {
    const siblings = this.parentNode?.childNodes
    return siblings ? (siblings[siblings.indexOf(this) + 1] ?? null) : null
  }
  get textContent(): string {
    return this.childNodes.map((child) => child.textContent).join('')
  }
  insertBefore<N extends MiniNode>(node: N, before: MiniNode | null): N {
    node.parentNode?.removeChild(node)
    const at = before ? this.childNodes.indexOf(before) : -1
    if (at === -1) this.childNodes.push(node)
    else this.childNodes.splice(at, 0, node)
    node.parentNode = this as unknown as MiniElement
    return node
  }
  appendChild<N extends MiniNode>(node: N): N {
    return this.insertBefore(node, null)
  }
  removeChild<N extends MiniNode>(node: N): N {
    const at = this.childNodes.indexOf(node)
    if (at !== -1) this.childNodes.splice(at, 1)
    node.parentNode = null
    return node
  }
  remove(): void {
    this.parentNode?.removeChild(this)
  }
  getRootNode(): MiniNode {
    let node: MiniNode = this
    while (node.parentNode) node = node.parentNode
    return node
  }
  contains(other: MiniNode | null): boolean {
    for (let node = other; node; node = node.parentNode) if (node === this) return true
    return false
  }
}

class MiniText extends MiniNode {
  constructor(public data: string) {
    super(3)
  }
  override get textContent(): string {
    return this.data
  }
}

interface Listener {
  fn: (this: MiniElement, event: MiniEvent) => void
  capture: boolean
}

/** The parts of an Event the views read. */
interface MiniEvent {
  type: string
  target: MiniElement
  currentTarget: MiniElement
  defaultPrevented: boolean
  preventDefault(): void
  stopPropagation(): void
  clipboardData?: { getData(format: string): string }
  key?: string
}

class MiniElement extends MiniNode {
  readonly attributes = new Map<string, string>()
  readonly style = { cssText: '', setProperty: (_name: string, _value: string) => undefined }
  private readonly listeners = new Map<string, Listener[]>()
  // The properties Preact sets as properties (`name in dom`).
  value = ''
  disabled = false
  readOnly = false
  checked = false
  type = ''
  noValidate = false
  constructor(
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly ownerDocument: MiniDocument,
  ) {
    super(1)
  }
  setAttribute(name: string, value: unknown): void {
    this.attributes.set(name, String(value))
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null
  }
  hasAttribute(name: string): boolean {
    return this.attributes.has(name)
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name)
  }
  addEventListener(type: string, fn: Listener['fn'], capture = false): void {
    const list = this.listeners.get(type) ?? []
    list.push({ fn, capture: Boolean(capture) })
    this.listeners.set(type, list)
  }
  removeEventListener(type: string, fn: Listener['fn'], capture = false): void {
    const list = this.listeners.get(type) ?? []
    this.listeners.set(
      type,
      list.filter((l) => l.fn !== fn || l.capture !== Boolean(capture)),
    )
  }
  /** Dispatches `event` here, then up the tree (every event bubbles here, focus included). */
  dispatch(event: Partial<MiniEvent> & { type: string }): MiniEvent {
    let stopped = false
    const full: MiniEvent = {
      target: this,
      currentTarget: this,
      defaultPrevented: false,
      preventDefault() {
        full.defaultPrevented = true
      },
      stopPropagation() {
        stopped = true
      },
      ...event,
    }
    for (let node: MiniNode | null = this; node instanceof MiniElement && !stopped; node = node.parentNode) {
      full.currentTarget = node
      for (const listener of node.listeners.get(event.type) ?? []) listener.fn.call(node, full)
    }
    return full
  }
  focus(): void {
    this.ownerDocument.activeElement = this
    this.dispatch({ type: 'focus' })
  }
  blur(): void {
    if (this.ownerDocument.activeElement === this) this.ownerDocument.activeElement = null
  }
}
for (const name of EVENT_PROPS)
  Object.defineProperty(MiniElement.prototype, name, { value: null, writable: true })

class MiniDocument extends MiniNode {
  activeElement: MiniElement | null = null
  readonly body: MiniElement
  constructor() {
    super(9)
    this.body = this.appendChild(this.createElement('body'))
  }
  createElement(name: string): MiniElement {
    return new MiniElement(name, 'http://www.w3.org/1999/xhtml', this)
  }
  createElementNS(namespace: string | null, name: string): MiniElement {
    return new MiniElement(name, namespace, this)
  }
  createTextNode(data: string): MiniText {
    return new MiniText(String(data))
  }
}

/** Every element under `root`, depth first. */
function* elements(root: MiniNode): Generator<MiniElement> {
  for (const child of root.childNodes) {
    if (child instanceof MiniElement) {
      yield child
      yield* elements(child)
    }
  }
}

/** One rendering surface per test: a document as the global `document`, Preact flushing effects in microtasks. */
export interface Screen {
  doc: MiniDocument
  render(vnode: VNode): void
  /** The element of this data-testid, or undefined. */
  query(testId: string): MiniElement | undefined
  /** The element of this data-testid; throws when it is not there. */
  get(testId: string): MiniElement
  /** The data-testid values in document order (`prefix` filters them). */
  testIds(prefix?: string): string[]
  /** Lets promises, state updates and effects run (several microtask turns). */
  settle(): Promise<void>
  /** Types `text` into the field: its value, then an input event. */
  type(testId: string, text: string): Promise<void>
  paste(testId: string, text: string): Promise<void>
  submit(testId: string): Promise<void>
  click(testId: string): Promise<void>
}

/** Sets up a {@link Screen} before each test of the file and takes it down after. */
export function useScreen(): Screen {
  let doc = new MiniDocument()
  let container = doc.body
  const saved = { raf: options.requestAnimationFrame, debounce: options.debounceRendering }
  beforeEach(() => {
    doc = new MiniDocument()
    container = doc.appendChild(doc.createElement('div'))
    vi.stubGlobal('document', doc)
    options.requestAnimationFrame = (callback: () => void) => void Promise.resolve().then(callback)
    options.debounceRendering = (callback: () => void) => void Promise.resolve().then(callback)
  })
  afterEach(() => {
    render(null, container as unknown as Element)
    options.requestAnimationFrame = saved.raf
    options.debounceRendering = saved.debounce
    vi.unstubAllGlobals()
  })
  const all = () => [...elements(doc)]
  const screen: Screen = {
    get doc() {
      return doc
    },
    render(vnode) {
      render(vnode, container as unknown as Element)
    },
    query: (testId) => all().find((el) => el.getAttribute('data-testid') === testId),
    get(testId) {
      const found = screen.query(testId)
      if (!found)
        throw new Error(`no element with data-testid="${testId}" (shown: ${screen.testIds().join(', ')})`)
      return found
    },
    testIds: (prefix = '') =>
      all().flatMap((el) => {
        const id = el.getAttribute('data-testid')
        return id?.startsWith(prefix) ? [id] : []
      }),
    async settle() {
      for (let turn = 0; turn < 40; turn++) await Promise.resolve()
    },
    async type(testId, text) {
      const field = screen.get(testId)
      field.value = text
      field.dispatch({ type: 'input' })
      await screen.settle()
    },
    async paste(testId, text) {
      screen.get(testId).dispatch({ type: 'paste', clipboardData: { getData: () => text } })
      await screen.settle()
    },
    async submit(testId) {
      screen.get(testId).dispatch({ type: 'submit' })
      await screen.settle()
    },
    async click(testId) {
      const button = screen.get(testId)
      if (button.disabled) throw new Error(`${testId} is disabled`)
      const click = button.dispatch({ type: 'click' })
      // A submit button submits its form, as a browser does.
      let form: MiniElement | null = button.parentNode
      while (form && form.localName !== 'form') form = form.parentNode
      if (button.type === 'submit' && form && !click.defaultPrevented) form.dispatch({ type: 'submit' })
      await screen.settle()
    },
  }
  return screen
}
