import { css } from '../../../../../styled-system/css'
import { fieldOf } from '../draft-setter.ts'
import { type HttpDraft, HttpRequestFields, httpBlank, httpDraftOf, httpValuesOf } from '../fields/http-request.tsx'
import { CheckboxField, TextField } from '../form-fields.tsx'
import { defineTypeForm } from './define.ts'

// The website monitor's form: the request, and a keyword the page must (or must not) contain.

interface WebDraft extends HttpDraft {
  keyword: string
  keyword_absent: boolean
}

export const form = defineTypeForm<'web', WebDraft>({
  blank: { ...httpBlank, keyword: '', keyword_absent: false },
  draftOf: (m) => ({ ...httpDraftOf(m), keyword: m.keyword, keyword_absent: m.keyword_absent }),
  valuesOf: (d) => ({ ...httpValuesOf(d), keyword: d.keyword, keyword_absent: d.keyword_absent }),
  Fields: (props) => (
    <HttpRequestFields {...props}>
      <TextField {...fieldOf(props)('keyword')} label="Keyword" helper="Optional text the page must contain." />
      <div className={css({ alignSelf: 'center' })}>
        <CheckboxField {...fieldOf(props)('keyword_absent')} label="Fail when the keyword is present" />
      </div>
    </HttpRequestFields>
  ),
})
