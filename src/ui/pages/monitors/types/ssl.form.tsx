import { DEFAULTS } from '@vigil/domain/monitor.schema'
import { HostField, PortField } from '../fields/host-port.tsx'
import {
  type TlsTrustDraft,
  TlsTrustFields,
  tlsTrustBlank,
  tlsTrustDraft,
  tlsTrustValue,
} from '../fields/tls-trust.tsx'
import { WarnDaysField, warnDaysBlank, warnDaysOf, warnDaysText } from '../fields/warn-days.tsx'
import { numberOf, text } from '../form-values.ts'
import { defineTypeForm } from './define.ts'

// The SSL monitor's form: the host the certificate must be valid for, its port, the days to warn at, and which
// certificates to trust.

interface SslDraft extends TlsTrustDraft {
  host: string
  port: string
  warn_days: string
}

export const form = defineTypeForm<'ssl', SslDraft>({
  blank: { host: '', port: String(DEFAULTS.tls_port), warn_days: warnDaysBlank, ...tlsTrustBlank },
  draftOf: (m) => ({
    host: m.host,
    port: text(m.port),
    warn_days: warnDaysText(m.warn_days),
    ...tlsTrustDraft(m.tls_trust),
  }),
  valuesOf: (d) => ({
    host: d.host,
    port: numberOf(d.port),
    warn_days: warnDaysOf(d.warn_days),
    tls_trust: tlsTrustValue(d),
  }),
  Fields: (props) => (
    <>
      <HostField
        {...props}
        placeholder="shop.example.com"
        helper="The name the certificate must be valid for, without a scheme."
      />
      <PortField {...props} helper={`${DEFAULTS.tls_port} by default.`} />
      <WarnDaysField {...props} />
      <TlsTrustFields {...props} note="Expiry is watched whichever you choose." />
    </>
  ),
})
