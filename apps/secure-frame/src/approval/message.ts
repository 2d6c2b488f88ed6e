/**
 * What personal_sign and solana_signMessage have in common: the message shown as text or hex, its length and the
 * signing account. And how any bytes of a request (a memo too) become a row.
 */
import { hasDeceptiveCharacters, showBytes } from './bytes.js'
import { type ApprovalRow, type ApprovalSummary, type DescribeInput, row } from './model.js'

export const DECEPTIVE_MESSAGE = 'The message contains invisible or direction-changing characters'

/** Bytes as the row `label` (their text) or `label (hex)`, and the warning when the text can read other than it is. */
export function bytesRow(label: string, bytes: Uint8Array): { row: ApprovalRow; warnings: string[] } {
  const shown = showBytes(bytes)
  if (shown.kind === 'hex') return { row: row(`${label} (hex)`, shown.value, true), warnings: [] }
  const warnings = hasDeceptiveCharacters(shown.value) ? [DECEPTIVE_MESSAGE] : []
  return { row: row(label, shown.value), warnings }
}

/** The approval of a message to sign; `otherAccount` when `signer` is not the embedded account. */
export function describeMessage(
  input: DescribeInput,
  bytes: Uint8Array,
  signer: string,
  otherAccount: boolean,
): ApprovalSummary {
  const message = bytesRow('Message', bytes)
  const warnings = otherAccount ? [`This message is for another account (${signer})`] : []
  warnings.push(...message.warnings)
  const rows = [message.row, row('Length', `${bytes.length} bytes`), row('Signing account', signer, true)]
  return { method: input.method, title: 'Sign a message', sections: [{ title: 'Message', rows }], warnings }
}
