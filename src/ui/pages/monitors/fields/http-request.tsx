import { DEFAULT_EXPECTED_STATUS } from '@vigil/domain/expected-status'
import { HTTP_METHODS } from '@vigil/domain/monitor.schema'
import type { TlsTrust } from '@vigil/domain/tls-trust'
import type { ReactNode } from 'react'
import * as Alert from '../../../components/alert.tsx'
import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { CheckboxField, SelectField, TextField, wide } from '../form-fields.tsx'
import { type TlsTrustDraft, TlsTrustFields, tlsTrustBlank, tlsTrustDraft, tlsTrustValue } from './tls-trust.tsx'

// The request of the website and API monitors' forms: URL, method and expected status on top, the type's own fields
// (a keyword; headers, body and assertions) in between, and whether to follow redirects and which certificates to
// trust below (for an https:// URL).

export interface HttpDraft extends TlsTrustDraft {
  url: string
  method: string
  expected_status: string
  follow_redirects: boolean
  verify_tls: boolean
}

/** The request of a new monitor. */
export const httpBlank: HttpDraft = {
  url: '',
  method: 'GET',
  expected_status: DEFAULT_EXPECTED_STATUS,
  follow_redirects: true,
  verify_tls: true,
  ...tlsTrustBlank,
}

interface HttpRequest {
  url: string
  method: string
  expected_status: string
  follow_redirects: boolean
  verify_tls: boolean
  tls_trust: TlsTrust
}

/** The request of a monitor being edited. */
export const httpDraftOf = (r: HttpRequest): HttpDraft => ({
  url: r.url,
  method: r.method,
  expected_status: r.expected_status,
  follow_redirects: r.follow_redirects,
  verify_tls: r.verify_tls,
  ...tlsTrustDraft(r.tls_trust),
})

/** The request's values, as the schema takes them. */
export const httpValuesOf = (d: HttpDraft) => ({
  url: d.url,
  method: d.method,
  expected_status: d.expected_status,
  follow_redirects: d.follow_redirects,
  verify_tls: d.verify_tls,
  tls_trust: tlsTrustValue(d),
})

const IGNORED =
  'Any certificate is accepted, even an expired, self-signed or forged one, so the check cannot tell your site from ' +
  'another that answers at its address. Prefer trusting the certificate or your CA above.'

export function HttpRequestFields({ children, ...form }: FieldsProps<HttpDraft> & { children: ReactNode }) {
  const field = fieldOf(form)
  const { draft, set } = form
  // A plain http:// URL has no certificate to judge.
  const secure = !/^\s*http:\/\//i.test(draft.url)
  return (
    <>
      <div className={wide}>
        <TextField
          {...field('url')}
          label="URL"
          type="url"
          inputMode="url"
          required
          placeholder="https://example.com/health"
        />
      </div>
      <SelectField {...field('method')} label="Method" options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} />
      <TextField
        {...field('expected_status')}
        label="Expected status"
        helper="Codes or ranges, such as 200-299, 301 or 2xx."
      />
      {children}
      <CheckboxField {...field('follow_redirects')} label="Follow redirects" />
      {secure && (
        <>
          <TlsTrustFields
            {...form}
            note={
              draft.verify_tls
                ? "For the URL's host; a redirect to another host is judged by the public certificate authorities."
                : 'Not used while certificate errors are ignored.'
            }
          />
          <div className={wide}>
            <CheckboxField
              name="ignore_tls_errors"
              label="Ignore certificate errors"
              value={!draft.verify_tls}
              onChange={(ignore) => set.verify_tls(!ignore)}
              error={form.errors.verify_tls}
            />
            {!draft.verify_tls && (
              <Alert.Root role="note" status="warning" mt="2">
                <Alert.Description>{IGNORED}</Alert.Description>
              </Alert.Root>
            )}
          </div>
        </>
      )}
    </>
  )
}
