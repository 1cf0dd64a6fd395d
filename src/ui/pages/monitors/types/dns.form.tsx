import { Plus, Trash2 } from 'lucide-react'
import { css } from '../../../../../styled-system/css'
import { DNS_RECORD_TYPES, type DnsRecordType } from '@vigil/domain/dns-records'
import { Button } from '../../../components/button.tsx'
import { RadioChoices } from '../../../components/choice.tsx'
import * as Field from '../../../components/field.tsx'
import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { SelectField, TextField, wide } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The DNS monitor's form: the name and record type to ask about, the values the answer must hold (one row each,
// keyed expected.0, expected.1... in the schema's errors) and how they must match, and a resolver.

type DnsDraft = {
  hostname: string
  record_type: DnsRecordType
  /** One row per expected value of a DNS answer. */
  expected: string[]
  expected_match: 'contains' | 'exact'
  resolver: string
}

const own = (d: DnsDraft): DnsDraft => ({
  hostname: d.hostname,
  record_type: d.record_type,
  expected: [...d.expected],
  expected_match: d.expected_match,
  resolver: d.resolver,
})

export const form = defineTypeForm<'dns', DnsDraft>({
  blank: { hostname: '', record_type: 'A', expected: [], expected_match: 'contains', resolver: '' },
  draftOf: own,
  valuesOf: own,
  Fields: DnsFields,
})

const groupStyle = css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legendStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '1' })
const rowStyle = css({ display: 'grid', gap: '2', gridTemplateColumns: '1fr auto', alignItems: 'start' })
const note = css({ fontSize: 'xs', color: 'muted' })

const MATCHES = [
  {
    value: 'contains',
    label: (
      <>
        <strong>contains</strong>: The answer holds every value (it may hold others).
      </>
    ),
  },
  {
    value: 'exact',
    label: (
      <>
        <strong>exact</strong>: The answer is these values and no others.
      </>
    ),
  },
] as const

function DnsFields(props: FieldsProps<DnsDraft>) {
  const { draft, set, errors } = props
  const field = fieldOf(props)
  const rows = draft.expected
  const setRows = set.expected
  const placeholder = EXAMPLES[draft.record_type]
  return (
    <>
      <TextField
        {...field('hostname')}
        label="Host name"
        required
        placeholder="example.com"
        helper="The name to look up, without a scheme."
      />
      <SelectField
        label="Record type"
        name="record_type"
        value={draft.record_type}
        onChange={(value) => set.record_type(value as DnsRecordType)}
        error={errors.record_type}
        options={DNS_RECORD_TYPES.map((t) => ({ value: t, label: t }))}
      />
      <div className={wide}>
        <fieldset className={groupStyle}>
          <legend className={legendStyle}>Expected values</legend>
          <p className={note}>
            None: any answer will do, and you hear when it changes. Names may end with a dot or not; case does not
            matter.
          </p>
          {rows.map((value, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <div key={i} className={rowStyle}>
              <Field.Root invalid={Boolean(errors[`expected.${i}`])}>
                <Field.Input
                  aria-label={`Expected value ${i + 1}`}
                  value={value}
                  placeholder={placeholder}
                  autoComplete="off"
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? e.target.value : r)))}
                />
                <Field.ErrorText>{errors[`expected.${i}`]}</Field.ErrorText>
              </Field.Root>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove expected value ${i + 1}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {errors.expected && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{errors.expected}</p>}
          <div>
            <Button variant="outline" size="sm" onClick={() => setRows([...rows, ''])}>
              <Plus aria-hidden="true" /> Add expected value
            </Button>
          </div>
        </fieldset>
      </div>
      <fieldset className={groupStyle}>
        <legend className={legendStyle}>Match</legend>
        <RadioChoices
          name="expected_match"
          options={MATCHES}
          value={draft.expected_match}
          onValueChange={set.expected_match}
        />
        {errors.expected_match && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{errors.expected_match}</p>}
      </fieldset>
      <TextField
        {...field('resolver')}
        label="Resolver"
        placeholder="Server default"
        helper="Optional: an IP address with an optional port, such as 9.9.9.9 or [2620:fe::fe]:53."
      />
    </>
  )
}

/** What a value of each record type looks like. */
const EXAMPLES: Record<DnsRecordType, string> = {
  A: '93.184.215.14',
  AAAA: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  CNAME: 'target.example.net',
  MX: '10 mail.example.com',
  NS: 'ns1.example.com',
  TXT: 'v=spf1 include:_spf.example.com ~all',
  SOA: 'ns1.example.com hostmaster.example.com 2026112201 7200 3600 1209600 300',
  CAA: '0 issue "letsencrypt.org"',
  SRV: '10 5 5060 sip.example.com',
}
