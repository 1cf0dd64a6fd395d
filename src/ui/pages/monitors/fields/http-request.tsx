import type { ReactNode } from 'react'
import { DEFAULT_EXPECTED_STATUS } from '@vigil/domain/expected-status'
import { HTTP_METHODS } from '@vigil/domain/monitor.schema'
import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { CheckboxField, SelectField, TextField, wide } from '../form-fields.tsx'

// The request of the website and API monitors' forms: URL, method and expected status on top, the type's own fields
// (a keyword; headers, body and assertions) in between, and whether to follow redirects and verify TLS below.

export interface HttpDraft {
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
}

/** The request of a monitor being edited, or its values: the same fields, as they are. */
export const httpFields = (r: HttpDraft): HttpDraft => ({
  url: r.url,
  method: r.method,
  expected_status: r.expected_status,
  follow_redirects: r.follow_redirects,
  verify_tls: r.verify_tls,
})

export function HttpRequestFields({ children, ...form }: FieldsProps<HttpDraft> & { children: ReactNode }) {
  const field = fieldOf(form)
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
      <CheckboxField {...field('verify_tls')} label="Verify the TLS certificate" />
    </>
  )
}
