import type { ChainNamespace } from '../../../caip/caip.js'

/**
 * The kit's storage keys (SPEC §3 "Local storage keys"). They are relative to the kit's own storage space:
 * the kit prefixes them with its `storagePrefix` (default 'latchkey'), so two kits on a page never share a
 * key. Per-namespace keys put the namespace last, so they never collide with an adapter's own space
 * (`latchkey:eip155:…`). What is kept per namespace or per cache entry has a key each, never one JSON map read,
 * changed and written back: two tabs writing different entries at once would lose one (a tab's localStorage is a
 * copy that other tabs' writes reach later, whatever lock is held).
 */
export const StorageKeys = {
  /** The listing id (or rdns) of the connected wallet. */
  walletId: 'wallet_id',
  /** The CAIP-2 id of the active network, the user's last choice. */
  activeCaipNetworkId: 'active_caip_network_id',
  activeNamespace: 'active_namespace',
  /** Up to two recent wallets, JSON `[{ id, rdns?, name? }]`. */
  recentWallets: 'recent_wallets',
  /** The deep link a mobile wallet was opened with, JSON `{ name, href }`. */
  deepLink: 'deeplink_choice',
  /** Caches: one key per entry, `<cache>:<entry>`, JSON `{ timestamp, value }`. */
  nativeBalanceCache: 'native_balance_cache',
  portfolioCache: 'portfolio_cache',
  identityCache: 'identity_cache',
  nameCache: 'name_cache',
  /** Sign-in (SIWX) sessions and the tokens of a sign-in service. */
  siwxSessions: 'siwx_sessions',
  siwxAuthToken: 'siwx_auth_token',
  siwxNonceToken: 'siwx_nonce_token',
  /** Embedded-wallet login: the email, whether email login was used, when it was last triggered. */
  email: 'email',
  emailLoginUsed: 'email_login_used',
  lastEmailLoginTime: 'last_email_login_time',
  /** The namespace the embedded wallet was last used on. */
  lastUsedChain: 'last_used_chain',
  socialProvider: 'social_provider',
  socialUsername: 'social_username',
  /** Chain ids where the embedded wallet has smart accounts, comma-separated ("1,8453"). */
  smartAccountEnabledNetworks: 'smart_account_enabled_networks',
  /** The address of a namespace's last connected account. */
  addressCache: (namespace: ChainNamespace) => `address_cache:${namespace}` as const,
  /** A namespace's preferred account type of the embedded wallet. */
  preferredAccountType: (namespace: ChainNamespace) => `preferred_account_type:${namespace}` as const,
  /** The connector id connected on a namespace. */
  connectedConnectorId: (namespace: ChainNamespace) => `connected_connector_id:${namespace}` as const,
  /** 'connected' or 'disconnected', per namespace. */
  connectionStatus: (namespace: ChainNamespace) => `connection_status:${namespace}` as const,
  /** In the session store: set once a once-per-session alert was shown or dismissed. */
  alertShown: (id: string) => `alert_shown:${id}` as const,
} as const

/** Every key of the login cache, which a disconnect or failed connection check clears (SPEC §4.13). */
export const LOGIN_CACHE_KEYS: readonly string[] = [
  StorageKeys.email,
  StorageKeys.emailLoginUsed,
  StorageKeys.lastUsedChain,
  StorageKeys.socialUsername,
]
