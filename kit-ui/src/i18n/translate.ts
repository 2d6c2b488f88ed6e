import { fillTemplate } from './fill-template.js'
import { type MessageCatalogue, type MessageKey, messagesEn } from './messages-en.js'

/** A function that turns a message key and its parameters into text. */
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string

/**
 * A translator over `catalogue` (default English): `{name}` is replaced by the parameter of that name, as text.
 * A missing parameter leaves its placeholder visible, so the mistake shows instead of vanishing.
 */
export function createTranslate(catalogue: MessageCatalogue = messagesEn): Translate {
  return (key, params) => fillTemplate(catalogue[key], params)
}
