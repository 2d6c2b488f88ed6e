import type { SendController, SendIssue } from '@latchkey/core'
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
