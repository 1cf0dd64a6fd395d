import { DEFAULTS } from '@vigil/domain/monitor.schema'
import { HostField, PortField } from '../fields/host-port.tsx'
import { WarnDaysField, warnDaysBlank, warnDaysOf, warnDaysText } from '../fields/warn-days.tsx'
import { numberOf, text } from '../form-values.ts'
import { defineTypeForm } from './define.ts'

// The SSL monitor's form: the host the certificate must be valid for, its port, and the days to warn at.

export const form = defineTypeForm<'ssl', { host: string; port: string; warn_days: string }>({
  blank: { host: '', port: String(DEFAULTS.tls_port), warn_days: warnDaysBlank },
  draftOf: (m) => ({ host: m.host, port: text(m.port), warn_days: warnDaysText(m.warn_days) }),
  valuesOf: (d) => ({ host: d.host, port: numberOf(d.port), warn_days: warnDaysOf(d.warn_days) }),
  Fields: (props) => (
    <>
      <HostField
        {...props}
        placeholder="shop.example.com"
        helper="The name the certificate must be valid for, without a scheme."
      />
      <PortField {...props} helper={`${DEFAULTS.tls_port} by default.`} />
      <WarnDaysField {...props} />
    </>
  ),
})
