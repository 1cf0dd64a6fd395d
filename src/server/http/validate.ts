import type { ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { fieldErrors } from '@vigil/domain/form-validation'
import { Failure } from '../errors.ts'

/** `{ field: first message }` for the form, and the first message as the summary. */
export const describeIssues = (issues: v.BaseIssue<unknown>[]) => {
  const errors = fieldErrors(issues)
  return { message: Object.values(errors)[0] ?? 'Invalid request.', errors }
}

/** Validates one part of the request with a domain schema; a failure is a 400 with a message per field. */
export const validate = <Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
) =>
  validator(target, (value, c) => {
    if (target === 'json' && !/^application\/([a-z-.]+\+)?json/i.test(c.req.header('content-type') ?? ''))
      throw new Failure('unsupported_media', 'Send the body as JSON with the header Content-Type: application/json.')
    // valibot's object schema takes an array as an object with missing keys; the body must be an object.
    if (target === 'json' && Array.isArray(value))
      throw new Failure('invalid', 'Expected a JSON object with the fields of this request, got an array.')
    const result = v.safeParse(schema, value)
    if (!result.success) {
      const { message, errors } = describeIssues(result.issues)
      throw new Failure('invalid', message, errors)
    }
    return result.output as v.InferOutput<Schema>
  })

/**
 * A JSON object body whose schema depends on a row (a monitor's or integration's own type): read here, checked
 * by the service. 415 when it is not JSON, 400 when it is not an object.
 */
export const jsonObject = async (
  c: { req: { header(name: string): string | undefined; json(): Promise<unknown> } },
  what: string,
): Promise<Record<string, unknown>> => {
  if (!/^application\/([a-z-.]+\+)?json/i.test(c.req.header('content-type') ?? ''))
    throw new Failure('unsupported_media', 'Send the body as JSON with the header Content-Type: application/json.')
  const body = await c.req.json().catch(() => {
    throw new Failure('invalid', 'The request body is not valid JSON.')
  })
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new Failure('invalid', `Expected a JSON object with the fields of the ${what}.`)
  return body as Record<string, unknown>
}
