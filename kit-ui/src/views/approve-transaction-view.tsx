import { useLayoutEffect, useRef } from 'preact/hooks'
import type { UiKit } from '../kit/types.js'

/** The frame's size inside the modal: the approval card's own layout fits it (its buttons stay in view). */
const FRAME_HEIGHT = 480

/**
 * ApproveTransaction (SPEC §2): the embedded wallet's own approval, shown by placing its frame over this view's area
 * of the modal. The frame stays an element of the page's body, never inside the modal: nothing may cover, fade, scale
 * or filter it while it asks (the frame refuses a click on a card it cannot see whole), so it is positioned over the
 * view, above everything, and follows the view's place each animation frame (the modal's opening animation moves it).
 * Focus moves into the frame; it is hidden again when the view goes.
 */
export function ApproveTransactionView({ kit }: { kit: UiKit }) {
  const holder = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const frame = kit.controllers.embedded?.current()?.frame.element()
    const box = holder.current
    if (!frame || !box) return
    let last = ''
    let tick = 0
    const place = () => {
      const rect = box.getBoundingClientRect()
      const key = `${rect.left},${rect.top},${rect.width},${rect.height}`
      if (key !== last) {
        last = key
        Object.assign(frame.style, {
          display: 'block',
          position: 'fixed',
          left: `${rect.left}px`,
          top: `${rect.top}px`,
          width: `${rect.width}px`,
          height: `${rect.height}px`,
          border: '0',
          zIndex: '2147483647',
          colorScheme: 'normal',
        })
      }
      tick = requestAnimationFrame(place)
    }
    place()
    frame.focus()
    return () => {
      cancelAnimationFrame(tick)
      frame.style.cssText = 'display:none;border:0;'
    }
  }, [])
  return (
    <div
      class="approve-frame"
      data-testid="approve-transaction"
      ref={holder}
      style={{ height: `${FRAME_HEIGHT}px` }}
    />
  )
}
