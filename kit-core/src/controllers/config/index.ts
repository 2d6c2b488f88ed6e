// Options, features, theme, snackbar, alerts, events and telemetry, storage keys and the logger.

export {
  CONNECT_METHODS_ORDER,
  type ConnectMethod,
  DEFAULT_FEATURES,
  type Features,
  type KitFeatures,
  type RemoteFeatureName,
  SOCIAL_PROVIDERS,
  WALLET_FEATURES_ORDER,
  type WalletFeature,
} from './features/features.js'
export {
  createFeaturesController,
  type FeaturesController,
  type FeaturesControllerDeps,
  type FeaturesSource,
  type FeaturesState,
} from './features/features-controller.js'
export {
  CONNECT_METHODS_ORDER_WITH_INSTALLED_WALLET,
  DEFAULT_REMOTE_FEATURES,
  getConnectMethodsOrder,
  REMOTE_FEATURES,
  type ResolveFeaturesParams,
  resolveFeatures,
} from './features/features-resolve.js'
export {
  ALERTS,
  type AlertDefinition,
  type AlertDetails,
  type AlertId,
  type AlertVariant,
  ERROR_ALERT_DELAY_MS,
  PROVIDER_ERROR_ALERTS,
  type ProviderErrorKind,
} from './notices/alerts.js'
export {
  type AlertState,
  type AlertsController,
  type AlertsControllerDeps,
  createAlertsController,
} from './notices/alerts-controller.js'
export {
  createSnackbarController,
  SNACKBAR_AUTO_CLOSE_MS,
  SNACKBAR_REOPEN_DELAY_MS,
  type SnackbarController,
  type SnackbarShowOptions,
  type SnackbarState,
  type SnackbarSvg,
  type SnackbarVariant,
} from './notices/snackbar-controller.js'
export { type AdapterRegistry, createAdapterRegistry } from './options/adapter-registry.js'
export type { CustomWallet, KitOptions, KitServices, KitToken, ResolvedOptions } from './options/options.js'
export { readPageMetadata } from './options/page-metadata.js'
export {
  DEFAULT_STORAGE_PREFIX,
  isWalletConnectUnavailable,
  resolveOptions,
} from './options/resolve-options.js'
export {
  createDefaultStorage,
  createStorageHelpers,
  type KitStorageHelpersDeps,
  type StorageHelpers,
  type StoredDeepLink,
  type StoredRecentWallet,
} from './storage/kit-storage.js'
export { LOGIN_CACHE_KEYS, StorageKeys } from './storage/storage-keys.js'
export {
  type EmbeddedEventRequest,
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  type KitEvent,
  type KitEventName,
  type TrackedEvent,
} from './telemetry/events.js'
export {
  type AnalyticsStatus,
  createEventsController,
  type EventsController,
  type EventsControllerDeps,
  type EventsState,
} from './telemetry/events-controller.js'
export {
  createLogger,
  DEFAULT_LOG_LEVEL,
  type KitLogger,
  LOG_BUFFER_BYTES,
  type LoggerOptions,
  type LogLevel,
  type LogSink,
  redactSecrets,
} from './telemetry/logger.js'
export {
  type CssVariables,
  DEFAULT_THEME_MODE,
  THEME_COLORS,
  THEME_DEFAULTS,
  type ThemeMode,
  type ThemeVariables,
  themeToCssVariables,
  validateThemeMode,
  validateThemeVariables,
} from './theme/theme.js'
export {
  createThemeController,
  type ThemeController,
  type ThemeControllerDeps,
  type ThemeState,
} from './theme/theme-controller.js'
