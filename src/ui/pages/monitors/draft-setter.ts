import { useState } from 'react'

/** The form's setters of the fields of a draft `D`, one per field: `set.url(value)`. */
export type Setters<D> = { readonly [K in keyof D]-?: (value: D[K]) => void }

/** The setters of every field `draft` has, each handing `update` the field's new value. */
export const settersOf = <D extends object>(draft: D, update: (patch: Partial<D>) => void): Setters<D> =>
  Object.fromEntries(
    Object.keys(draft).map((key) => [key, (value: unknown) => update({ [key]: value } as Partial<D>)]),
  ) as Setters<D>

/** What a group of fields gets from the form: its part of the draft, its setters, and the fields' messages. */
export interface FieldsProps<D> {
  draft: D
  set: Setters<D>
  errors: Record<string, string>
}

/** A field's own message, or the first of its items' (`warn_days.0`), as the schema keys them. */
export const errorAt = (errors: Record<string, string>, field: string): string | undefined =>
  errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1]

/**
 * What the input of field `name` takes from the form (its name, value, setter and message), spread on it:
 * `<TextField {...field('url')} label="URL" />`. `errorOf` reads the message where the schema puts it elsewhere.
 */
export const fieldOf =
  <D>({ draft, set, errors }: FieldsProps<D>, errorOf = (name: string) => errors[name]) =>
  <K extends keyof D & string>(name: K) => ({ name, value: draft[name], onChange: set[name], error: errorOf(name) })

/**
 * A form's draft in React state, with its setters, `field` to spread on its inputs, and `update` for a change of
 * several fields (a patch, or one made from the latest draft).
 */
export function useDraft<D extends object>(initial: () => D, errors: Record<string, string>) {
  const [draft, setDraft] = useState(initial)
  const update = (patch: Partial<D> | ((current: D) => Partial<D>)) =>
    setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }))
  const set = settersOf(draft, update)
  return { draft, set, field: fieldOf({ draft, set, errors }), update }
}
