import type { DomainDetail } from '@vigil/domain/check-details'
import type { MonitorOf } from '@vigil/domain/monitor.schema'
import { ExpiryText } from '../ExpiryText.tsx'
import { factList, mono, valueList, wideFact } from '../facts-styles.ts'
import { formatDate } from '../format.ts'
import type { FactsProps } from './define.ts'

const SOURCES = { rdap: 'RDAP', whois: 'WHOIS' } as const

function Names({ label, names, code = false }: { label: string; names: readonly string[]; code?: boolean }) {
  if (names.length === 0) return <>none given</>
  return (
    <ul className={valueList} aria-label={label}>
      {names.map((n) => (
        <li key={n} className={code ? mono : undefined}>
          {n}
        </li>
      ))}
    </ul>
  )
}

/** A domain's registration as its registry told the last check: registrar, dates, name servers, status. */
export function Facts({ monitor, detail, now }: FactsProps<MonitorOf<'domain'>, DomainDetail>) {
  return (
    <dl className={factList}>
      <div>
        <dt>Registrar</dt>
        <dd>{detail.registrar ?? 'not given'}</dd>
      </div>
      <div>
        <dt>Registered</dt>
        <dd>
          {detail.registered_at ? (
            <time dateTime={detail.registered_at}>{formatDate(detail.registered_at)}</time>
          ) : (
            'not given'
          )}
        </dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>
          {detail.expires_at ? <time dateTime={detail.expires_at}>{formatDate(detail.expires_at)}</time> : 'not given'}
        </dd>
      </div>
      <div>
        <dt>Days left</dt>
        <dd>
          {detail.expires_at ? (
            <ExpiryText expiresAt={detail.expires_at} warnDays={monitor.warn_days} now={now} layout="days" />
          ) : (
            'not given'
          )}
        </dd>
      </div>
      <div>
        <dt>Name servers</dt>
        <dd>
          <Names label="Name servers" names={detail.name_servers} code />
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <Names label="Status" names={detail.status} />
        </dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd>{SOURCES[detail.source]}</dd>
      </div>
      <div className={wideFact}>
        <dt>Server</dt>
        <dd className={mono}>{detail.server}</dd>
      </div>
    </dl>
  )
}
