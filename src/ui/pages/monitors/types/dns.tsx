import { css } from '../../../../../styled-system/css'
import { defineMonitorTypeUi } from './define.ts'

// DNS Monitoring: a name's records of one type, against what is expected; a change of the answer is told.

/** "any answer", "contains 2 values", "exactly 1 value". */
const expectation = (expected: readonly string[], match: 'contains' | 'exact') => {
  if (expected.length === 0) return 'any answer'
  const values = `${expected.length} value${expected.length === 1 ? '' : 's'}`
  return match === 'exact' ? `exactly ${values}` : `contains ${values}`
}

export const dns = defineMonitorTypeUi('dns', {
  noun: 'DNS monitor',
  example: 'Mail records',
  hear: 'as soon as its answer is wrong or changes',
  // The record type has a column of its own in the list, and follows the name on the page.
  target: (m) => m.hostname,
  columns: [
    {
      title: 'Record',
      cell: (m) => (
        <>
          <span className={css({ fontWeight: 'semibold' })}>{m.record_type}</span>
          <div className={css({ color: 'muted', fontSize: 'xs' })}>{expectation(m.expected, m.expected_match)}</div>
        </>
      ),
    },
  ],
  header: { note: (m) => `${m.record_type} records` },
  form: () => import('./dns.form.tsx'),
  facts: { title: 'Latest answer', load: () => import('./dns.facts.tsx') },
})
