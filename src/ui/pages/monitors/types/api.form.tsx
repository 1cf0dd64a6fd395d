import type { MonitorOf } from '@vigil/domain/monitor.schema'
import { isMaskedHeaderValue } from '@vigil/domain/secret-values'
import { fieldOf } from '../draft-setter.ts'
import { type HttpDraft, HttpRequestFields, httpBlank, httpDraftOf, httpValuesOf } from '../fields/http-request.tsx'
import { TextField, wide } from '../form-fields.tsx'
import { type AssertionRow, AssertionRows, type HeaderRow, HeaderRows } from './api.rows.tsx'
import { defineTypeForm } from './define.ts'

// The API monitor's form: the request with its headers and body, and the assertions on the answer.

interface ApiDraft extends HttpDraft {
  headers: HeaderRow[]
  body: string
  assertions: AssertionRow[]
}

/** Header rows as the record the API takes; rows left wholly empty are dropped; a set credential left empty stays. */
const headersOf = (rows: readonly HeaderRow[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.name.trim() !== '' || r.value !== '' || r.kept !== undefined)
      .map((r) => [r.name.trim(), r.value === '' && r.kept !== undefined ? r.kept : r.value]),
  )

const draftOf = (m: MonitorOf<'api'>): ApiDraft => ({
  ...httpDraftOf(m),
  // A credential's value comes masked: the row says one is set, and sends it back as it came unless retyped.
  headers: Object.entries(m.headers).map(([name, value]) =>
    isMaskedHeaderValue(value) ? { name, value: '', kept: value } : { name, value },
  ),
  body: m.body,
  assertions: m.assertions.map((a) => ({ ...a })),
})

export const form = defineTypeForm<'api', ApiDraft>({
  blank: { ...httpBlank, headers: [], body: '', assertions: [] },
  draftOf,
  // A copy's credential rows keep their names; their values, masked, are typed again (the form refuses the mask).
  copyOf: (m) => {
    const draft = draftOf(m)
    const notCopied = draft.headers.filter((h) => h.kept !== undefined).map((h) => h.name)
    return {
      draft: { ...draft, headers: draft.headers.map((h) => (h.kept === undefined ? h : { ...h, notCopied: true })) },
      notCopied:
        notCopied.length === 0
          ? null
          : notCopied.length === 1
            ? `The ${notCopied[0]} header's value is not copied: a saved secret is never shown. Type it again under Request headers.`
            : `The values of the ${notCopied.join(', ')} headers are not copied: a saved secret is never shown. Type them again under Request headers.`,
    }
  },
  valuesOf: (d) => ({
    ...httpValuesOf(d),
    headers: headersOf(d.headers),
    body: d.body,
    assertions: d.assertions.map((a) => ({ ...a })),
  }),
  Fields: (props) => (
    <HttpRequestFields {...props}>
      <div className={wide}>
        <HeaderRows rows={props.draft.headers} onChange={props.set.headers} error={props.errors.headers} />
      </div>
      <div className={wide}>
        <TextField {...fieldOf(props)('body')} label="Request body" multiline placeholder='{"ping": true}' />
      </div>
      <div className={wide}>
        <AssertionRows rows={props.draft.assertions} onChange={props.set.assertions} errors={props.errors} />
      </div>
    </HttpRequestFields>
  ),
})
