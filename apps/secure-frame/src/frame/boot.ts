/**
 * The secure frame's start: read the query and the operator's configuration, find the parent page's origin, ask the
 * auth service whether the project allows it, and only then answer that parent (exact origin and window) and say
 * ready. A parent the project does not allow gets nothing: no ready event, no answer. The server's `frame-ancestors`
 * already keeps other sites from framing the page at all; this check holds even where that header is lost.
 */
import { createFrameHost, isOriginAllowed } from '@latchkey/core/embedded'
import { createApprovals } from './approvals.js'
import { createAuthApi } from './auth-api.js'
import { parseFrameConfig, parseFrameParams } from './config.js'
import { openFrameStore } from './store.js'
import { createFrameWallet } from './wallet.js'

/** What the frame starts in: its window and document (a browser's; tests pass their own) and how it fetches. */
export interface FrameEnvironment {
  window: Window
  document: Document
  fetch?: typeof fetch
}

/** Why the frame answers nothing, or 'answering' once it said ready to its parent. */
export type FrameBoot = 'answering' | 'not-framed' | 'parent-unknown' | 'parent-not-allowed'

/** The parent page's origin: what the browser reports of the ancestor (Chromium, Safari), else the referrer's. */
function parentOrigin(env: FrameEnvironment): string | undefined {
  const ancestor = env.window.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return env.document.referrer ? new URL(env.document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/** Starts the frame in `env`; resolves with what it does. @throws when its query or configuration is malformed. */
export async function bootFrame(env: FrameEnvironment): Promise<FrameBoot> {
  const { window, document } = env
  const params = parseFrameParams(window.location.search)
  const log = (...args: unknown[]) => {
    if (params.enableLogger) console.warn('[latchkey frame]', ...args)
  }
  const configElement = document.getElementById('lk-frame-config')
  const config = parseFrameConfig(JSON.parse(configElement?.textContent ?? 'null'))
  if (window.parent === window) {
    log('not in a frame: nothing to answer')
    return 'not-framed'
  }
  const parent = parentOrigin(env)
  if (!parent || parent === 'null') {
    log('the parent origin is unknown: nothing is answered')
    return 'parent-unknown'
  }
  const auth = createAuthApi(config.authUrl, env.fetch)
  const { allowedOrigins } = await auth.call<{ allowedOrigins: string[] }>(
    `/v1/projects/${encodeURIComponent(params.projectId)}/origins`,
  )
  if (!isOriginAllowed(parent, allowedOrigins)) {
    log(`${parent} is not an allowed origin of project ${params.projectId}: nothing is answered`)
    return 'parent-not-allowed'
  }
  const root = document.getElementById('lk-root') ?? document.body
  const store = openFrameStore(document)
  let wallet: ReturnType<typeof createFrameWallet> | undefined
  const approvals = createApprovals(root, () => wallet?.look() ?? { dapp: { url: parent }, theme: 'light' })
  wallet = createFrameWallet({
    params,
    config,
    auth,
    store,
    approvals,
    parentOrigin: parent,
    reload: () => window.location.reload(),
  })
  const active = wallet
  const host = createFrameHost({
    parent: window.parent,
    parentOrigin: parent,
    window,
    handle: (request, context) => active.handle(request, context),
    ...(params.enableLogger ? { logger: { warn: (...args: unknown[]) => console.warn(...args) } } : {}),
  })
  host.ready()
  return 'answering'
}
