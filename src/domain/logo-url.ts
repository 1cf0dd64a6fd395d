import * as v from 'valibot'
import { isHostName } from './host.ts'

// A status page's logo: the page's Content-Security-Policy allows images from the logo's origin, so the URL must be
// one whose origin is a plain `https://host[:port]`. A host with `*`, `;`, `,`, a quote or a bracket would widen the
// policy or write into it (`https://*/x.png`, `https://a.example;sandbox/x.png`); the URL parser lets them through.

const MAX = 2048
const CREDENTIALS = 'The logo URL cannot hold a user name or password.'
const HOST =
  'The logo URL needs a plain host name, such as cdn.example.com: no *, space, quote, comma, semicolon or bracket.'

/** The host and port as typed: the URL parser decodes `%3B` and drops tabs, so the text itself is checked too. */
const authorityOf = (text: string) => text.replace(/^https:\/\//i, '').split(/[/?#\\]/)[0] ?? ''

/** What is wrong with `text` as a logo URL, or null when it may be one. */
export const logoUrlProblem = (text: string): string | null => {
  if (text.length > MAX) return `The logo URL must be at most ${MAX} characters.`
  if (!/^https:\/\//i.test(text)) return 'The logo URL must start with https://.'
  const authority = authorityOf(text)
  if (authority.includes('@')) return CREDENTIALS
  if (/[\s*;,'"()[\]]/.test(authority)) return HOST
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'Enter the logo’s full address, such as https://cdn.example.com/logo.png.'
  }
  if (url.username !== '' || url.password !== '') return CREDENTIALS
  if (url.hostname.endsWith('.') || !isHostName(url.hostname)) return HOST
  return null
}

export const LogoUrl = v.pipe(
  v.string('The logo URL must be text.'),
  v.trim(),
  v.check(
    (s) => logoUrlProblem(s) === null,
    (issue) => logoUrlProblem(String(issue.input)) ?? 'Enter the logo’s full address.',
  ),
)

/**
 * The origin a page's policy may allow for its logo (`https://cdn.example.com`), parsed, never the text as typed;
 * null for no logo, or for one saved before this rule that does not pass it.
 */
export const logoOrigin = (url: string | null): string | null =>
  url !== null && logoUrlProblem(url) === null ? new URL(url).origin : null
