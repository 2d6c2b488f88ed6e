import type { SendController } from '@latchkey/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'
import { adoptStyles } from '../styles/adopt.js'

type SendModule = typeof import('./send/send-view.js')

/** The Send chunk once loaded on this page: the form and the preview render at once after that. */
let loadedModule: SendModule | undefined
/** The shadow roots that hold the Send views' stylesheet. */
const styledRoots = new WeakSet<Node>()

/**
 * The Send views (the form, WalletSend, and its preview, WalletSendPreview) are a feature chunk (SPEC §2.20):
 * requested the first time one of them renders, with core's send controller (a chunk of core's own), and only while
 * the send feature is on, so a page with the feature off never asks for either. The chunk's stylesheet joins the
 * modal's shadow root before its first view shows.
 */
export function LazySend({ kit, view }: { kit: UiKit; view: 'form' | 'preview' }) {
  useStore(kit.controllers.features.state)
  const enabled = kit.controllers.features.isEnabled('send')
  const loader = kit.controllers.send
  const holder = useRef<HTMLDivElement>(null)
  const [loaded, setLoaded] = useState<{ module: SendModule; controller: SendController } | undefined>(() => {
    const controller = loader.current()
    return loadedModule && controller ? { module: loadedModule, controller } : undefined
  })
  useEffect(() => {
    if (!enabled || loaded) return
    let live = true
    Promise.all([import('./send/send-view.js'), loader.load()])
      .then(([module, controller]) => {
        loadedModule = module
        if (live) setLoaded({ module, controller })
      })
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
    return () => {
      live = false
    }
  }, [enabled, loaded])
  useLayoutEffect(() => {
    const root = holder.current?.getRootNode()
    if (!loaded || !root || !('host' in root) || styledRoots.has(root)) return
    styledRoots.add(root)
    adoptStyles(root as ShadowRoot, loaded.module.SEND_CSS, kit.controllers.options.cspNonce)
  }, [loaded])
  if (!enabled) return null
  if (!loaded) {
    return (
      <div class="more" data-testid="send-loading" ref={holder}>
        <span class="spinner large" role="status" aria-label={kit.t('loading')} />
      </div>
    )
  }
  const { SendView, SendPreviewView } = loaded.module
  return (
    <div ref={holder}>
      {view === 'form' ? (
        <SendView kit={kit} controller={loaded.controller} />
      ) : (
        <SendPreviewView kit={kit} controller={loaded.controller} />
      )}
    </div>
  )
}
