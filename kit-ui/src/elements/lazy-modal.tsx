import type { FunctionComponent } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'

type ModalAppComponent = FunctionComponent<{ kit: UiKit; embedded: boolean }>

/**
 * The modal's views live in their own chunk: loaded when the modal first opens, or earlier when the page is
 * idle, so the buttons and core are all a page loads up front.
 */
export function LazyModal({ kit, embedded }: { kit: UiKit; embedded: boolean }) {
  const modal = useStore(kit.controllers.modal.state)
  const [App, setApp] = useState<ModalAppComponent | undefined>(undefined)
  const wanted = modal.open || modal.loading
  useEffect(() => {
    if (App) return
    let live = true
    const load = () =>
      import('../modal/modal-app.js').then((module) => {
        if (live) setApp(() => module.ModalApp)
      })
    if (wanted) {
      void load()
      return () => {
        live = false
      }
    }
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback
    const handle = idle ? idle(() => void load()) : setTimeout(() => void load(), 1500)
    return () => {
      live = false
      const cancel = (globalThis as { cancelIdleCallback?: (h: number) => void }).cancelIdleCallback
      if (idle && cancel) cancel(handle as number)
      else clearTimeout(handle as ReturnType<typeof setTimeout>)
    }
  }, [wanted, App])
  return App ? <App kit={kit} embedded={embedded} /> : null
}
