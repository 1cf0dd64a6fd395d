import { DEFAULTS } from '@vigil/domain/monitor.schema'
import { HostField } from '../fields/host-port.tsx'
import { TextField } from '../form-fields.tsx'
import { numberOf, text } from '../form-values.ts'
import { defineTypeForm } from './define.ts'

// The ping monitor's form: the host, and how many packets each check sends.

export const form = defineTypeForm<'ping', { host: string; count: string }>({
  blank: { host: '', count: String(DEFAULTS.ping_count) },
  draftOf: (m) => ({ host: m.host, count: text(m.count) }),
  valuesOf: (d) => ({ host: d.host, count: numberOf(d.count) }),
  Fields: (props) => (
    <>
      <HostField {...props} placeholder="db.example.com" helper="A host name or IP address, without a scheme." />
      <TextField
        label="Packets per check"
        name="count"
        inputMode="numeric"
        value={props.draft.count}
        onChange={props.set.count}
        error={props.errors.count}
        helper={`1 to 10; ${DEFAULTS.ping_count} by default.`}
      />
    </>
  ),
})
