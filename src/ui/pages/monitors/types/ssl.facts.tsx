import type { SslDetail } from '@vigil/domain/check-details'
import type { MonitorOf } from '@vigil/domain/monitor.schema'
import { CircleCheck, CircleX } from 'lucide-react'
import { ExpiryText } from '../ExpiryText.tsx'
import { bad, factList, good, mono, valueList, wideFact } from '../facts-styles.ts'
import { formatDateTime } from '../format.ts'
import type { FactsProps } from './define.ts'

function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return ok ? (
    <span className={good}>
      <CircleCheck size={14} aria-hidden="true" /> {yes}
    </span>
  ) : (
    <span className={bad}>
      <CircleX size={14} aria-hidden="true" /> {no}
    </span>
  )
}

/** What a chain the check trusted was judged against, by the monitor's choice. */
const TRUSTED = {
  public: 'Valid: leads to a trusted root',
  pin: 'Trusted: the pinned certificate',
  ca: "Valid: issued by the monitor's CA certificate",
} as const

/** The certificate the last check was shown: who it is for and from, its dates, chain, name and connection. */
export function Facts({ monitor, detail, now }: FactsProps<MonitorOf<'ssl'>, SslDetail>) {
  return (
    <dl className={factList}>
      <div>
        <dt>Subject</dt>
        <dd>{detail.subject}</dd>
      </div>
      <div>
        <dt>Issuer</dt>
        <dd>{detail.issuer}</dd>
      </div>
      <div>
        <dt>Valid from</dt>
        <dd>
          <time dateTime={detail.valid_from}>{formatDateTime(detail.valid_from)}</time>
        </dd>
      </div>
      <div>
        <dt>Valid to</dt>
        <dd>
          <time dateTime={detail.valid_to}>{formatDateTime(detail.valid_to)}</time>
        </dd>
      </div>
      <div>
        <dt>Days left</dt>
        <dd>
          <ExpiryText expiresAt={detail.valid_to} warnDays={monitor.warn_days} now={now} layout="days" />
        </dd>
      </div>
      <div>
        <dt>Chain</dt>
        <dd>
          <Verdict
            ok={detail.chain_valid}
            yes={TRUSTED[monitor.tls_trust.mode]}
            no={`Not valid${detail.chain_error ? `: ${detail.chain_error}` : ''}`}
          />
        </dd>
      </div>
      <div>
        <dt>Host name</dt>
        <dd>
          <Verdict ok={detail.hostname_match} yes={`Matches ${monitor.host}`} no={`Does not match ${monitor.host}`} />
        </dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd className={mono}>{detail.address ?? '–'}</dd>
      </div>
      <div>
        <dt>Protocol</dt>
        <dd>{detail.protocol ?? '–'}</dd>
      </div>
      <div>
        <dt>Cipher</dt>
        <dd className={mono}>{detail.cipher ?? '–'}</dd>
      </div>
      <div className={wideFact}>
        <dt>Alternative names</dt>
        <dd>
          {detail.alt_names.length === 0 ? (
            'none'
          ) : (
            <ul className={valueList} aria-label="Alternative names">
              {detail.alt_names.map((name) => (
                <li key={name} className={mono}>
                  {name}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div className={wideFact}>
        <dt>Serial</dt>
        <dd className={mono}>{detail.serial}</dd>
      </div>
      <div className={wideFact}>
        <dt>SHA-256 fingerprint</dt>
        <dd className={mono}>{detail.fingerprint256}</dd>
      </div>
    </dl>
  )
}
