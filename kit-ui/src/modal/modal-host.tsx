import { render } from 'preact'
import { completeDefaultMessages } from '../i18n/kit-translate.js'
import { modalMessagesEn } from '../i18n/modal-messages-en.js'
import type { UiKit } from '../kit/types.js'
import { adoptStyles } from '../styles/adopt.js'
import { BASE_CSS } from '../styles/base-css.js'
import { prefetchTokensPanel } from '../views/account/account-tabs.js'
import { MODAL_STYLES, ModalApp } from './modal-app.js'
import { ViewBody, viewTitle } from './view-switch.js'

// The modal's English strings travel with the modal: a kit without `messages` has them from here on.
completeDefaultMessages(modalMessagesEn)

/**
 * Renders the modal into `<latchkey-modal>`'s shadow root. This module is the modal's chunk (Preact and every view):
 * the element loads it when the modal first opens, or earlier when the page is idle. Returns what removes it.
 */
export function mountModal(root: ShadowRoot, kit: UiKit, embedded: boolean): () => void {
  // One stylesheet for the root's life: opening and closing restyle nothing (adopted, so a strict CSP allows it).
  const removeStyles = adoptStyles(root, BASE_CSS + MODAL_STYLES, kit.controllers.options.cspNonce)
  render(<ModalApp kit={kit} embedded={embedded} />, root)
  // A connected account's Account view opens on its token list: that panel's chunk is loaded as soon as there is one.
  const chain = kit.controllers.chain.state
  const prefetch = () => {
    if (chain.get().activeCaipAddress) prefetchTokensPanel(chain.get().activeNamespace)
  }
  const stopPrefetch = chain.subscribe(prefetch)
  prefetch()
  return () => {
    stopPrefetch()
    render(null, root)
    removeStyles()
  }
}

/**
 * While the page is idle, lays the view a click opens (Connect, or Account when connected) out once where no one sees it (hidden, inert, outside the viewport)
 * and takes it down at the next frame. A first open pays for looking up the modal's fonts, styling its markup and
 * compiling its views: done here, the first click shows the modal as fast as any later one.
 */
export function warmModal(root: ShadowRoot, kit: UiKit): void {
  const doc = root.ownerDocument
  const holder = doc.createElement('div')
  holder.setAttribute('aria-hidden', 'true')
  holder.inert = true
  holder.style.cssText =
    'position:fixed;left:-10000px;top:0;width:360px;visibility:hidden;pointer-events:none;contain:layout paint'
  root.append(holder)
  // A closed shadow root of its own: its copy of the view (test ids included) is out of reach of any query.
  const inner = holder.attachShadow({ mode: 'closed' })
  adoptStyles(inner, BASE_CSS + MODAL_STYLES, kit.controllers.options.cspNonce)
  // The view a click opens on: Account for a connected visitor, else Connect.
  const connected = kit.controllers.chain.getAccount()?.status === 'connected'
  const view = connected ? ('Account' as const) : ('Connect' as const)
  const router = { ...kit.controllers.router.state.get(), view, params: undefined }
  render(
    <div class="card">
      <div class="header">
        <h2 class="title">{viewTitle(kit, router)}</h2>
      </div>
      <div class="body">
        <ViewBody kit={kit} router={router} />
      </div>
    </div>,
    inner,
  )
  holder.getBoundingClientRect()
  const done = () => {
    render(null, inner)
    holder.remove()
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(done)
  else done()
}
