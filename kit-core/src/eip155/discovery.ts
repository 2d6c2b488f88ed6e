import { ANY_IMAGE_HOST, cleanText, isRdns, isSafeImageUrl } from '../services/sanitize.js'

import { type Eip1193Provider, isEip1193Provider } from './provider.js'

/** EIP-6963 provider info, after the checks of {@link readAnnouncement}. */
export interface Eip6963Info {
  uuid: string
  /** Shown as text; control and bidi characters removed. */
  name: string
  /** Undefined when the wallet's icon is not a safe image URL (data:image, https, blob, loopback http). */
  icon: string | undefined
  rdns: string
}

/** A wallet that announced itself (EIP-6963). */
export interface AnnouncedWallet {
  info: Eip6963Info
  provider: Eip1193Provider
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Reads an `eip6963:announceProvider` event's detail. Announcements come from any script on the page, so the
 * shape is checked strictly: a v4-style uuid, a reverse-DNS rdns, a non-empty name, a provider with
 * `request`. Undefined when any of that is missing.
 */
export function readAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return undefined
  const { uuid, name, icon, rdns } = info as Record<string, unknown>
  if (typeof uuid !== 'string' || !UUID.test(uuid)) return undefined
  if (!isRdns(rdns)) return undefined
  const cleanName = cleanText(name)
  if (!cleanName) return undefined
  return {
    info: {
      uuid,
      name: cleanName,
      icon: isSafeImageUrl(icon, ANY_IMAGE_HOST) ? icon : undefined,
      rdns: rdns.toLowerCase(),
    },
    provider,
  }
}

export interface Eip6963Discovery {
  /** The wallets announced so far, in announcement order, one per rdns. */
  wallets(): readonly AnnouncedWallet[]
  /** Asks every wallet on the page to announce itself again (`eip6963:requestProvider`). */
  request(): void
  /** Resolves with the wallet of `rdns` once it has announced itself, or undefined after `timeoutMs`. */
  waitFor(rdns: string, timeoutMs: number): Promise<AnnouncedWallet | undefined>
  /** Stops listening. Idempotent. */
  stop(): void
}

/** Tells of an announcement that was refused because it would have replaced a wallet already announced. */
function warnRefused(message: string): void {
  console.warn(`[latchkey] ${message}`)
}

/**
 * Listens for EIP-6963 announcements on `target` (the page's window; any EventTarget in tests) and asks for
 * them once at start. Live: a wallet that announces itself later is added, and `onChange` runs whenever the
 * list changes. The first wallet to announce an rdns or a uuid keeps it: a later announcement with either (another
 * script claiming to be that wallet, or a second provider under its name) replaces nothing and is reported once
 * through `onRefused` (default: a console warning); the same wallet answering a request again is not.
 */
export function createEip6963Discovery(
  target: EventTarget,
  onChange: () => void,
  onRefused: (message: string) => void = warnRefused,
): Eip6963Discovery {
  const byRdns = new Map<string, AnnouncedWallet>()
  const uuids = new Map<string, string>()
  const reported = new Set<string>()
  const waiters = new Set<() => void>()
  let stopped = false

  const refuse = (key: string, message: string) => {
    if (reported.has(key)) return
    reported.add(key)
    onRefused(message)
  }

  const onAnnounce = (event: Event) => {
    const wallet = readAnnouncement((event as CustomEvent<unknown>).detail)
    if (!wallet) return
    const { rdns, uuid, name } = wallet.info
    const known = byRdns.get(rdns)
    if (known) {
      if (known.provider !== wallet.provider || known.info.uuid !== uuid)
        refuse(
          `rdns:${rdns}:${uuid}`,
          `A second wallet announced the rdns ${rdns} ("${name}"): the first one is kept.`,
        )
      return
    }
    const owner = uuids.get(uuid)
    if (owner !== undefined) {
      refuse(
        `uuid:${uuid}:${rdns}`,
        `A wallet announced as ${rdns} reused the uuid of ${owner}: it is ignored.`,
      )
      return
    }
    byRdns.set(rdns, wallet)
    uuids.set(uuid, rdns)
    for (const wake of waiters) wake()
    onChange()
  }
  target.addEventListener('eip6963:announceProvider', onAnnounce)

  const discovery: Eip6963Discovery = {
    wallets: () => [...byRdns.values()],
    request() {
      if (!stopped) target.dispatchEvent(new Event('eip6963:requestProvider'))
    },
    waitFor(rdns, timeoutMs) {
      const found = byRdns.get(rdns)
      if (found || stopped || timeoutMs <= 0) return Promise.resolve(found)
      return new Promise((resolve) => {
        const finish = () => {
          const wallet = byRdns.get(rdns)
          if (!wallet && !stopped && !timedOut) return
          clearTimeout(timer)
          waiters.delete(finish)
          resolve(wallet)
        }
        let timedOut = false
        const timer = setTimeout(() => {
          timedOut = true
          finish()
        }, timeoutMs)
        waiters.add(finish)
      })
    },
    stop() {
      if (stopped) return
      stopped = true
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
      for (const wake of [...waiters]) wake()
    },
  }
  discovery.request()
  return discovery
}
