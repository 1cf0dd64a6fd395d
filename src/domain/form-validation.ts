import * as v from 'valibot'

export type FormSchema = v.GenericSchema

export type FormCheck<T> = { ok: true; output: T } | { ok: false; errors: Record<string, string> }

/** `components.0.monitor_id` reads as "Monitor id": the field's own name, not its path. */
const humanize = (key: string) => {
  const words = (key.split('.').at(-1) ?? key).replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const messageOf = (issue: v.BaseIssue<unknown>, key: string) => {
  if (key === '_' && issue.kind === 'schema')
    return `Expected a JSON object with the fields of this request, got ${issue.received}.`
  // A key missing from an object: valibot reports it on the object schema.
  if (issue.type === 'object' && issue.received === 'undefined') return `${humanize(key)} is required.`
  return issue.message
}

/** `{ field: first message }`, the same for the server's 400s and the forms' own checks. */
export const fieldErrors = (issues: readonly v.BaseIssue<unknown>[]): Record<string, string> => {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_'
    errors[key] ??= messageOf(issue, key)
  }
  return errors
}

/** Checks form values with the same schema the server uses; the first message per field. */
export const checkForm = <S extends v.GenericSchema>(schema: S, values: unknown): FormCheck<v.InferOutput<S>> => {
  const result = v.safeParse(schema, values)
  return result.success ? { ok: true, output: result.output } : { ok: false, errors: fieldErrors(result.issues) }
}
