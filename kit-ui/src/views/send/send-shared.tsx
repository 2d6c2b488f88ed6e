import type { SendController, SendFee, SendIssue } from '@latchkey/core'
import type { UiKit } from '../../kit/types.js'

/** A thrown problem as the Send views show it: its message (core's messages are the visitor's), else a generic one. */
export function messageOf(kit: UiKit, error: unknown): string {
  return error instanceof Error && error.message ? error.message : kit.t('errorBody')
}

/** Why the preview sent the visitor back to the form, for the form to show once (per controller, so per kit). */
const handedBack = new WeakMap<SendController, string>()

/** The preview could not be made: the form shows `message` when it renders next. */
export function handBack(controller: SendController, message: string): void {
  handedBack.set(controller, message)
}

/** The message the preview handed back, once. */
export function takeHandedBack(controller: SendController): string | undefined {
  const message = handedBack.get(controller)
  handedBack.delete(controller)
  return message
}

/**
 * The issues of a part of the form, in a live region (`aria-live="polite"`): an issue that appears is announced. The
 * region is always there, so the first issue is announced too; the field's input points at it while it holds one.
 */
export function Issues({ id, issues }: { id: string; issues: readonly SendIssue[] }) {
  return (
    <div id={id} class="send-issues" aria-live="polite">
      {issues.map((issue) => (
        <p
          key={`${issue.level}:${issue.message}`}
          class="send-issue"
          data-testid="send-issue"
          data-field={issue.field}
          data-level={issue.level}
        >
          {issue.message}
        </p>
      ))}
    </div>
  )
}

/**
 * A fee as the Send views show it: at most 4 significant digits (at most 6 decimals above 1), rounded up, as the fee
 * is what the send may cost: '0.000053614562568' shows '0.00005362'. Decimal text in, decimal text out.
 */
export function feeText(fee: SendFee): string {
  const [whole = '0', fraction = ''] = fee.value.split('.')
  const first = /[1-9]/.exec(fraction)?.index ?? fraction.length
  const keep = whole.replace(/^0+/, '') ? Math.min(6, fraction.length) : Math.min(first + 4, fraction.length)
  const digits = BigInt(`${whole}${fraction.slice(0, keep)}`)
  const up = /[1-9]/.test(fraction.slice(keep)) ? 1n : 0n
  const text = String(digits + up).padStart(keep + 1, '0')
  const shown = keep === 0 ? text : `${text.slice(0, -keep)}.${text.slice(-keep)}`.replace(/\.?0+$/, '')
  return `${shown} ${fee.symbol}`
}
