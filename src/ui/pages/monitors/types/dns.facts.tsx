import { CircleCheck, CircleX } from 'lucide-react'
import { css } from '../../../../../styled-system/css'
import type { DnsDetail } from '@vigil/domain/check-details'
import { answerMarked, expectedFound } from '@vigil/domain/dns-records'
import type { MonitorOf } from '@vigil/domain/monitor.schema'
import { bad, factList, good, markLine, mono, valueList, wideFact } from '../facts-styles.ts'
import type { FactsProps } from './define.ts'

/** The last DNS answer: who answered, what, and which expected values it held. */
export function Facts({ monitor, detail }: FactsProps<MonitorOf<'dns'>, DnsDetail>) {
  const expected = expectedFound(monitor.record_type, monitor.expected, detail.answer)
  const answer = answerMarked(monitor.record_type, monitor.expected, monitor.expected_match, detail.answer)
  return (
    <dl className={factList}>
      <div>
        <dt>Resolver</dt>
        <dd className={mono}>{detail.resolver}</dd>
      </div>
      <div>
        <dt>Record type</dt>
        <dd>{detail.record_type}</dd>
      </div>
      <div className={wideFact}>
        <dt>Answer</dt>
        <dd>
          {answer.length === 0 ? (
            <span className={bad}>No {detail.record_type} records</span>
          ) : (
            <ul className={valueList} aria-label="Answer values">
              {answer.map((a) => (
                <li key={a.value} className={markLine}>
                  <span className={mono}>{a.value}</span>
                  {a.unexpected && (
                    <span className={bad}>
                      <CircleX size={14} aria-hidden="true" /> not expected
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div className={wideFact}>
        <dt>Expected ({monitor.expected_match === 'exact' ? 'exact' : 'contains'})</dt>
        <dd>
          {expected.length === 0 ? (
            <span className={css({ fontWeight: 'normal', color: 'muted' })}>
              Any answer passes; a change of answer is reported.
            </span>
          ) : (
            <ul className={valueList} aria-label="Expected values">
              {expected.map((e) => (
                <li key={e.value} className={markLine}>
                  <span className={mono}>{e.value}</span>
                  {e.found ? (
                    <span className={good}>
                      <CircleCheck size={14} aria-hidden="true" /> found
                    </span>
                  ) : (
                    <span className={bad}>
                      <CircleX size={14} aria-hidden="true" /> missing
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  )
}
