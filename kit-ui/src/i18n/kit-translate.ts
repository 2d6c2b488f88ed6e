import { buttonMessagesEn } from './button-messages-en.js'
import { fillTemplate } from './fill-template.js'
import type { MessageCatalogue, MessageKey } from './messages-en.js'
import type { Translate } from './translate.js'

/**
 * The English strings a kit without `messages` uses: the buttons' part from the start, the modal's added by the
 * modal's chunk as it loads ({@link completeDefaultMessages}), so the first chunk carries four strings, not the
 * catalogue. They are the same English strings for every kit on the page.
 */
let defaults: Partial<MessageCatalogue> = buttonMessagesEn

/** Adds the modal's English strings to the defaults (called once by the modal's chunk). */
export function completeDefaultMessages(rest: Partial<MessageCatalogue>): void {
  defaults = { ...defaults, ...rest }
}

/**
 * The kit's translator: over the host's `messages` when given (a whole catalogue), else over the English defaults.
 * A modal key asked before the modal's chunk has loaded has no default yet and comes back as the key itself.
 */
export function createKitTranslate(messages?: MessageCatalogue): Translate {
  return (key: MessageKey, params) => fillTemplate((messages ?? defaults)[key] ?? key, params)
}
