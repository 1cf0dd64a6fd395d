import * as v from 'valibot'

// Names and texts people type are plain text: no control characters. A U+0001 in an incident message or a U+0007 in
// a component's name makes the Atom feed or the badge SVG unreadable (XML 1.0 cannot carry them even escaped), and
// nobody types them on purpose. Refused: the C0 controls (U+0000-U+001F), DEL and the C1 controls (U+007F-U+009F),
// lone surrogates and the noncharacters U+FFFE and U+FFFF. A multi-line text (a description, a message) keeps tab,
// line feed and carriage return; a one-line name keeps none of them.

// With the u flag a surrogate pair is one code point, so \p{Cs} is only a surrogate standing alone.
const NOT_PLAIN = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u
const NOT_PLAIN_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u

/** Whether `text` holds none of the characters a one-line name may not. */
export const isPlainLine = (text: string): boolean => !NOT_PLAIN.test(text)

/** Whether `text` holds none of the characters a multi-line text may not (tab and line breaks are fine). */
export const isPlainText = (text: string): boolean => !NOT_PLAIN_LINES.test(text)

export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters.`

/** In a one-line field's pipe: refuses control characters, tab and line breaks included. */
export const plainLine = (label: string) => v.check(isPlainLine, controlCharactersMessage(label))

/** In a multi-line field's pipe: refuses control characters other than tab, line feed and carriage return. */
export const plainText = (label: string) => v.check(isPlainText, controlCharactersMessage(label))
