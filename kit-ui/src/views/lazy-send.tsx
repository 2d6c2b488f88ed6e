import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'
import { ChunkHolder, ChunkLoading, useViewChunk, viewChunk } from './lazy-chunk.js'

type SendModule = typeof import('./send/send-view.js')

/** The Send chunk: once loaded on this page the form and the preview render at once. */
const chunk = viewChunk<SendModule>()

/**
 * The Send views (the form, WalletSend, and its preview, WalletSendPreview) are a feature chunk (SPEC §2.20):
 * requested the first time one of them renders, with core's send controller (a chunk of core's own), and only while
 * the send feature is on, so a page with the feature off never asks for either. The chunk's stylesheet joins the
 * modal's shadow root before its first view shows.
 */
export function LazySend({ kit, view }: { kit: UiKit; view: 'form' | 'preview' }) {
  useStore(kit.controllers.features.state)
  const enabled = kit.controllers.features.isEnabled('send')
  const { holder, loaded } = useViewChunk(kit, {
    enabled,
    chunk,
    load: () => import('./send/send-view.js'),
    controller: kit.controllers.send,
    css: (module) => module.SEND_CSS,
  })
  if (!enabled) return null
  if (!loaded) return <ChunkLoading kit={kit} testId="send-loading" holder={holder} />
  const { SendView, SendPreviewView } = loaded.module
  return (
    <ChunkHolder holder={holder}>
      {view === 'form' ? (
        <SendView kit={kit} controller={loaded.controller} />
      ) : (
        <SendPreviewView kit={kit} controller={loaded.controller} />
      )}
    </ChunkHolder>
  )
}
