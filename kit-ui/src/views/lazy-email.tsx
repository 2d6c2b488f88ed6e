import type { UiKit } from '../kit/types.js'
import { ChunkHolder, ChunkLoading, useViewChunk, viewChunk } from './lazy-chunk.js'

type EmailModule = typeof import('./email/email-views.js')

/** The views of the email login and the email update: one chunk. */
export type EmailViewName =
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'

/** The email chunk: once loaded on this page its views render at once. */
const chunk = viewChunk<EmailModule>()

/**
 * The email views (the code, this browser's approval, the email update and its two codes) are a chunk of their own,
 * requested the first time one of them renders, with core's embedded wallet controller (a chunk of core's own, loaded
 * already when Connect's email field sent the address). The chunk's stylesheet joins the modal's shadow root before
 * its first view shows. Core never routes here without the embedded wallet.
 */
export function LazyEmail({ kit, view }: { kit: UiKit; view: EmailViewName }) {
  const setup = kit.controllers.embedded
  const { holder, loaded } = useViewChunk(kit, {
    enabled: setup !== undefined,
    chunk,
    load: () => import('./email/email-views.js'),
    controller: setup,
    css: (module) => module.EMAIL_CSS,
  })
  if (!setup) return null
  if (!loaded) return <ChunkLoading kit={kit} testId="email-loading" holder={holder} />
  const { EmailView } = loaded.module
  return (
    <ChunkHolder holder={holder}>
      <EmailView key={view} kit={kit} controller={loaded.controller} view={view} />
    </ChunkHolder>
  )
}
