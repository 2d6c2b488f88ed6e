import type { EmbeddedController } from '@latchkey/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { UiKit } from '../kit/types.js'
import { adoptStyles } from '../styles/adopt.js'

type EmailModule = typeof import('./email/email-views.js')

/** The views of the email login and the email update: one chunk. */
export type EmailViewName =
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'

/** The email chunk once loaded on this page: its views render at once after that. */
let loadedModule: EmailModule | undefined
/** The shadow roots that hold the email views' stylesheet. */
const styledRoots = new WeakSet<Node>()

/**
 * The email views (the code, this browser's approval, the email update and its two codes) are a chunk of their own,
 * requested the first time one of them renders, with core's embedded wallet controller (a chunk of core's own, loaded
 * already when Connect's email field sent the address). The chunk's stylesheet joins the modal's shadow root before
 * its first view shows. Core never routes here without the embedded wallet.
 */
export function LazyEmail({ kit, view }: { kit: UiKit; view: EmailViewName }) {
  const setup = kit.controllers.embedded
  const holder = useRef<HTMLDivElement>(null)
  const [loaded, setLoaded] = useState<{ module: EmailModule; controller: EmbeddedController } | undefined>(
    () => {
      const controller = setup?.current()
      return loadedModule && controller ? { module: loadedModule, controller } : undefined
    },
  )
  useEffect(() => {
    if (!setup || loaded) return
    let live = true
    Promise.all([import('./email/email-views.js'), setup.load()])
      .then(([module, controller]) => {
        loadedModule = module
        if (live) setLoaded({ module, controller })
      })
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
    return () => {
      live = false
    }
  }, [setup, loaded])
  useLayoutEffect(() => {
    const root = holder.current?.getRootNode()
    if (!loaded || !root || !('host' in root) || styledRoots.has(root)) return
    styledRoots.add(root)
    adoptStyles(root as ShadowRoot, loaded.module.EMAIL_CSS, kit.controllers.options.cspNonce)
  }, [loaded])
  if (!setup) return null
  if (!loaded) {
    return (
      <div class="more" data-testid="email-loading" ref={holder}>
        <span class="spinner large" role="status" aria-label={kit.t('loading')} />
      </div>
    )
  }
  const { EmailView } = loaded.module
  return (
    <div ref={holder}>
      <EmailView key={view} kit={kit} controller={loaded.controller} view={view} />
    </div>
  )
}
