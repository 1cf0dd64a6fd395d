import Bowser from 'bowser'
import type { SessionView } from '@vigil/domain/sessions'

/** "Chrome 131" and "Windows 11" from a User-Agent, by Bowser; nulls when it says nothing we know. */
export const describeClient = (userAgent: string | null): Pick<SessionView, 'browser' | 'system'> => {
  if (!userAgent) return { browser: null, system: null }
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null
  const os = parsed.os.name
  const system = os ? [os, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null
  return { browser, system }
}
