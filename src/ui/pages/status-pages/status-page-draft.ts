import type { StatusPage } from '@vigil/domain/status-page.schema'
import type { StatusPageValues } from '../../../machines/status-page-form.machine.ts'

// The status page form's inputs as typed (texts, ticks and the component rows), and the values the form machine
// checks with the domain schema.

export interface ComponentRow {
  monitor_id: string
  /** The monitor's own name, shown beside the row (it stays private). */
  monitor_name: string
  display_name: string
  group: string
}

export interface StatusPageDraft {
  name: string
  slug: string
  description: string
  logo_url: string
  show_response_times: boolean
  published: boolean
  components: ComponentRow[]
}

export const draftOf = (page: StatusPage | null): StatusPageDraft => ({
  name: page?.name ?? '',
  slug: page?.slug ?? '',
  description: page?.description ?? '',
  logo_url: page?.logo_url ?? '',
  show_response_times: page?.show_response_times ?? false,
  published: page?.published ?? false,
  components:
    page?.components.map((c) => ({
      monitor_id: c.monitor_id,
      monitor_name: c.monitor.name,
      display_name: c.display_name,
      group: c.group,
    })) ?? [],
})

export const valuesOf = (draft: StatusPageDraft): StatusPageValues => ({
  name: draft.name,
  // Empty: missing, which the schema says as "The public id is required."
  slug: draft.slug.trim() === '' ? undefined : draft.slug,
  description: draft.description,
  // An empty address: no logo.
  logo_url: draft.logo_url.trim() === '' ? null : draft.logo_url.trim(),
  show_response_times: draft.show_response_times,
  published: draft.published,
  components: draft.components.map(({ monitor_id, display_name, group }) => ({ monitor_id, display_name, group })),
})

/** The list with the item at `index` moved by `delta` places (kept inside the list). */
export const moved = <T>(list: readonly T[], index: number, delta: number): T[] => {
  const to = Math.min(list.length - 1, Math.max(0, index + delta))
  const next = [...list]
  const [item] = next.splice(index, 1)
  if (item === undefined) return next
  next.splice(to, 0, item)
  return next
}
