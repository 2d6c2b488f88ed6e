/** Default display name. */
export const DEFAULT_WALLET_NAME = 'Latchkey Bitcoin Test Wallet'
/** Default sats-connect provider id (a dotted path from the window). */
export const DEFAULT_PROVIDER_ID = 'LatchkeyBitcoinProviders.BitcoinProvider'
/** Default icon: an inline SVG data URI (no network request). */
export const DEFAULT_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iI2Y3OTMxYSIvPjxwYXRoIGQ9Ik0xMSA4aDdhNCA0IDAgMCAxIDAgOGgtN3ptMCA4aDhhNCA0IDAgMCAxIDAgOGgtOHoiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIyLjUiLz48L3N2Zz4='
