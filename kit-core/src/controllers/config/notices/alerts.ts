import * as Messages from '../../../errors/messages.js'
import type { View } from '../../navigation/views.js'

export type AlertVariant = 'error' | 'warning' | 'info'

/** What an alert raise may add: the page origin, the local settings that were ignored, a technical detail. */
export interface AlertDetails {
  origin?: string
  settings?: readonly string[]
  detail?: string
}

/** One alert of the catalogue: what the alert bar shows (short), what it logs and explains (long). */
export interface AlertDefinition {
  shortMessage: string
  longMessage: (details: AlertDetails) => string
  variant: AlertVariant
  /** Shown this long after it is raised (the RPC-method-not-allowed alert waits 300 ms, SPEC §9). */
  delayMs?: number
  /** The only views the alert bar shows it on; every view when absent. */
  views?: readonly View[]
  /**
   * Raised at most once per browser session: once the UI showed it (or the user dismissed it), later raises in the
   * session show and log nothing.
   */
  oncePerSession?: boolean
}

/** How long the RPC-method-not-allowed alert waits before it shows (SPEC §4, §8, §9 "error alert 300 ms"). */
export const ERROR_ALERT_DELAY_MS = 300

const fixed = (text: string) => () => text

/**
 * The alerts of SPEC §8, as data. The two last ones are kinds of universal-provider error the spec maps to
 * alerts without naming them (an invalid project key, a session token not yet valid).
 */
export const ALERTS = {
  invalidAppConfiguration: {
    shortMessage: 'Invalid App Configuration',
    longMessage: ({ origin }) =>
      `Origin ${origin ?? 'unknown'} not found on Allowlist - update configuration in your project dashboard`,
    variant: 'error',
  },
  // A kit without a project id works (browser wallets): a warning for the developer, on Connect only, once a session.
  projectIdNotConfigured: {
    shortMessage: 'Project ID Not Configured',
    longMessage: fixed('Project ID Not Configured - update configuration in your project dashboard'),
    variant: 'warning',
    views: ['Connect'],
    oncePerSession: true,
  },
  iframeLoadFailed: {
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: fixed('There was an issue loading the embedded wallet. Please try again later.'),
    variant: 'error',
  },
  iframeRequestTimeout: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: fixed(
      'There was an issue doing the request to the embedded wallet. Please try again later.',
    ),
    variant: 'error',
  },
  unverifiedDomain: {
    shortMessage: 'Invalid App Configuration',
    longMessage: fixed(
      'There was an issue loading the embedded wallet. Please verify that your domain is allowed in your project dashboard',
    ),
    variant: 'error',
  },
  switchNetworkNotFound: {
    shortMessage: 'Network Not Found',
    longMessage: fixed("Network not found - please make sure it is included in the kit's `networks` option"),
    variant: 'error',
  },
  rpcMethodNotAllowed: {
    shortMessage: Messages.actionNotAllowed,
    longMessage: ({ detail }) =>
      detail ? `${Messages.rpcCallNotAllowed}: ${detail}` : Messages.rpcCallNotAllowed,
    variant: 'error',
    delayMs: ERROR_ALERT_DELAY_MS,
  },
  localConfigurationIgnored: {
    shortMessage: Messages.localConfigurationIgnored,
    longMessage: ({ settings }) =>
      `Your local configuration for ${settings?.length ? settings.join(', ') : 'some features'} was ignored because a remote configuration was successfully fetched. Manage these features in your project dashboard.`,
    variant: 'warning',
  },
  invalidProjectId: {
    shortMessage: 'Invalid App Configuration',
    longMessage: fixed('Invalid Project ID - update configuration in your project dashboard'),
    variant: 'error',
  },
  sessionTokenNotValid: {
    shortMessage: 'Session Expired',
    longMessage: fixed(
      'Invalid session found on the WalletConnect provider - please check the time settings of your device',
    ),
    variant: 'error',
  },
} as const satisfies Record<string, AlertDefinition>

export type AlertId = keyof typeof ALERTS

/**
 * The universal-provider (WalletConnect relay) errors that become alerts, by the text the provider reports
 * (SPEC §8 "Universal-provider errors map to alerts once per kind").
 */
export const PROVIDER_ERROR_ALERTS = [
  { kind: 'originNotAllowed', match: /origin not allowed/i, alert: 'invalidAppConfiguration' },
  { kind: 'invalidKey', match: /unauthorized: invalid key|invalid project ?id/i, alert: 'invalidProjectId' },
  {
    kind: 'jwtNotValid',
    match: /jwt validation error|jwt token is not yet valid/i,
    alert: 'sessionTokenNotValid',
  },
] as const satisfies readonly { kind: string; match: RegExp; alert: AlertId }[]

export type ProviderErrorKind = (typeof PROVIDER_ERROR_ALERTS)[number]['kind']

/** The kind of a universal-provider error (by its message), or undefined when it maps to no alert. */
export function providerErrorKind(error: unknown): ProviderErrorKind | undefined {
  const text =
    typeof error === 'string'
      ? error
      : error instanceof Error
        ? error.message
        : typeof error === 'object' &&
            error !== null &&
            typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message
          : ''
  return PROVIDER_ERROR_ALERTS.find((entry) => entry.match.test(text))?.kind
}
