// The reference apps and how the harness finds their elements. Selectors are CSS selectors searched in the
// document and every open shadow root (the probes in the page), and handed to Playwright's `locator()` for clicks
// (Playwright's CSS engine pierces open shadow roots too).

export type AppId =
  | 'latchkey-wagmi'
  | 'latchkey-ethers'
  | 'latchkey-multichain'
  | 'appkit'
  | 'rainbowkit'
  | 'floor'
  | 'latchkey-email'

/** Where the All Wallets scale test finds the listing's cells and scroller. */
export interface AllWalletsSpec {
  /** The row of the connect view that opens All Wallets. */
  row: string
  /** The element (found through shadow roots) whose shadow root (or subtree) holds the cells and the scroller. */
  host: string
  /** One wallet cell, inside `host`. */
  cells: string
  /** The scrolling element, inside `host`. */
  scroller: string
}

/**
 * Where the Account view's figures find their elements (Latchkey apps): all inside `<latchkey-modal>`'s shadow root
 * but the account button.
 */
export interface AccountSpec {
  /** An element of the open Account view, whatever its tabs (the address). */
  view: string
  /** The Tokens tab: absent when the app's Account view has no token list. */
  tokensTab: string
  /** One token row. */
  token: string
  /** The Activity tab: absent when the app's Account view has no activity. */
  activityTab: string
  /** One activity row. */
  activityItem: string
  /** The activity scroller; its `data-count` attribute is the number of items shown. */
  activityList: string
  /** The Activity panel's other states, named in an error when no row shows. */
  activityStates: readonly string[]
  /** The Tokens panel's other states, named in an error when no row shows. */
  tokenStates: readonly string[]
}

/**
 * Where the email login's figures find their elements (the app whose runs are the email flow): the modal's email
 * field and its submit, the six-digit code field, all inside `<latchkey-modal>`'s shadow root.
 */
export interface EmailSpec {
  input: string
  submit: string
  /** One numeric field; the view sends the code by itself once the sixth digit is in. */
  otp: string
  /** The code view's error line (a wrong code), named in an error when the account does not connect. */
  otpError: string
  /** The email view's error line (cooldown, unknown project), named in an error when the code view does not show. */
  emailError: string
}

export interface AppSpec {
  id: AppId
  /** Short name for tables. */
  label: string
  /** What the app is, for the README and the results. */
  description: string
  /**
   * `email`: a Latchkey app whose runs are the email login (src/run.ts `runEmail`), not the wallet flow; it has its
   * own figures and targets and is left out of the wallet figures, ratios and targets.
   */
  kind: 'latchkey' | 'peer' | 'floor' | 'email'
  /** The entry, relative to tools/bench. */
  entry: string
  /** A Vite `resolve.alias` for this app only (RainbowKit's wagmi 2). */
  alias?: Record<string, string>
  /** The connect button (probe and click target). */
  button: string
  /** The injected test wallet's entry in the wallet list (probe and click target); none for the floor. */
  listEntry?: (rdns: string) => string
  /** The connected state (account button). */
  connected: string
  allWallets?: AllWalletsSpec
  /** The Account view's token list and Activity (opened from the connected state's button). */
  account?: AccountSpec
  /** The email login (kind `email`). */
  email?: EmailSpec
}

const testId = (id: string) => `[data-testid="${id}"]`

const LATCHKEY_COMMON = {
  kind: 'latchkey',
  button: testId('connect-button'),
  listEntry: (rdns: string) => testId(`wallet-${rdns}`),
  connected: testId('account-button'),
  account: {
    view: testId('account-address'),
    tokensTab: testId('account-tab-tokens'),
    token: testId('account-token'),
    activityTab: testId('account-tab-activity'),
    activityItem: testId('activity-item'),
    activityList: testId('activity-list'),
    activityStates: [
      'activity-loading',
      'activity-empty',
      'activity-error',
      'account-activity-chunk-loading',
    ].map(testId),
    tokenStates: [
      'account-tokens-loading',
      'account-tokens-empty',
      'account-tokens-unavailable',
      'account-tokens-chunk-loading',
    ].map(testId),
  },
} as const satisfies Partial<AppSpec>

