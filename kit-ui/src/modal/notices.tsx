import { useEffect } from 'preact/hooks'
import { Icon } from '../components/icons.js'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'

/** The alert bar (core's alerts) or the snackbar (core's snackbar), as live regions. */
export function Notices({ kit, part }: { kit: UiKit; part: 'alert' | 'snackbar' }) {
  return part === 'alert' ? <AlertBar kit={kit} /> : <Snackbar kit={kit} />
}

/**
 * The open alert, on the views it is for (the project-not-configured one on Connect only); once shown, core remembers
 * a once-per-session alert for the session.
 */
function AlertBar({ kit }: { kit: UiKit }) {
  const alert = useStore(kit.controllers.alerts.state)
  const { view } = useStore(kit.controllers.router.state)
  const shown = alert.open && (!alert.views || alert.views.includes(view))
  useEffect(() => {
    if (shown) kit.controllers.alerts.markShown()
  }, [shown, alert.id])
  if (!shown) return null
  // Core's long messages often repeat the short one ('X - details'): show the details once.
  const details = alert.longMessage.startsWith(alert.shortMessage)
    ? alert.longMessage.slice(alert.shortMessage.length).replace(/^\s*-\s*/, '')
    : alert.longMessage
  return (
    <div class="alert" role="alert" data-testid="alert" data-variant={alert.variant}>
      <span>
        <strong>{alert.shortMessage}</strong>
        {details}
      </span>
      <button
        type="button"
        class="icon-btn"
        data-testid="alert-dismiss"
        aria-label={kit.t('dismiss')}
        onClick={() => kit.controllers.alerts.dismiss()}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  )
}

function Snackbar({ kit }: { kit: UiKit }) {
  const snackbar = useStore(kit.controllers.snackbar.state)
  return (
    <div role="status" aria-live="polite" class="sr-live">
      {snackbar.open ? (
        <div class="snackbar" data-testid="snackbar" data-variant={snackbar.variant}>
          {snackbar.variant === 'loading' ? (
            <span class="spinner" aria-hidden="true" />
          ) : (
            <span class="dot" aria-hidden="true" />
          )}
          {snackbar.message}
        </div>
      ) : null}
    </div>
  )
}
