import { TextField, wide } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The blacklist monitor's form: the address or domain to look up.

export const form = defineTypeForm<'blacklist', { target: string }>({
  blank: { target: '' },
  draftOf: (m) => ({ target: m.target }),
  valuesOf: (d) => ({ target: d.target }),
  Fields: ({ draft, set, errors }) => (
    <div className={wide}>
      <TextField
        label="Target"
        name="target"
        required
        value={draft.target}
        onChange={set.target}
        error={errors.target}
        placeholder="192.0.2.25 or mail.example.com"
        helper="An IPv4 or IPv6 address, or a domain: its mail and web addresses are checked."
      />
    </div>
  ),
})
