import type { ChainNamespace } from '../../caip/caip.js'
import { isSafeDeepLink } from '../../services/sanitize.js'
import type { WalletListing } from '../../services/types.js'
import { CustomDeepLinkWalletIds } from './listing-constants.js'

/**
 * The deep link that opens a wallet's app: `scheme://wc?uri=…` for an app scheme (a bare `trust:` becomes
 * `trust://`), `https://…/wc?uri=…` for a universal link. Without a WalletConnect URI, the link that just opens the
 * app. The link is built from the scheme the listing's link parses to, never by rewriting its text: a link that is
 * neither `scheme:`, `scheme://…` nor a universal link without query or fragment (`java:script`, `ht:tp`) gives
 * undefined, and the built link must pass the same check with the same scheme. Never throws.
 */
export function walletDeepLink(link: string, wcUri?: string): string | undefined {
  // The URL parser drops tabs, newlines and outer spaces; a listing's link is printable ASCII with none to drop.
  if (/[^\x21-\x7e]/.test(link) || !isSafeDeepLink(link)) return undefined
  const parsed = new URL(link)
  let base: string
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:') {
    if (parsed.search || parsed.hash) return undefined
    base = parsed.href
  } else {
    const rest = link.slice(parsed.protocol.length)
    if (rest === '' || rest === '/') base = `${parsed.protocol}//`
    else if (rest.startsWith('//')) base = `${parsed.protocol}${rest}`
    else return undefined
  }
  if (!base.endsWith('/')) base = `${base}/`
  const href = wcUri ? `${base}wc?uri=${encodeURIComponent(wcUri)}` : base
  return isSafeDeepLink(href) && new URL(href).protocol === parsed.protocol ? href : undefined
}

/** True when `text` parses as an absolute URL (URL.canParse is missing from older Safari). */
function isUrl(text: string): boolean {
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

export interface MobileRedirectInput {
  /** The wallet the user chose from the listing. */
  wallet: Pick<WalletListing, 'id' | 'mobile_link'>
  /** The namespace being connected (the active one). */
  namespace: ChainNamespace | undefined
  /** The page to reopen inside the wallet's browser (the kit's environment gives it). */
  pageUrl: string
  /** True when a connector on this page already reaches the wallet (it is installed here). */
  installed: boolean
  isMobile: boolean
  /** The WalletConnect pairing URI, when one is ready, for wallets opened over WalletConnect. */
  wcUri?: string
}

/**
 * Where to send a mobile visitor who chose a wallet that is not installed on this page (SPEC §2): Phantom
 * opens the page in its in-app browser (`https://phantom.app/ul/browse/<page>?ref=<origin>`), as do
 * Solflare (`https://solflare.com/ul/v1/browse/<page>?ref=<origin>`) and Coinbase Wallet
 * (`https://go.cb-w.com/dapp?cb_url=<page>`) on Solana; any other wallet opens through its `mobile_link`
 * deep link (with the WalletConnect URI when given). Undefined on desktop, for an installed wallet, or when
 * there is no safe link. Never throws.
 */
export function mobileRedirectUrl(input: MobileRedirectInput): string | undefined {
  if (!input.isMobile || input.installed || !isUrl(input.pageUrl)) return undefined
  const browse = inAppBrowserUrl(input)
  if (browse !== undefined) return browse
  const mobileLink = input.wallet.mobile_link
  return mobileLink ? walletDeepLink(mobileLink, input.wcUri) : undefined
}

/**
 * The wallets that open this page in their own in-app browser instead of connecting over WalletConnect (SPEC §2):
 * Phantom, and Solflare and Coinbase Wallet on Solana; undefined for any other wallet or a page URL that does not
 * parse. Never throws.
 */
export function inAppBrowserUrl(
  input: Pick<MobileRedirectInput, 'wallet' | 'namespace' | 'pageUrl'>,
): string | undefined {
  const page = encodeURIComponent(input.pageUrl)
  let origin: string
  try {
    origin = encodeURIComponent(new URL(input.pageUrl).origin)
  } catch {
    return undefined
  }
  const { id } = input.wallet
  const onSolana = input.namespace === 'solana'
  if (id === CustomDeepLinkWalletIds.phantom) return `https://phantom.app/ul/browse/${page}?ref=${origin}`
  if (id === CustomDeepLinkWalletIds.solflare && onSolana) {
    return `https://solflare.com/ul/v1/browse/${page}?ref=${origin}`
  }
  if (id === CustomDeepLinkWalletIds.coinbase && onSolana) return `https://go.cb-w.com/dapp?cb_url=${page}`
  return undefined
}
