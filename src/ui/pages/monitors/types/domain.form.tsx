import { WarnDaysField, warnDaysBlank, warnDaysOf, warnDaysText } from '../fields/warn-days.tsx'
import { TextField } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The domain monitor's form: the registered domain, and the days to warn at.

export const form = defineTypeForm<'domain', { domain: string; warn_days: string }>({
  blank: { domain: '', warn_days: warnDaysBlank },
  draftOf: (m) => ({ domain: m.domain, warn_days: warnDaysText(m.warn_days) }),
  valuesOf: (d) => ({ domain: d.domain, warn_days: warnDaysOf(d.warn_days) }),
  Fields: (props) => (
    <>
      <TextField
        label="Domain"
        name="domain"
        required
        value={props.draft.domain}
        onChange={props.set.domain}
        error={props.errors.domain}
        placeholder="example.com"
        helper="The registered domain, without a scheme or path."
      />
      <WarnDaysField {...props} />
    </>
  ),
})
