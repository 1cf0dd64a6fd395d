import * as v from 'valibot'

// A change (PATCH) names the fields it changes. A body that names none of them (`{}`, or only fields the schema does
// not know) is refused before anything else, so nothing is written and the answer says why.

export const NOTHING_TO_CHANGE = 'Nothing to change.'

type ObjectLike =
  | v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
  | v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>

const namesOneOf = (keys: readonly string[]) => (input: unknown) =>
  // Not an object: the object schema says what it expected.
  input === null ||
  typeof input !== 'object' ||
  Array.isArray(input) ||
  keys.some((key) => Object.hasOwn(input, key) && (input as Record<string, unknown>)[key] !== undefined)

/** `schema` (the fields a change may give, as an object schema), refusing a body that gives none of them. */
export const patchSchema = <S extends ObjectLike>(schema: S) =>
  v.pipe(v.unknown(), v.check(namesOneOf(Object.keys(schema.entries)), NOTHING_TO_CHANGE), schema)
