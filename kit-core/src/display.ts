/**
 * @latchkey/core/display: how the account's balances and activity are shown (SPEC §9 "Display"), for the views of the
 * account features. A subpath of its own: the page's first chunk never carries it.
 */
export {
  CURRENCY_DECIMALS,
  formatCurrencyAmount,
  formatTransferAmount,
  operationSign,
  RELATIVE_TIME_THRESHOLDS,
  type RelativeTime,
  relativeTime,
  roundDecimal,
  TRANSFER_DECIMALS,
} from './display/activity.js'
