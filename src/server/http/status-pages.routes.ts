import type { Message } from '@vigil/domain/api-message'
import type {
  MaintenanceList,
  MarkdownPreview,
  OneMaintenance,
  OneStatusIncident,
  OneStatusPage,
  StatusIncidentList,
  StatusPageList,
} from '@vigil/domain/status-page.schema'
import { Hono } from 'hono'
import * as v from 'valibot'
import { statusPagesService } from '../services/status-pages.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { statusCache } from './status-cache.ts'
import { jsonObject, validate } from './validate.ts'

const id = (label: string) => v.pipe(v.string(), v.maxLength(64, `The ${label} id is too long.`))
const PageParam = v.object({ id: id('status page') })
const IncidentParam = v.object({ id: id('status page'), incidentId: id('incident') })
const MaintenanceParam = v.object({ id: id('status page'), maintenanceId: id('maintenance') })

/** Managing status pages, their incidents and maintenance. A change shows on the public page at once. */
export const statusPageRoutes = (deps: Deps) => {
  const pages = statusPagesService(deps)
  const forgetStatusPage = (slug: string) => statusCache(deps).forget(slug)
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ data: (await pages.list(userOf(c))) satisfies StatusPageList }))
    .post('/', async (c) => {
      const page = await pages.create(userOf(c), await jsonObject(c, 'status page'))
      return c.json({ data: { status_page: page } satisfies OneStatusPage }, 201)
    })
    .get('/:id', validate('param', PageParam), async (c) =>
      c.json({ data: { status_page: await pages.get(userOf(c), c.req.valid('param').id) } satisfies OneStatusPage }),
    )
    .patch('/:id', validate('param', PageParam), async (c) => {
      const { page, oldSlug } = await pages.update(
        userOf(c),
        c.req.valid('param').id,
        await jsonObject(c, 'status page'),
      )
      forgetStatusPage(oldSlug)
      forgetStatusPage(page.slug)
      return c.json({ data: { status_page: page } satisfies OneStatusPage })
    })
    .delete('/:id', validate('param', PageParam), async (c) => {
      forgetStatusPage(await pages.remove(userOf(c), c.req.valid('param').id))
      return c.json({ data: { message: 'Status page deleted.' } satisfies Message })
    })
    .get('/:id/incidents', validate('param', PageParam), async (c) =>
      c.json({
        data: { incidents: await pages.incidents(userOf(c), c.req.valid('param').id) } satisfies StatusIncidentList,
      }),
    )
    .post('/:id/incidents', validate('param', PageParam), async (c) => {
      const { incident, slug } = await pages.postIncident(
        userOf(c),
        c.req.valid('param').id,
        await jsonObject(c, 'incident'),
      )
      forgetStatusPage(slug)
      return c.json({ data: { incident } satisfies OneStatusIncident }, 201)
    })
    .post('/:id/preview', validate('param', PageParam), async (c) =>
      c.json({
        data: (await pages.previewMarkdown(
          userOf(c),
          c.req.valid('param').id,
          await jsonObject(c, 'preview'),
        )) satisfies MarkdownPreview,
      }),
    )
    .post('/:id/incidents/:incidentId/updates', validate('param', IncidentParam), async (c) => {
      const { id: pageId, incidentId } = c.req.valid('param')
      const { incident, slug } = await pages.addUpdate(userOf(c), pageId, incidentId, await jsonObject(c, 'update'))
      forgetStatusPage(slug)
      return c.json({ data: { incident } satisfies OneStatusIncident }, 201)
    })
    .delete('/:id/incidents/:incidentId', validate('param', IncidentParam), async (c) => {
      const { id: pageId, incidentId } = c.req.valid('param')
      forgetStatusPage(await pages.deleteIncident(userOf(c), pageId, incidentId))
      return c.json({ data: { message: 'Incident deleted.' } satisfies Message })
    })
    .get('/:id/maintenance', validate('param', PageParam), async (c) =>
      c.json({
        data: { maintenance: await pages.maintenance(userOf(c), c.req.valid('param').id) } satisfies MaintenanceList,
      }),
    )
    .post('/:id/maintenance', validate('param', PageParam), async (c) => {
      const { maintenance, slug } = await pages.scheduleMaintenance(
        userOf(c),
        c.req.valid('param').id,
        await jsonObject(c, 'maintenance'),
      )
      forgetStatusPage(slug)
      return c.json({ data: { maintenance } satisfies OneMaintenance }, 201)
    })
    .delete('/:id/maintenance/:maintenanceId', validate('param', MaintenanceParam), async (c) => {
      const { id: pageId, maintenanceId } = c.req.valid('param')
      forgetStatusPage(await pages.cancelMaintenance(userOf(c), pageId, maintenanceId))
      return c.json({ data: { message: 'Maintenance cancelled.' } satisfies Message })
    })
}
