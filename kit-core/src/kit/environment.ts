/**
 * Everything the kit reads from the page, in one place, read when a kit is created (never at import time,
 * so importing is SSR-safe). Tests pass their own.
 */
export interface KitEnvironment {
  /** The page's window; undefined in Node and during SSR. */
  window?: Window
  /** The page origin ('https://app.example'), used for allowed-origin checks and default metadata. */
  origin?: string
  /** The user agent string ('' when unknown). */
  userAgent: string
  /** Touch-first phone or tablet. */
  isMobile: boolean
  isIos: boolean
  isAndroid: boolean
  isSafari: boolean
  /** Inside Telegram's in-app browser (Telegram Mini App). */
  isTelegram: boolean
  /** macOS desktop. */
  isMac: boolean
  /** Milliseconds since the epoch; tests move it with fake timers. */
  now(): number
}

/** The environment of the running page, or of Node when there is no window. */
export function detectEnvironment(scope: typeof globalThis = globalThis): KitEnvironment {
  const win = (scope as { window?: Window }).window
  const userAgent = win?.navigator?.userAgent ?? ''
  const isIos =
    /iPhone|iPad|iPod/i.test(userAgent) ||
    (/Macintosh/.test(userAgent) && (win?.navigator?.maxTouchPoints ?? 0) > 1)
  const isAndroid = /Android/i.test(userAgent)
  const isTelegram = Boolean((win as { Telegram?: { WebApp?: unknown } } | undefined)?.Telegram?.WebApp)
  return {
    window: win,
    origin: win?.location?.origin,
    userAgent,
    isMobile: isIos || isAndroid || /Mobile/i.test(userAgent),
    isIos,
    isAndroid,
    isSafari: /Safari/i.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|Edg/i.test(userAgent),
    isTelegram,
    isMac: /Macintosh/.test(userAgent) && !isIos,
    now: () => Date.now(),
  }
}

/** An environment for Node, SSR and tests: no window, desktop, no special browser. */
export function nodeEnvironment(overrides: Partial<KitEnvironment> = {}): KitEnvironment {
  return {
    userAgent: '',
    isMobile: false,
    isIos: false,
    isAndroid: false,
    isSafari: false,
    isTelegram: false,
    isMac: false,
    now: () => Date.now(),
    ...overrides,
  }
}
