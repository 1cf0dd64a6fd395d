import type { StatusPage } from '@vigil/domain/status-page.schema'
import { useSelector } from '../../app/actor-hooks.ts'
import { Plus } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import type { Effects } from '../../../adapters/flows.actors.ts'
import { statusPagesLogic } from '../../../adapters/status-page-flows.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { CardList, ListLoad, LoadingCard, StackedPage, useEditing, useListFlow } from '../PageParts.tsx'
import { LazyStatusPageForm } from './LazyDialogs.tsx'
import { StatusPageCard } from './StatusPageCard.tsx'

// One page's incidents and maintenance load when it is opened (`?id=`).
const StatusPageManage = lazy(() => import('./StatusPageManage.tsx').then((m) => ({ default: m.StatusPageManage })))

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
        <Suspense fallback={<LoadingCard />}>
          <StatusPageManage key={id} pageId={id} />
        </Suspense>
      ) : (
        <StatusPages />
      )}
    </FeatureGate>
  )
}

const makeLogic = (fx: Effects) => statusPagesLogic(statusPagesApi, fx)

function StatusPages() {
  const { page: pages, error, ready, failed, confirming, removing, removal } = useListFlow(makeLogic)
  const list = useSelector(pages, (s) => s.context.list)
  const { editing, open, close, saved } = useEditing<StatusPage>((page) =>
    pages.send({ type: 'statusPage.saved', page }),
  )
  const refresh = () => pages.send({ type: 'statusPages.refresh' })
  const create = () => open(null)
  const createButton = (
    <Button onClick={create}>
      <Plus aria-hidden="true" /> Create status page
    </Button>
  )
  const all = list?.status_pages ?? []

  return (
    <StackedPage
      id="status-pages-title"
      title="Status Page"
      description={
        <>
          Public pages that tell your customers how your services are doing.
          {list && (
            <span data-testid="status-page-limit">
              {' '}
              {list.limit.used} of {list.limit.max} {list.limit.max === 1 ? 'page' : 'pages'} on your plan.
            </span>
          )}
        </>
      }
      actions={ready && all.length > 0 && createButton}
    >
      <ListLoad ready={ready} failed={failed} error={error} loaded={list !== null} onRetry={refresh} />

      {ready && (
        <CardList
          items={all}
          empty={
            <EmptyState.Root variant="card">
              <EmptyState.Title>No status pages yet</EmptyState.Title>
              <EmptyState.Description>
                A status page is a public web page that shows your customers whether your services are working: the
                current state of the monitors you choose, under the names you give them, their uptime history, the
                incidents you post and the maintenance you schedule.
              </EmptyState.Description>
              <EmptyState.Description>
                It lives at its own address on this site, which you can share or link from your app. It stays a draft,
                seen by nobody, until you publish it.
              </EmptyState.Description>
              <EmptyState.Actions>{createButton}</EmptyState.Actions>
            </EmptyState.Root>
          }
        >
          {(page) => (
            <StatusPageCard
              key={page.id}
              page={page}
              onEdit={() => open(page)}
              onDelete={() => pages.send({ type: 'statusPage.delete', page })}
            />
          )}
        </CardList>
      )}

      {editing && <LazyStatusPageForm page={editing.item} onSaved={saved} onClose={close} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        deleted={removal && { kind: 'status page', name: removal.name }}
        onConfirm={() => pages.send({ type: 'statusPage.confirm' })}
        onCancel={() => pages.send({ type: 'statusPage.cancel' })}
      />
    </StackedPage>
  )
}
