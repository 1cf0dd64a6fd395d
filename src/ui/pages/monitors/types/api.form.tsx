import { isMaskedHeaderValue } from '../../../../domain/secret-values.ts'
import { type HttpDraft, HttpRequestFields, httpBlank, httpFields } from '../fields/http-request.tsx'
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

export const form = defineTypeForm<'api', ApiDraft>({
  blank: { ...httpBlank, headers: [], body: '', assertions: [] },
  draftOf: (m) => ({
    ...httpFields(m),
    // A credential's value comes masked: the row says one is set, and sends it back as it came unless retyped.
    headers: Object.entries(m.headers).map(([name, value]) =>
      isMaskedHeaderValue(value) ? { name, value: '', kept: value } : { name, value },
    ),
    body: m.body,
    assertions: m.assertions.map((a) => ({ ...a })),
  }),
  valuesOf: (d) => ({
    ...httpFields(d),
    headers: headersOf(d.headers),
    body: d.body,
    assertions: d.assertions.map((a) => ({ ...a })),
  }),
  Fields: ({ draft, set, errors }) => (
    <HttpRequestFields draft={draft} set={set} errors={errors}>
      <div className={wide}>
        <HeaderRows rows={draft.headers} onChange={set.headers} error={errors.headers} />
      </div>
      <div className={wide}>
        <TextField
          label="Request body"
          name="body"
          multiline
          value={draft.body}
          onChange={set.body}
          error={errors.body}
          placeholder='{"ping": true}'
        />
      </div>
      <div className={wide}>
        <AssertionRows rows={draft.assertions} onChange={set.assertions} errors={errors} />
      </div>
    </HttpRequestFields>
  ),
})
