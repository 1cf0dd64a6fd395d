import { fieldErrors } from '@vigil/domain/form-validation'
import {
  type Maintenance,
  MaintenanceInput,
  MarkdownPreviewInput,
  type StatusComponentInput,
  type StatusIncident,
  StatusIncidentInput,
  StatusIncidentUpdateInput,
  type StatusPage,
  StatusPageInput,
  StatusPagePatch,
} from '@vigil/domain/status-page.schema'
import { publishedOutage } from '@vigil/domain/status-page-manage'
import { maintenanceState } from '@vigil/domain/status-rules'
import * as v from 'valibot'
import { repos as reposOf } from '../db/repos/index.ts'
import type { MaintenanceRow } from '../db/repos/maintenance.repo.ts'
import type { MonitorRecord } from '../db/repos/monitors.repo.ts'
import type { StatusIncidentRow, StatusIncidentUpdateRow } from '../db/repos/status-incidents.repo.ts'
import type { StatusComponentRow, StatusPageRow } from '../db/repos/status-pages.repo.ts'
import { Failure, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { renderMarkdown } from '../status/markdown.ts'
import type { Deps } from './deps.ts'
import { assertFeature } from './subscriptions.service.ts'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const invalid = (issues: v.BaseIssue<unknown>[], what: string) => {
  const errors = fieldErrors(issues)
  return new Failure('invalid', Object.values(errors)[0] ?? `Invalid ${what}.`, errors)
}

const parse = <S extends v.GenericSchema>(schema: S, body: unknown, what: string): v.InferOutput<S> => {
  const result = v.safeParse(schema, body)
  if (!result.success) throw invalid(result.issues, what)
  return result.output
}

export const statusPageLimitMessage = (plan: string, max: number) =>
  `Your ${plan} plan allows ${max === 1 ? '1 status page' : `up to ${max} status pages`}. Delete one or upgrade your plan to add more.`

const SLUG_TAKEN = 'This public id is taken: choose another.'

export const statusPagesService = (deps: Deps) => {
  const { repos, clock, database, config } = deps
  const feature = (userId: string) => assertFeature(repos, userId, 'Status Page', clock.now())

  const owned = async (userId: string, pageId: string) => {
    const page = await repos.statusPages.findOwned(userId, pageId)
    if (!page) throw notFound('Status page')
    return page
  }

  /** The page as its owner sees it, with each component's monitor. */
  const toStatusPage = (
    page: StatusPageRow,
    components: StatusComponentRow[],
    monitors: Map<string, MonitorRecord>,
  ): StatusPage => ({
    id: page.page_id,
    name: page.name,
    slug: page.slug,
    description: page.description,
    logo_url: page.logo_url,
    show_response_times: page.show_response_times === 1,
    published: page.published === 1,
    unpublished_by_plan: page.unpublished_by_plan === 1,
    public_url: `${config.appUrl}/status/${page.slug}`,
    components: components
      .filter((c) => c.page_id === page.page_id)
      .map((c) => {
        const m = monitors.get(c.monitor_id)
        return {
          id: c.component_id,
          monitor_id: c.monitor_id,
          display_name: c.display_name,
          group: c.group_name,
          monitor: { name: m?.name ?? '', type: m?.type ?? '', status: m?.status ?? 'pending' },
        }
      }),
    created_at: new Date(page.created_at).toISOString(),
    updated_at: new Date(page.updated_at).toISOString(),
  })

  const view = async (userId: string, pages: StatusPageRow[]) => {
    const [components, monitors] = await Promise.all([
      repos.statusPages.componentsOf(pages.map((p) => p.page_id)),
      repos.monitors.listOwned(userId),
    ])
    const byId = new Map(monitors.map((m) => [m.monitor_id, m]))
    return pages.map((p) => toStatusPage(p, components, byId))
  }

  /** Components as rows: each monitor must be the user's; a monitor already on the page keeps its component id. */
  const componentRows = async (
    userId: string,
    pageId: string,
    inputs: StatusComponentInput[],
    existing: StatusComponentRow[],
  ): Promise<StatusComponentRow[]> => {
    const mine = new Set((await repos.monitors.listOwned(userId)).map((m) => m.monitor_id))
    const unknown = inputs.findIndex((c) => !mine.has(c.monitor_id))
    if (unknown !== -1) {
      const message = `Unknown monitor: ${inputs[unknown]?.monitor_id}. Choose among your monitors.`
      throw new Failure('invalid', message, { [`components.${unknown}.monitor_id`]: message })
    }
    return inputs.map((c, position) => ({
      component_id: existing.find((e) => e.monitor_id === c.monitor_id)?.component_id ?? newId(),
      page_id: pageId,
      monitor_id: c.monitor_id,
      display_name: c.display_name,
      group_name: c.group,
      position,
    }))
  }

  const slugFree = async (slug: string, pageId?: string) => {
    const other = await repos.statusPages.findBySlug(slug)
    if (other && other.page_id !== pageId) throw new Failure('conflict', SLUG_TAKEN, { slug: SLUG_TAKEN })
  }

  /** Writes a page; when another request took the slug since `slugFree` looked, the unique index says so: 409. */
  const writingSlug = async (slug: string | undefined, pageId: string, write: () => Promise<void>) => {
    try {
      await write()
    } catch (err) {
      if (slug !== undefined) await slugFree(slug, pageId)
      throw err
    }
  }

  const componentIdsOf = async (pageId: string, ids: readonly string[]) => {
    const known = new Set((await repos.statusPages.componentsOf([pageId])).map((c) => c.component_id))
    const unknown = ids.find((id) => !known.has(id))
    if (unknown !== undefined) {
      const message = `Unknown component: ${unknown}. Choose among the page's components.`
      throw new Failure('invalid', message, { component_ids: message })
    }
    return [...new Set(ids)]
  }

  const toIncident = (
    row: StatusIncidentRow,
    updates: StatusIncidentUpdateRow[],
    componentIds: string[],
  ): StatusIncident => ({
    id: row.status_incident_id,
    title: row.title,
    impact: row.impact,
    status: row.status,
    started_at: new Date(row.started_at).toISOString(),
    resolved_at: iso(row.resolved_at),
    component_ids: componentIds,
    monitor_incident_id: row.monitor_incident_id,
    updates: updates.map((u) => ({
      id: u.update_id,
      status: u.status,
      message: u.message,
      created_at: new Date(u.created_at).toISOString(),
    })),
  })

  const incidentOf = async (pageId: string, incidentId: string) => {
    const all = await repos.statusIncidents.ofPage(pageId, 0)
    const found = all.find((i) => i.incident.status_incident_id === incidentId)
    if (!found) throw notFound('Incident')
    return toIncident(found.incident, found.updates, found.componentIds)
  }

  const toMaintenance = (row: MaintenanceRow, componentIds: string[]): Maintenance => ({
    id: row.maintenance_id,
    title: row.title,
    description: row.description,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    component_ids: componentIds,
    state: maintenanceState(row, clock.now()),
  })

  return {
    list: async (userId: string) => {
      const subscription = await feature(userId)
      const pages = await repos.statusPages.listOwned(userId)
      return {
        status_pages: await view(userId, pages),
        limit: { max: subscription.plan.limits.max_status_pages, used: pages.length },
      }
    },

    get: async (userId: string, pageId: string) => (await view(userId, [await owned(userId, pageId)]))[0] as StatusPage,

    create: async (userId: string, body: unknown) => {
      const input = parse(StatusPageInput, body, 'status page')
      const subscription = await feature(userId)
      const max = subscription.plan.limits.max_status_pages
      if ((await repos.statusPages.countOwned(userId)) >= max)
        throw new Failure('forbidden', statusPageLimitMessage(subscription.title, max))
      await slugFree(input.slug)
      const now = clock.now()
      const page: StatusPageRow = {
        page_id: newId(),
        user_id: userId,
        name: input.name,
        slug: input.slug,
        description: input.description,
        logo_url: input.logo_url,
        show_response_times: input.show_response_times ? 1 : 0,
        published: input.published ? 1 : 0,
        unpublished_by_plan: 0,
        created_at: now,
        updated_at: now,
      }
      const components = await componentRows(userId, page.page_id, input.components, [])
      await writingSlug(page.slug, page.page_id, () =>
        database.db.transaction().execute(async (trx) => {
          const r = reposOf(trx)
          await r.statusPages.insert(page)
          await r.statusPages.replaceComponents(page.page_id, components)
        }),
      )
      return (await view(userId, [page]))[0] as StatusPage
    },

    update: async (userId: string, pageId: string, body: unknown) => {
      const page = await owned(userId, pageId)
      const patch = parse(StatusPagePatch, body, 'status page')
      await feature(userId)
      if (patch.slug !== undefined) await slugFree(patch.slug, pageId)
      const components =
        patch.components === undefined
          ? undefined
          : await componentRows(userId, pageId, patch.components, await repos.statusPages.componentsOf([pageId]))
      await writingSlug(patch.slug, pageId, () =>
        database.db.transaction().execute(async (trx) => {
          const r = reposOf(trx)
          await r.statusPages.update(pageId, {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.slug !== undefined && { slug: patch.slug }),
            ...(patch.description !== undefined && { description: patch.description }),
            ...(patch.logo_url !== undefined && { logo_url: patch.logo_url }),
            ...(patch.show_response_times !== undefined && { show_response_times: patch.show_response_times ? 1 : 0 }),
            // Published or not by hand: no longer the plan's doing.
            ...(patch.published !== undefined && { published: patch.published ? 1 : 0, unpublished_by_plan: 0 }),
            updated_at: clock.now(),
          })
          if (components) await r.statusPages.replaceComponents(pageId, components)
        }),
      )
      return { page: (await view(userId, [await owned(userId, pageId)]))[0] as StatusPage, oldSlug: page.slug }
    },

    remove: async (userId: string, pageId: string) => {
      const page = await owned(userId, pageId)
      await repos.statusPages.delete(pageId)
      return page.slug
    },

    incidents: async (userId: string, pageId: string) => {
      await owned(userId, pageId)
      return (await repos.statusIncidents.ofPage(pageId, 0)).map((i) =>
        toIncident(i.incident, i.updates, i.componentIds),
      )
    },

    /** Posts an incident, or publishes one the engine opened (one click), on a page of the user's. */
    postIncident: async (userId: string, pageId: string, body: unknown) => {
      const page = await owned(userId, pageId)
      const input = parse(StatusIncidentInput, body, 'incident')
      const now = clock.now()
      const incidentId = newId()
      let row: StatusIncidentRow
      let componentIds: string[]
      let message: string
      if ('from_incident_id' in input) {
        const engine = await repos.incidents.findOwned(userId, input.from_incident_id)
        if (!engine) throw notFound('Incident')
        const component = (await repos.statusPages.componentsOf([pageId])).find(
          (c) => c.monitor_id === engine.monitor_id,
        )
        if (!component)
          throw new Failure('invalid', 'This incident is about a monitor that is not on this page: add it first.')
        // A second click would show the same outage twice.
        if (await repos.statusIncidents.findPublished(pageId, engine.incident_id))
          throw new Failure('conflict', 'This incident is already on this page.')
        // The page says what is affected in the owner's words (those reviewed before publishing, or the product's
        // in the component's public name), never the check's error (it may name a host).
        const words = publishedOutage(component, engine)
        row = {
          status_incident_id: incidentId,
          page_id: pageId,
          title: input.title ?? words.title,
          impact: words.impact,
          status: words.status,
          started_at: engine.started_at,
          resolved_at: engine.resolved_at,
          monitor_incident_id: engine.incident_id,
          created_at: now,
        }
        componentIds = [component.component_id]
        message = input.message ?? words.message
      } else {
        row = {
          status_incident_id: incidentId,
          page_id: pageId,
          title: input.title,
          impact: input.impact,
          status: input.status,
          started_at: now,
          resolved_at: input.status === 'resolved' ? now : null,
          monitor_incident_id: null,
          created_at: now,
        }
        componentIds = await componentIdsOf(pageId, input.component_ids)
        message = input.message
      }
      await database.db.transaction().execute(async (trx) =>
        reposOf(trx).statusIncidents.insert(row, componentIds, {
          update_id: newId(),
          status_incident_id: incidentId,
          status: row.status,
          message,
          created_at: now,
        }),
      )
      return { incident: await incidentOf(pageId, incidentId), slug: page.slug }
    },

    /** The owner's Markdown as the public page shows it, to preview a post before anything is public. */
    previewMarkdown: async (userId: string, pageId: string, body: unknown) => {
      await owned(userId, pageId)
      return { html: renderMarkdown(parse(MarkdownPreviewInput, body, 'preview').markdown) }
    },

    addUpdate: async (userId: string, pageId: string, incidentId: string, body: unknown) => {
      const page = await owned(userId, pageId)
      const incident = await repos.statusIncidents.find(pageId, incidentId)
      if (!incident) throw notFound('Incident')
      const input = parse(StatusIncidentUpdateInput, body, 'update')
      const now = clock.now()
      await database.db.transaction().execute(async (trx) =>
        reposOf(trx).statusIncidents.addUpdate(
          {
            update_id: newId(),
            status_incident_id: incidentId,
            status: input.status,
            message: input.message,
            created_at: now,
          },
          input.status === 'resolved' ? (incident.resolved_at ?? now) : null,
        ),
      )
      return { incident: await incidentOf(pageId, incidentId), slug: page.slug }
    },

    deleteIncident: async (userId: string, pageId: string, incidentId: string) => {
      const page = await owned(userId, pageId)
      if (!(await repos.statusIncidents.find(pageId, incidentId))) throw notFound('Incident')
      await repos.statusIncidents.delete(incidentId)
      return page.slug
    },

    maintenance: async (userId: string, pageId: string) => {
      await owned(userId, pageId)
      // Windows to come and those of the last 30 days: old ones would crowd out the next.
      const since = clock.now() - 30 * 86_400_000
      return (await repos.maintenance.ofPage(pageId, since)).map((m) => toMaintenance(m.window, m.componentIds))
    },

    scheduleMaintenance: async (userId: string, pageId: string, body: unknown) => {
      const page = await owned(userId, pageId)
      const input = parse(MaintenanceInput, body, 'maintenance')
      if (Date.parse(input.ends_at) <= clock.now()) {
        const message = 'This window has already ended: choose an end in the future.'
        throw new Failure('invalid', message, { ends_at: message })
      }
      const componentIds = await componentIdsOf(pageId, input.component_ids)
      const row: MaintenanceRow = {
        maintenance_id: newId(),
        page_id: pageId,
        title: input.title,
        description: input.description,
        starts_at: Date.parse(input.starts_at),
        ends_at: Date.parse(input.ends_at),
        created_at: clock.now(),
      }
      await database.db.transaction().execute(async (trx) => reposOf(trx).maintenance.insert(row, componentIds))
      return { maintenance: toMaintenance(row, componentIds), slug: page.slug }
    },

    cancelMaintenance: async (userId: string, pageId: string, maintenanceId: string) => {
      const page = await owned(userId, pageId)
      if (!(await repos.maintenance.find(pageId, maintenanceId))) throw notFound('Maintenance')
      await repos.maintenance.delete(maintenanceId)
      return page.slug
    },
  }
}
