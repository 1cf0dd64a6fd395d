import type { MonitorDraft } from './form-values.ts'

/** The form's setter of one field of the draft. */
export type SetDraft = <K extends keyof MonitorDraft>(key: K) => (value: MonitorDraft[K]) => void

/** What a group of type-specific fields gets from the form. */
export interface TypeFieldsProps {
  draft: MonitorDraft
  set: SetDraft
  errors: Record<string, string>
}

/** A field's own message, or the first of its items' (`warn_days.0`), as the schema keys them. */
export const errorAt = (errors: Record<string, string>, field: string): string | undefined =>
  errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1]
