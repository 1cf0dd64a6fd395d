import { HostField, PortField } from '../fields/host-port.tsx'
import { numberOf, text } from '../form-values.ts'
import { defineTypeForm } from './define.ts'

// The port monitor's form: the host and the port to connect to.

export const form = defineTypeForm<'port', { host: string; port: string }>({
  blank: { host: '', port: '' },
  draftOf: (m) => ({ host: m.host, port: text(m.port) }),
  valuesOf: (d) => ({ host: d.host, port: numberOf(d.port) }),
  Fields: (props) => (
    <>
      <HostField {...props} placeholder="db.example.com" helper="A host name or IP address, without a scheme." />
      <PortField {...props} required />
    </>
  ),
})
