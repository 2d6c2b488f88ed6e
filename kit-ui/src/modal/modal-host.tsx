import { render } from 'preact'
import type { UiKit } from '../kit/types.js'
import { BASE_CSS } from '../styles/base-css.js'
import { ModalApp } from './modal-app.js'

/**
 * Renders the modal into `<latchkey-modal>`'s shadow root. This module is the modal's chunk (Preact and every view):
 * the element loads it when the modal first opens, or earlier when the page is idle. Returns what removes it.
 */
export function mountModal(root: ShadowRoot, kit: UiKit, embedded: boolean): () => void {
  render(
    <>
      <style>{BASE_CSS}</style>
      <ModalApp kit={kit} embedded={embedded} />
    </>,
    root,
  )
  return () => render(null, root)
}
