// Escaping for text and attribute values the server writes into HTML, SVG and XML. Owner-written Markdown is
// rendered by markdown.ts instead; everything else the owner typed goes through here.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)

// What XML 1.0 cannot carry at all, even escaped (its Char production, section 2.2): the C0 controls but tab, line
// feed and carriage return, lone surrogates, U+FFFE and U+FFFF. Input refuses control characters, but rows stored
// before may hold them, and one of them makes a whole feed or badge unreadable.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text, or a whole document, as XML 1.0 can carry it: what it forbids is dropped. */
export const xmlChars = (text: string): string => text.replace(NOT_XML_CHAR, '')

// One formatter for all: making one per call costs more than the rest of a page.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `Nov 23, 2026, 08:15 UTC`: the server's rendering; the page's script rewrites it in the visitor's time zone. */
export const utcDateTime = (iso: string): string => `${dateFormat.format(new Date(iso))}, ${iso.slice(11, 16)} UTC`

/** `Nov 23, 2026` for a UTC day (YYYY-MM-DD). */
export const utcDate = (day: string): string => dateFormat.format(new Date(`${day}T00:00:00Z`))

/** A time element the page's script turns into the visitor's local time; it reads in UTC without script. */
export const timeTag = (iso: string): string =>
  `<time datetime="${escapeHtml(iso)}" data-local>${escapeHtml(utcDateTime(iso))}</time>`

/** `99.95%`, `100%`: an uptime the view already rounded, without trailing zeros. */
export const percent = (n: number): string => `${n.toFixed(2).replace(/\.?0+$/, '')}%`
