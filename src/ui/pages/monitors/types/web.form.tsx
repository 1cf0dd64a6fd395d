import { css } from '../../../../../styled-system/css'
import { type HttpDraft, HttpRequestFields, httpBlank, httpFields } from '../fields/http-request.tsx'
import { CheckboxField, TextField } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The website monitor's form: the request, and a keyword the page must (or must not) contain.

interface WebDraft extends HttpDraft {
  keyword: string
  keyword_absent: boolean
}

const own = (d: WebDraft) => ({ ...httpFields(d), keyword: d.keyword, keyword_absent: d.keyword_absent })

export const form = defineTypeForm<'web', WebDraft>({
  blank: { ...httpBlank, keyword: '', keyword_absent: false },
  draftOf: own,
  valuesOf: own,
  Fields: ({ draft, set, errors }) => (
    <HttpRequestFields draft={draft} set={set} errors={errors}>
      <TextField
        label="Keyword"
        name="keyword"
        value={draft.keyword}
        onChange={set.keyword}
        error={errors.keyword}
        helper="Optional text the page must contain."
      />
      <div className={css({ alignSelf: 'center' })}>
        <CheckboxField
          label="Fail when the keyword is present"
          name="keyword_absent"
          checked={draft.keyword_absent}
          onChange={set.keyword_absent}
          error={errors.keyword_absent}
        />
      </div>
    </HttpRequestFields>
  ),
})
