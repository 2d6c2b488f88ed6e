/**
 * Whether `origin` is one of `allowed`: exact origins, or patterns with `*` for one host label or for the port
 * ('https://*.example.com', 'http://localhost:*'), compared without case and trailing slashes. The kit checks the
 * page against a project's allowed origins with it, and the secure frame its parent.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const normalise = (value: string) => value.trim().replace(/\/+$/, '').toLowerCase()
  const page = normalise(origin)
  return allowed.some((pattern) => {
    const wanted = normalise(pattern)
    if (!wanted.includes('*')) return wanted === page
    const source = wanted.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    return new RegExp(`^${source.join('[^/.:]+')}$`).test(page)
  })
}