export const APPS: readonly AppSpec[] = [
  {
    id: 'latchkey-wagmi',
    label: 'Latchkey wagmi',
    description:
      'Latchkey + wagmi + React: @latchkey/react createKit, WagmiAdapter, WagmiProvider + QueryClientProvider, <LatchkeyButton />',
    entry: 'apps/latchkey-wagmi/main.tsx',
    ...LATCHKEY_COMMON,
    allWallets: {
      row: testId('all-wallets'),
      host: 'latchkey-modal',
      cells: '.wallet-grid [data-testid^="wallet-"]',
      scroller: testId('all-wallets-list'),
    },
  },
  {
    id: 'latchkey-ethers',
    label: 'Latchkey ethers',
    description: 'Latchkey + ethers v6 through @latchkey/ui createKit, no React, <latchkey-button>',
    entry: 'apps/latchkey-ethers/main.ts',
    ...LATCHKEY_COMMON,
  },
  {
    id: 'latchkey-multichain',
    label: 'Latchkey multi-chain',
    description:
      'Latchkey multi-chain + React: WagmiAdapter, SolanaAdapter and BitcoinAdapter in one kit, WagmiProvider + QueryClientProvider, <LatchkeyButton />',
    entry: 'apps/latchkey-multichain/main.tsx',
    ...LATCHKEY_COMMON,
  },
  {
    id: 'appkit',
    label: 'AppKit',
    description:
      'Reown AppKit + its wagmi adapter (React): createAppKit, WagmiProvider + QueryClientProvider, <appkit-button>',
    kind: 'peer',
    entry: 'apps/appkit/main.tsx',
    button: testId('connect-button'),
    listEntry: (rdns) => testId(`wallet-selector-${rdns}`),
    connected: testId('account-button'),
    allWallets: {
      row: testId('all-wallets'),
      host: 'w3m-all-wallets-list',
      cells: 'w3m-all-wallets-list-item',
      scroller: 'wui-grid',
    },
  },
  {
    id: 'rainbowkit',
    label: 'RainbowKit',
    description:
      'RainbowKit (wagmi 2 through the wagmi-v2 alias): getDefaultConfig, WagmiProvider, QueryClientProvider, RainbowKitProvider, <ConnectButton />',
    kind: 'peer',
    entry: 'apps/rainbowkit/main.tsx',
    alias: { wagmi: 'wagmi-v2' },
    button: testId('rk-connect-button'),
    listEntry: (rdns) => testId(`rk-wallet-option-${rdns}`),
    connected: testId('rk-account-button'),
  },
  {
    id: 'floor',
    label: 'floor',
    description:
      'The floor: wagmi + React + react-query, one plain button on the injected connector, no modal',
    kind: 'floor',
    entry: 'apps/floor/main.tsx',
    button: testId('floor-connect'),
    connected: testId('floor-account'),
  },
  {
    id: 'latchkey-email',
    label: 'Latchkey email',
    description:
      "Latchkey + wagmi + React as latchkey-wagmi, plus the embedded wallet's secure frame (services.secureFrameUrl): the connect view's email login",
    kind: 'email',
    entry: 'apps/latchkey-email/main.tsx',
    button: testId('connect-button'),
    connected: testId('account-button'),
    email: {
      input: testId('email-input'),
      submit: testId('email-submit'),
      otp: testId('otp-input'),
      otpError: testId('otp-error'),
      emailError: testId('email-error'),
    },
  },
]

export function appById(id: AppId): AppSpec {
  const app = APPS.find((a) => a.id === id)
  if (!app) throw new Error(`Unknown app ${id}`)
  return app
}
