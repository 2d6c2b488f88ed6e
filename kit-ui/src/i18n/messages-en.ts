import { buttonMessagesEn } from './button-messages-en.js'
import { modalMessagesEn } from './modal-messages-en.js'

/**
 * Every user-facing string of the UI, in English: the buttons' part and the modal's. A locale is another object of
 * the same keys (spread this one and override); `{name}` marks a parameter.
 */
export const messagesEn: MessageCatalogue = { ...buttonMessagesEn, ...modalMessagesEn }

/** The keys of the message catalogue. */
export type MessageKey = keyof typeof buttonMessagesEn | keyof typeof modalMessagesEn

/** A catalogue: one string per key. */
export type MessageCatalogue = Readonly<Record<MessageKey, string>>
