import { Hono } from 'hono'
import * as v from 'valibot'
import { type OneTag, TagInput, type TagList, TagPatch } from '@vigil/domain/tags'
import { tagsService } from '../services/tags.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/tags: the user's tags, which monitors carry through `PUT /api/monitors/{id}/tags` and the list's bulk action.

const TagIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'Tag not found.')) })

export const tagRoutes = (deps: Deps) => {
  const tags = tagsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ data: (await tags.list(c.get('session').userId)) satisfies TagList }))
    .post('/', validate('json', TagInput), async (c) =>
      c.json({ data: { tag: await tags.create(c.get('session').userId, c.req.valid('json')) } satisfies OneTag }, 201),
    )
    .patch('/:id', validate('param', TagIdParam), validate('json', TagPatch), async (c) =>
      c.json({
        data: {
          tag: await tags.update(c.get('session').userId, c.req.valid('param').id, c.req.valid('json')),
        } satisfies OneTag,
      }),
    )
    .delete('/:id', validate('param', TagIdParam), async (c) => {
      await tags.remove(c.get('session').userId, c.req.valid('param').id)
      return c.body(null, 204)
    })
}
