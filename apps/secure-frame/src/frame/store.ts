/**
 * Where the frame keeps its device id and session token. The frame is a third party on the host's page: Chromium
 * blocks its localStorage where third-party cookies are blocked (incognito, and Playwright's contexts), and allows
 * partitioned cookies (CHIPS) there; Safari and Firefox partition localStorage. So: localStorage when the browser
 * gives it, else a partitioned cookie of the frame's origin, else memory (the session then lasts as long as the frame).
 * Either way the storage is the frame's origin's, under the host's site: the host page never reads it.
 */
export interface FrameStore {
  readonly kind: 'localStorage' | 'cookie' | 'memory'
  get(key: string): string | undefined
  set(key: string, value: string): void
  remove(key: string): void
}

const PREFIX = 'latchkey-frame.'
/** A cookie's life: the session's own expiry is the auth service's (7 days, sliding). */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600

function localStore(): FrameStore | undefined {
  try {
    const storage = globalThis.localStorage
    storage.setItem(`${PREFIX}probe`, '1')
    storage.removeItem(`${PREFIX}probe`)
    return {
      kind: 'localStorage',
      get: (key) => storage.getItem(PREFIX + key) ?? undefined,
      set: (key, value) => storage.setItem(PREFIX + key, value),
      remove: (key) => storage.removeItem(PREFIX + key),
    }
  } catch {
    return undefined
  }
}

function cookieStore(doc: Document): FrameStore | undefined {
  const write = (key: string, value: string, maxAge: number) => {
    doc.cookie = `${PREFIX}${key}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; Secure; SameSite=None; Partitioned`
  }
  const read = (key: string): string | undefined => {
    for (const part of doc.cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=')
      if (name === PREFIX + key) return decodeURIComponent(rest.join('='))
    }
    return undefined
  }
  try {
    write('probe', '1', 60)
    if (read('probe') !== '1') return undefined
    write('probe', '', 0)
  } catch {
    return undefined
  }
  return {
    kind: 'cookie',
    get: read,
    set: (key, value) => write(key, value, COOKIE_MAX_AGE_S),
    remove: (key) => write(key, '', 0),
  }
}

function memoryStore(): FrameStore {
  const values = new Map<string, string>()
  return {
    kind: 'memory',
    get: (key) => values.get(key),
    set: (key, value) => values.set(key, value),
    remove: (key) => values.delete(key),
  }
}

/** The best store this browser gives the frame. */
export function openFrameStore(doc: Document): FrameStore {
  return localStore() ?? cookieStore(doc) ?? memoryStore()
}
