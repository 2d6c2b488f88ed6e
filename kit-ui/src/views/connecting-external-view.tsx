import { Tile } from '../components/images.js'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'

/** ConnectingExternal: waiting for the wallet, declined (with retry), or failed (with retry). */
export function ConnectingExternalView({ kit }: { kit: UiKit }) {
  const { connecting } = useStore(uiOf(kit).state)
  const { t } = kit
  if (!connecting) return null
  const state = connecting.state
  const retry = () => {
    const entry = kit.controllers.connectors.state.get().connectors.find((c) => c.id === connecting.id)
    if (entry) void uiOf(kit).retry(entry)
  }
  const title =
    state === 'waiting'
      ? t('waitingTitle', { name: connecting.name })
      : state === 'rejected'
        ? t('rejectedTitle')
        : t('errorTitle')
  const body =
    state === 'waiting' ? t('waitingBody') : state === 'rejected' ? t('rejectedBody') : t('errorBody')
  return (
    <div class="center" data-testid="connecting-state" data-state={state} aria-live="polite">
      <div class={`logo-ring ${state === 'waiting' ? '' : 'still'}`}>
        <Tile src={connecting.imageUrl} name={connecting.name} />
      </div>
      <h3>{title}</h3>
      <p>{body}</p>
      {state === 'waiting' ? null : (
        <button type="button" class="secondary" data-testid="connecting-retry" onClick={retry}>
          {t('tryAgain')}
        </button>
      )}
    </div>
  )
}
