const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])

function isLoopbackHost(hostname: string): boolean {
  return (
    LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname)
  )
}

/**
 * True when an image URL from an untrusted source (a wallet listing, a connector, a host's custom wallet) may be
 * rendered: https, `data:image/…`, blob, and http only on a loopback host. Anything else (javascript:, file:,
 * plain http to the internet, relative or malformed URLs) is refused. Never throws.
 */
export function isAllowedImageUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  switch (parsed.protocol) {
    case 'https:':
    case 'blob:':
      return true
    case 'data:':
      return /^data:image\//i.test(url)
    case 'http:':
      return isLoopbackHost(parsed.hostname)
    default:
      return false
  }
}
