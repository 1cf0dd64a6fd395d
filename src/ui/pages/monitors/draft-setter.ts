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
