// The defaults of a test wallet: its keys and how it introduces itself over EIP-6963.

/** The mnemonic every local chain funds ('test test … junk'). */
export const DEFAULT_TEST_MNEMONIC = 'test test test test test test test test test test test junk'
/** Default EIP-6963 name. */
export const DEFAULT_WALLET_NAME = 'Latchkey Test Wallet'
/** Default EIP-6963 reverse-DNS id. */
export const DEFAULT_WALLET_RDNS = 'dev.latchkey.testwallet'
/** Default EIP-6963 icon: a 96x96 inline SVG (a key on a rounded square). */
export const DEFAULT_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="20" fill="#1f2937"/>' +
    '<circle cx="36" cy="48" r="14" fill="none" stroke="#fbbf24" stroke-width="8"/>' +
    '<path d="M50 48h30v10M68 48v8" fill="none" stroke="#fbbf24" stroke-width="8" stroke-linecap="round"/>' +
    '</svg>',
)}`
