import * as v from 'valibot'
import { Assertion } from '../assertion.ts'
import { Headers, HttpRequestFields } from '../monitor-fields.ts'
import { defineMonitorType, HTTP_TYPE } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'

// API Monitoring: a request with the user's method, headers and body; the status, then every assertion.

const settings = {
  ...HttpRequestFields,
  headers: v.optional(Headers, {}),
  body: v.optional(v.pipe(v.string('Body must be text.'), v.maxLength(16_384, 'Body must be at most 16 KB.')), ''),
  assertions: v.optional(
    v.pipe(v.array(Assertion, 'Assertions must be a list.'), v.maxLength(20, 'At most 20 assertions.')),
    [],
  ),
}

export const api = defineMonitorType({
  type: 'api',
  ...MONITOR_TYPE_PAGES.api,
  settings,
  shown: settings,
  ...HTTP_TYPE,
})
