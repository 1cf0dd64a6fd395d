import { useActorRef, useSelector } from '@xstate/react'
import { Plus } from 'lucide-react'
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { statusPagesLogic } from '../../../adapters/status-page-flows.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import type { StatusPage } from '../../../domain/status-page.schema.ts'
import { useEffects } from '../../app/effects.ts'
import { Button } from '../../components/button.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { alertBox } from '../monitors/table-styles.ts'
import { card, pageTitle } from '../page-styles.ts'
import { LazyStatusPageForm } from './LazyDialogs.tsx'
import { StatusPageCard } from './StatusPageCard.tsx'

// One page's incidents and maintenance load when it is opened (`?id=`).
const StatusPageManage = lazy(() => import('./StatusPageManage.tsx').then((m) => ({ default: m.StatusPageManage })))

type FormState = { page: StatusPage | null } | null

/**
 * /status_page: the user's public status pages. With `?id=` it is one page's incidents and maintenance (the
 * spec has one route for status pages).
 */
export function StatusPagesPage() {
  const [search] = useSearchParams()
  const id = search.get('id')
  return (
    <FeatureGate feature="Status Page">
      {id ? (
        <Suspense
          fallback={
            <p role="status" className={card}>
              Loading...
            </p>
          }
        >
          <StatusPageManage key={id} pageId={id} />
        </Suspense>
      ) : (
        <StatusPages />
      )}
    </FeatureGate>
  )
}

function StatusPages() {
  const fx = useEffects()
  const logic = useMemo(() => statusPagesLogic(statusPagesApi, fx), [fx])
  const pages = useActorRef(logic)
  const list = useSelector(pages, (s) => s.context.list)
  const error = useSelector(pages, (s) => s.context.error)
  const failed = useSelector(pages, (s) => s.matches('failed'))
  const ready = useSelector(pages, (s) => s.matches('ready'))
  const confirming = useSelector(pages, (s) => s.matches({ ready: { removal: 'confirming' } }))
  const removing = useSelector(pages, (s) => s.matches({ ready: { removal: 'removing' } }))
  const [form, setForm] = useState<FormState>(null)
  const closeForm = useCallback(() => setForm(null), [])
  const saved = useCallback(
    (page: StatusPage | null) => {
      if (page) pages.send({ type: 'statusPage.saved', page })
    },
    [pages],
  )
  const refresh = () => pages.send({ type: 'statusPages.refresh' })
  const create = () => setForm({ page: null })
  const all = list?.status_pages ?? []

  return (
    <section
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
      aria-labelledby="status-pages-title"
    >
      <header className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1 1 20rem', minW: '0' })}>
          <h1 id="status-pages-title" className={pageTitle}>
            Status Page
          </h1>
          <p className={css({ color: 'muted' })}>
            Public pages that tell your customers how your services are doing.
            {list && (
              <span data-testid="status-page-limit">
                {' '}
                {list.limit.used} of {list.limit.max} {list.limit.max === 1 ? 'page' : 'pages'} on your plan.
              </span>
            )}
          </p>
        </div>
        {ready && all.length > 0 && (
          <Button onClick={create}>
            <Plus aria-hidden="true" /> Create status page
          </Button>
        )}
      </header>

      {(failed || (ready && error)) && (
        <div role="alert" className={alertBox}>
          <span>{ready ? `Could not refresh the list: ${error}` : error}</span>
          <Button size="sm" variant="outline" onClick={refresh}>
            Try again
          </Button>
        </div>
      )}

      {!list && !failed && (
        <p role="status" className={card}>
          Loading...
        </p>
      )}

      {ready &&
        (all.length === 0 ? (
          <div className={card}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' })}>No status pages yet</h2>
            <p className={css({ color: 'muted', mb: '2' })}>
              A status page is a public web page that shows your customers whether your services are working: the
              current state of the monitors you choose, under the names you give them, their uptime history, the
              incidents you post and the maintenance you schedule.
            </p>
            <p className={css({ color: 'muted', mb: '4' })}>
              It lives at its own address on this site, which you can share or link from your app. It stays a draft,
              seen by nobody, until you publish it.
            </p>
            <Button onClick={create}>
              <Plus aria-hidden="true" /> Create status page
            </Button>
          </div>
        ) : (
          <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
            {all.map((page) => (
              <StatusPageCard
                key={page.id}
                page={page}
                onEdit={() => setForm({ page })}
                onDelete={() => pages.send({ type: 'statusPage.delete', page })}
              />
            ))}
          </ul>
        ))}

      {form && <LazyStatusPageForm page={form.page} onSaved={saved} onClose={closeForm} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        onConfirm={() => pages.send({ type: 'statusPage.confirm' })}
        onCancel={() => pages.send({ type: 'statusPage.cancel' })}
      />
    </section>
  )
}
