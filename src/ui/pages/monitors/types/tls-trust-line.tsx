import type { TlsTrust } from '@vigil/domain/tls-trust'
import { css } from '../../../../../styled-system/css'
import * as Alert from '../../../components/alert.tsx'
import { Fingerprint } from '../Fingerprint.tsx'
import type { TypeHeader } from './define.ts'

// What the page of an HTTPS or SSL monitor says of the certificates it trusts, under its target: nothing for the
// public roots, the pinned fingerprint, the CA of its own, or a warning when certificate errors are ignored.

interface Trusting {
  tls_trust: TlsTrust
  /** Website and API monitors: false when certificate errors are ignored. */
  verify_tls?: boolean
  /** Website and API monitors: a plain http:// URL has no certificate. */
  url?: string
}

const line = css({ fontSize: 'sm', display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'baseline' })
const label = css({ color: 'muted' })
const fingerprint = css({ fontFamily: 'mono', fontSize: 'xs', minW: '0' })

export function TlsTrustLine({ monitor }: { monitor: Trusting }) {
  if (monitor.url !== undefined && /^http:\/\//i.test(monitor.url)) return null
  if (monitor.verify_tls === false)
    return (
      <Alert.Root role="note" status="warning" mt="2" data-testid="tls-ignored">
        <Alert.Description>
          <strong>Certificate errors are ignored.</strong> Any certificate is accepted, even an expired or forged one.
          Edit the monitor to trust its certificate or your CA instead.
        </Alert.Description>
      </Alert.Root>
    )
  const trust = monitor.tls_trust
  if (trust.mode === 'pin')
    return (
      <p className={line}>
        <span className={label}>Trusted certificate, SHA-256</span>
        <span className={fingerprint}>
          <Fingerprint value={trust.fingerprint} />
        </span>
      </p>
    )
  if (trust.mode === 'ca')
    return (
      <p className={line}>
        <span className={label}>Certificate</span>
        <span>trusted through the monitor's own CA certificate</span>
      </p>
    )
  return null
}

/** A type's header with the trust line under its own line (if it has one). */
export const withTlsTrust = <M extends Trusting>(header: TypeHeader<M> | null): TypeHeader<M> => {
  const Own = header?.Line
  return {
    ...header,
    Line: (props) => (
      <>
        {Own && <Own {...props} />}
        <TlsTrustLine monitor={props.monitor} />
      </>
    ),
  }
}
