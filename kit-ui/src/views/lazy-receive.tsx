import type { FunctionComponent } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'

type ReceiveComponent = FunctionComponent<{ kit: UiKit }>

/**
 * The Receive panel is a feature chunk (SPEC §2, §9): requested the first time the panel renders, and only
 * while the receive feature is on, so a page with the feature off never asks for it.
 */
export function LazyReceive({ kit }: { kit: UiKit }) {
  useStore(kit.controllers.features.state)
  const enabled = kit.controllers.features.isEnabled('receive')
  const [View, setView] = useState<ReceiveComponent | undefined>(undefined)
  useEffect(() => {
    if (!enabled || View) return
    let live = true
    import('./receive/receive-view.js')
      .then((module) => {
        if (live) setView(() => module.ReceiveView)
      })
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
    return () => {
      live = false
    }
  }, [enabled, View])
  if (!enabled) return null
  return View ? (
    <View kit={kit} />
  ) : (
    <div class="more" data-testid="receive-loading">
      <span class="spinner large" role="status" aria-label={kit.t('loading')} />
    </div>
  )
}
