import * as v from 'valibot'

export type FormSchema = v.GenericSchema

export type FormCheck<T> = { ok: true; output: T } | { ok: false; errors: Record<string, string> }

/** Checks form values with the same schema the server uses; the first message per field. */
export const checkForm = <S extends v.GenericSchema>(schema: S, values: unknown): FormCheck<v.InferOutput<S>> => {
  const result = v.safeParse(schema, values)
  if (result.success) return { ok: true, output: result.output }
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '_'
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}
