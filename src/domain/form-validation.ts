import * as v from 'valibot'
import { failureMessage, isApiFailure } from './api-failure.ts'

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

/** What the server refused of a submit: its messages by field, its message, and the values it was sent. */
export interface Refusal {
  errors: Record<string, string>
  message: string | null
  values: Record<string, unknown>
}

/** The server's refusal of the values `sent`: its message (or `fallback` when none came) and its field messages. */
export const refusalOf = (error: unknown, sent: Record<string, unknown>, fallback: string): Refusal => ({
  errors: isApiFailure(error) ? { ...error.errors } : {},
  message: failureMessage(error, fallback),
  values: sent,
})

/** The message a form shows on top: none when a field shows it already (a message is shown once, at its field). */
export const topMessage = (message: string | null, errors: Record<string, string>): string | null =>
  message !== null && Object.values(errors).includes(message) ? null : message

/** The field a message's key is about: `components.0.monitor_id` is about `components`. */
const fieldOfKey = (key: string) => key.split('.')[0] ?? key

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * A form's messages while the user types after a refused submit: the form's own check of the values now (`checked`,
 * which clears a field's message once its value is valid and shows it again when it is not), and each of the server's
 * that still holds (its field keeps the value the server refused). The server's message goes with its field's, when
 * it was that field's; else it stays until the next submit.
 */
export const messagesAsTyped = (
  checked: Record<string, string>,
  refusal: Refusal | null,
  values: Record<string, unknown>,
): { errors: Record<string, string>; message: string | null } => {
  if (!refusal) return { errors: checked, message: null }
  const holds = (key: string) => same(values[fieldOfKey(key)], refusal.values[fieldOfKey(key)])
  const server = Object.fromEntries(Object.entries(refusal.errors).filter(([key]) => holds(key)))
  const dropped = Object.entries(refusal.errors).filter(([key]) => !holds(key))
  const message = dropped.some(([, text]) => text === refusal.message) ? null : refusal.message
  const errors = { ...server, ...checked }
  return { errors, message: topMessage(message, errors) }
}
