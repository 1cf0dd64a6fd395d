import * as v from 'valibot'
import { bool, HttpRequestFields } from '../monitor-fields.ts'
import { defineMonitorType, HTTP_TYPE } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'

// Website Monitoring: an HTTP(S) request, the status against what is expected, then a keyword on the page.

const settings = {
  ...HttpRequestFields,
  keyword: v.optional(
    v.pipe(v.string('Keyword must be text.'), v.maxLength(500, 'Keyword must be at most 500 characters.')),
    '',
  ),
  /** true: the check fails when the keyword IS on the page (an error message that must not appear). */
  keyword_absent: v.optional(bool('Keyword absent'), false),
}

export const web = defineMonitorType({
  type: 'web',
  ...MONITOR_TYPE_PAGES.web,
  settings,
  shown: settings,
  ...HTTP_TYPE,
})
