import { fieldOf } from '../draft-setter.ts'
import { TextField, wide } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The blacklist monitor's form: the address or domain to look up.

export const form = defineTypeForm<'blacklist', { target: string }>({
  blank: { target: '' },
  draftOf: (m) => ({ target: m.target }),
  valuesOf: (d) => ({ target: d.target }),
  Fields: (props) => (
    <div className={wide}>
      <TextField
        {...fieldOf(props)('target')}
        label="Target"
        required
        placeholder="192.0.2.25 or mail.example.com"
        helper="An IPv4 or IPv6 address, or a domain: its mail and web addresses are checked."
      />
    </div>
  ),
})
