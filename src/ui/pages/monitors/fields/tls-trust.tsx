import type { TlsTrust, TlsTrustMode } from '@vigil/domain/tls-trust'
import type { ReactNode } from 'react'
import { css } from '../../../../../styled-system/css'
import { RadioChoices } from '../../../components/choice.tsx'
import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { TextField, wide } from '../form-fields.tsx'

// The certificates an HTTPS or SSL monitor trusts: the public roots, one certificate by its SHA-256 fingerprint, or
// the user's own CA. The draft keeps what each choice needs apart, so switching back and forth loses nothing; the
// schema's messages at tls_trust.fingerprint and tls_trust.ca_pem are shown at their inputs.

export interface TlsTrustDraft {
  tls_trust: TlsTrustMode
  tls_fingerprint: string
  tls_ca: string
}

export const tlsTrustBlank: TlsTrustDraft = { tls_trust: 'public', tls_fingerprint: '', tls_ca: '' }

/** The draft of a monitor's trust. */
export const tlsTrustDraft = (trust: TlsTrust): TlsTrustDraft => ({
  tls_trust: trust.mode,
  tls_fingerprint: trust.mode === 'pin' ? trust.fingerprint : '',
  tls_ca: trust.mode === 'ca' ? trust.ca_pem : '',
})

/** The trust the draft chooses, as the schema takes it. */
export const tlsTrustValue = (d: TlsTrustDraft) =>
  d.tls_trust === 'pin'
    ? { mode: 'pin' as const, fingerprint: d.tls_fingerprint }
    : d.tls_trust === 'ca'
      ? { mode: 'ca' as const, ca_pem: d.tls_ca }
      : { mode: 'public' as const }

const CHOICES: readonly { value: TlsTrustMode; label: ReactNode }[] = [
  {
    value: 'public',
    label: (
      <>
        <strong>Public certificate authorities</strong>: the certificate must lead to a root browsers trust.
      </>
    ),
  },
  {
    value: 'pin',
    label: (
      <>
        <strong>Trust this certificate</strong>: only the certificate with this SHA-256 fingerprint, such as a
        self-signed one.
      </>
    ),
  },
  {
    value: 'ca',
    label: (
      <>
        <strong>CA certificate</strong>: certificates your own certificate authority issued.
      </>
    ),
  },
]

const group = css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '1' })
const note = css({ fontSize: 'xs', color: 'muted' })
const mono = css({ '& input, & textarea': { fontFamily: 'mono', fontSize: 'sm' }, '& textarea': { minH: '14rem' } })

/** The Certificate choice, and the fingerprint or CA it needs; `note` says more under the legend. */
export function TlsTrustFields({ note: extra, ...props }: FieldsProps<TlsTrustDraft> & { note?: ReactNode }) {
  const { draft, set, errors } = props
  const field = fieldOf(props, (name) =>
    name === 'tls_fingerprint'
      ? errors['tls_trust.fingerprint']
      : name === 'tls_ca'
        ? errors['tls_trust.ca_pem']
        : (errors['tls_trust.mode'] ?? errors.tls_trust),
  )
  const choiceError = field('tls_trust').error
  return (
    <div className={wide}>
      <fieldset className={group}>
        <legend className={legend}>Certificate</legend>
        {extra && <p className={note}>{extra}</p>}
        <RadioChoices name="tls_trust" options={CHOICES} value={draft.tls_trust} onValueChange={set.tls_trust} />
        {choiceError && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{choiceError}</p>}
        {draft.tls_trust === 'pin' && (
          <div className={mono}>
            <TextField
              {...field('tls_fingerprint')}
              label="SHA-256 fingerprint"
              required
              placeholder="AB:CD:…"
              helper="64 hexadecimal digits, with or without colons. After a check, the monitor's page shows the fingerprint it saw."
            />
          </div>
        )}
        {draft.tls_trust === 'ca' && (
          <div className={mono}>
            <TextField
              {...field('tls_ca')}
              label="CA certificate (PEM)"
              required
              multiline
              placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
              helper="Only certificates this CA issued are trusted, for the monitor's host name. Never paste a private key."
            />
          </div>
        )}
      </fieldset>
    </div>
  )
}
