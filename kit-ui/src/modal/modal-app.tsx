import { useEffect, useLayoutEffect, useRef } from 'preact/hooks'
import { Icon } from '../components/icons.js'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { ACCOUNT_CSS } from '../styles/account-css.js'
import { MODAL_CSS } from '../styles/modal-css.js'
import { VIEWS_CSS } from '../styles/views-css.js'
import { deepActiveElement, trapTab } from './focus.js'
import { Notices } from './notices.js'
import { ViewBody, viewTitle } from './view-switch.js'

const TITLE_ID = 'lk-modal-title'
/** The modal's own stylesheet (its views' included). */
export const MODAL_STYLES = MODAL_CSS + VIEWS_CSS + ACCOUNT_CSS

/**
 * The modal (loaded on first open): an accessible dialog (role dialog, aria-modal, named by its visible title,
 * focus moved in on open and returned to the opener on close, Tab trapped, Escape closes where core allows)
 * around the view core's router shows.
 */
export function ModalApp({ kit, embedded }: { kit: UiKit; embedded: boolean }) {
  const modal = useStore(kit.controllers.modal.state)
  const router = useStore(kit.controllers.router.state)
  useStore(uiOf(kit).state)
  const card = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const overlay = useRef<HTMLDivElement>(null)

  // A press on the backdrop closes (a pointer convenience; Escape and the close button do it by keyboard).
  useEffect(() => {
    const node = overlay.current
    if (!node || embedded) return
    const onDown = (event: MouseEvent) => {
      if (event.target === node) void kit.close()
    }
    node.addEventListener('mousedown', onDown)
    return () => node.removeEventListener('mousedown', onDown)
  }, [modal.open, embedded])

  useLayoutEffect(() => {
    const node = card.current
    if (!modal.open || !node) return
    const doc = node.ownerDocument
    const active = deepActiveElement(doc)
    if (!active || !node.contains(active)) opener.current = active
    // The dialog is fixed in the viewport: nothing to scroll into view.
    node.focus({ preventScroll: true })
    return () => {
      const target = opener.current
      opener.current = null
      // The opener may be gone (a button replaced by the account button): focus what took its place.
      if (target?.isConnected) target.focus()
    }
  }, [modal.open])

  // The view changed: keep focus inside the dialog (the focused button may have been replaced); on ApproveTransaction
  // it is in the embedded wallet's frame, which that view placed over the dialog.
  useEffect(() => {
    const node = card.current
    if (!node || router.view === 'ApproveTransaction') return
    const root = node.getRootNode() as ShadowRoot
    if (!root.activeElement || !node.contains(root.activeElement)) node.focus()
  }, [router.view, router.history.length])

  const onKeyDown = (event: KeyboardEvent) => {
    const node = card.current
    if (!node) return
    if (event.key === 'Escape') {
      event.stopPropagation()
      void kit.close()
      return
    }
    if (event.key === 'Tab') {
      const root = node.getRootNode() as ShadowRoot
      if (trapTab(node, root.activeElement, event.shiftKey)) event.preventDefault()
    }
  }
  // The router closes the modal when going back from the first view: the close button does that already.
  // Sign-in shows no way back, and no close button while it is required (core refuses to close then).
  const signingIn = router.view === 'SIWXSignMessage'
  const canGoBack = router.history.length > 1 && !signingIn
  const canClose = !(signingIn && kit.controllers.siwx.isRequired())
  // Back from the embedded wallet's approval cancels it (the frame drops it; the transaction's cancel handler runs).
  const embeddedWallet = kit.controllers.embedded
  const goBack = () =>
    router.view === 'ApproveTransaction' && embeddedWallet
      ? embeddedWallet.cancelApproval()
      : kit.controllers.router.goBack()

  // The stylesheet is the root's (mountModal adopts it once): opening and closing restyle nothing.
  return (
    <>
      {modal.open ? (
        <div class={`overlay ${embedded ? 'embedded' : ''}`} data-testid="modal-overlay" ref={overlay}>
          <div
            ref={card}
            class="card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={TITLE_ID}
            data-testid="modal"
            data-view={router.view}
            tabIndex={-1}
            onKeyDown={onKeyDown}
          >
            <div class="header">
              {canGoBack ? (
                <button
                  type="button"
                  class="icon-btn"
                  data-testid="modal-back"
                  aria-label={kit.t('back')}
                  onClick={goBack}
                >
                  <Icon name="back" />
                </button>
              ) : (
                <span />
              )}
              <h2 class="title" id={TITLE_ID} data-testid="modal-title">
                {viewTitle(kit, router)}
              </h2>
              {canClose ? (
                <button
                  type="button"
                  class="icon-btn end"
                  data-testid="modal-close"
                  aria-label={kit.t('close')}
                  onClick={() => void kit.close()}
                >
                  <Icon name="close" />
                </button>
              ) : (
                <span />
              )}
            </div>
            <Notices kit={kit} part="alert" />
            <div class="body">
              <ViewBody kit={kit} router={router} />
            </div>
            <Notices kit={kit} part="snackbar" />
          </div>
        </div>
      ) : null}
    </>
  )
}
