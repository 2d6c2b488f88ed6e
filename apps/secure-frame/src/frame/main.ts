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

/** The parent page's origin: what the browser reports of the ancestor (Chromium, Safari), else the referrer's. */
function parentOrigin(): string | undefined {
  const ancestor = globalThis.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

async function start(): Promise<void> {
  const params = parseFrameParams(location.search)
  const log = (...args: unknown[]) => {
    if (params.enableLogger) console.warn('[latchkey frame]', ...args)
  }
  const configElement = document.getElementById('lk-frame-config')
  const config = parseFrameConfig(JSON.parse(configElement?.textContent ?? 'null'))
  if (window.parent === window) return log('not in a frame: nothing to answer')
  const parent = parentOrigin()
  if (!parent || parent === 'null') return log('the parent origin is unknown: nothing is answered')
  const auth = createAuthApi(config.authUrl)
  const { allowedOrigins } = await auth.call<{ allowedOrigins: string[] }>(
    `/v1/projects/${encodeURIComponent(params.projectId)}/origins`,
  )
  if (!isOriginAllowed(parent, allowedOrigins))
    return log(`${parent} is not an allowed origin of project ${params.projectId}: nothing is answered`)
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
    reload: () => location.reload(),
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
}

start().catch((error: unknown) => {
  // Nothing reaches the parent: a frame that cannot start never answers, and the kit's load deadline reports it.
  console.error('[latchkey frame] cannot start:', error instanceof Error ? error.message : 'unknown error')
})
