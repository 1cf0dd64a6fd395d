import { type StatusPage, StatusPageInput, StatusPagePatch } from '@vigil/domain/status-page.schema'
import { type SaveRequest, type Submission, saveFormMachine, wholeOrPatch } from './save-form.machine.ts'

/** The form's values, as the schemas take them: texts, booleans and the list of components. */
export type StatusPageValues = Record<string, unknown>

/** A new page (POST, whole) or a change (PATCH, only the fields that differ). */
export type StatusPageSaveRequest = SaveRequest

/** A stored page as the form's schema reads it, to tell what an edit changes. */
const valuesOfPage = (page: StatusPage): Record<string, unknown> => ({
  name: page.name,
  slug: page.slug,
  description: page.description,
  logo_url: page.logo_url,
  show_response_times: page.show_response_times,
  published: page.published,
  components: page.components.map((c) => ({ monitor_id: c.monitor_id, display_name: c.display_name, group: c.group })),
})

/**
 * Checks the values with the server's own schema, whole (a new page and a change alike), then a change as the
 * patch of the fields that differ from the stored page. `request` is null when nothing changed.
 */
export const statusPageSubmission = (page: StatusPage | null, values: StatusPageValues): Submission =>
  wholeOrPatch(
    { whole: StatusPageInput, patch: StatusPagePatch },
    values,
    page && { id: page.id, values: valuesOfPage(page) },
  )

// The create and edit forms of a status page: checked as the server checks, saved, then closed. A refusal shows
// the server's message (the plan's number of pages, a public id taken) and its errors at their fields.
export const statusPageFormMachine = saveFormMachine<{ page: StatusPage | null }, StatusPage>({
  id: 'statusPageForm',
  saveId: 'savePage',
  submission: ({ page }: { page: StatusPage | null }, values: StatusPageValues) => statusPageSubmission(page, values),
})
