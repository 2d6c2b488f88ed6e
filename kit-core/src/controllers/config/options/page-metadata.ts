import type { AppMetadata } from '../../../adapter/walletconnect.js'
import type { KitEnvironment } from '../../../kit/environment.js'

/** Only these schemes make an icon URL a wallet may load. */
const ICON_SCHEMES = new Set(['https:', 'http:', 'data:'])

/**
 * The default app metadata from the page (SPEC §1): the title, `<meta name="description">`, the page
 * origin and the favicon (`<link rel~="icon">`) resolved to an absolute URL. Read through the
 * environment's window; without one (Node, SSR) every field is empty. Never throws.
 */
export function readPageMetadata(env: Pick<KitEnvironment, 'window' | 'origin'>): AppMetadata {
  let origin = env.origin ?? ''
  let name = ''
  let description = ''
  const icons: string[] = []
  try {
    const win = env.window
    origin ||= win?.location?.origin ?? ''
    const document = win?.document
    if (document) {
      name = document.title?.trim() ?? ''
      description = document.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? ''
      const href = document.querySelector('link[rel~="icon"]')?.getAttribute('href')
      if (href) {
        const icon = new URL(href, document.baseURI || origin || undefined)
        if (ICON_SCHEMES.has(icon.protocol)) icons.push(icon.href)
      }
    }
  } catch {
    // A page that cannot be read gives what was read so far.
  }
  return { name, description, url: origin, icons }
}
