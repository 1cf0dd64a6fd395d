import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { ArrowLeft, RefreshCw } from 'lucide-react'
import { type ReactNode, useCallback, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { css, cx } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import type { CloudAccountApi } from '../../../adapters/cloud-api.ts'
import { cloudPageLogic } from '../../../adapters/cloud-flows.actors.ts'
import { CLOUD_PROVIDER_WORDS, type CloudPart, type CloudProvider } from '@vigil/domain/cloud-account'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { formatAgo, formatDateTime } from '../monitors/format.ts'
import { LazyMonitorForm } from '../monitors/LazyMonitorForm.tsx'
import { useMinInterval } from '../monitors/MonitorListPage.tsx'
import { useLiveRefresh } from '../monitors/use-live-refresh.ts'
import { usePageVisibility } from '../monitors/use-page-visibility.ts'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { ACCOUNT_STATUS, type AccountPageLink, type CloudAccountView } from './cloud-pages.ts'

/** What every page of a connected account answers: the account, and how each part of its last read went. */
export interface CloudPageData {
  account: CloudAccountView
  parts: CloudPart[]
}

/** "Monitor this": opens the monitor form with these fields filled in (the account's id is added). */
export type MonitorThis = (preset: Record<string, string>) => void

/** A provider's account pages: where its list is, its pages, how its account and a read's areas are named. */
export interface CloudPagesOf<T extends CloudPageData> {
  provider: CloudProvider
  api: Pick<CloudAccountApi<unknown>, 'sync'>
  /** The provider's list page, which the back link opens. */
  listPath: string
  /** The account's pages, shown as tabs. */
  links: (accountId: string) => AccountPageLink[]
  /** Who the account is at the provider, under the title ("AWS account 123456789012"). */
  identity: (account: T['account']) => ReactNode
  /** The words of a read's areas, for the notes of what failed. */
  areas: Record<string, string>
  /** The type of the monitors "Monitor this" adds, where the pages offer it. */
  monitorType?: MonitorType
  /** What to allow or grant for a denied part's action (an IAM action, an Azure role, a Graph permission). */
  grant: (action: string) => ReactNode
}

const tabs = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border',
  pb: '1',
})
// The pages' links look like ghost buttons; the page shown is marked.
const tab = cx(
  button({ variant: 'ghost', size: 'sm' }),
  css({ '&[aria-current=page]': { bg: 'navy.50', color: 'primary' } }),
)
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'primary' })

/** A failed part of the last read: what could not be read where, why, and what to allow for it. */
function PartNote({
  part,
  now,
  areas,
  grant,
}: {
  part: CloudPart
  now: number
  areas: Record<string, string>
  grant: (action: string) => ReactNode
}) {
  const area = areas[part.area] ?? part.area
  return (
    <li>
      <strong>
        {area}
        {part.scope ? ` in ${part.scope}` : ''}:
      </strong>{' '}
      {part.message}
      {part.action && part.kind === 'denied' && <> {grant(part.action)}</>}{' '}
      {part.read_at ? `Shown as read ${formatAgo(part.read_at, now)}.` : 'Never read.'}
    </li>
  )
}

/**
 * A page of a connected account (spec: services/aws_monitoring/{iamUserId}/{page}, services/azure_monitoring/…,
 * services/microsoft365/accounts/{tenantId}), behind the plan gate: the account's name and state, its pages, Refresh
 * (reads the account from the provider again), the parts of the last read that failed with what to allow, and the
 * page's own body.
 */
export function CloudAccountPage<T extends CloudPageData>(props: {
  of: CloudPagesOf<T>
  accountId: string
  /** Tells one page of an account from another: a new page starts afresh. */
  page: string
  title: string
  read: () => Promise<T>
  children: (data: T, monitor: MonitorThis) => ReactNode
}) {
  return (
    <FeatureGate feature={CLOUD_PROVIDER_WORDS[props.of.provider].feature}>
      <AccountPage key={`${props.accountId}/${props.page}`} {...props} />
    </FeatureGate>
  )
}

function AccountPage<T extends CloudPageData>({
  of,
  accountId,
  title,
  read,
  children,
}: {
  of: CloudPagesOf<T>
  accountId: string
  title: string
  read: () => Promise<T>
  children: (data: T, monitor: MonitorThis) => ReactNode
}) {
  // Made once per page shown (the component is keyed by account and page).
  const [logic] = useState(() => cloudPageLogic(of.api, accountId, read))
  const words = CLOUD_PROVIDER_WORDS[of.provider]
  const fx = useEffects()
  const actor = useActorRef(logic)
  usePageVisibility(actor)
  // Loaded again when the account is read (live), polled only while the live stream is lost.
  useLiveRefresh(actor, (e) => e.kind === 'cloud' && e.account_id === accountId)
  const data = useSelector(actor, (s) => s.context.data)
  const error = useSelector(actor, (s) => s.context.error)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const refreshing = useSelector(actor, (s) => s.matches('renewing'))
  const minInterval = useMinInterval()
  const [preset, setPreset] = useState<Record<string, string> | null>(null)
  const closeForm = useCallback(() => setPreset(null), [])
  const saved = useCallback(
    (monitor: { name: string } | null) => {
      setPreset(null)
      if (monitor) fx.toast({ title: `${monitor.name} is watched now`, type: 'success' })
    },
    [fx],
  )
  const monitor = useCallback(
    (fields: Record<string, string>) => setPreset({ account_id: accountId, ...fields }),
    [accountId],
  )
  const account = data?.account as T['account'] | undefined
  const now = Date.now()
  const failedParts = data?.parts.filter((p) => !p.ok) ?? []
  const status = account ? ACCOUNT_STATUS[account.status] : null

  return (
    <section className={pageLayout} aria-labelledby="account-page-title">
      <Link to={of.listPath} className={back}>
        <ArrowLeft aria-hidden="true" size={16} /> {words.accounts}
      </Link>
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id="account-page-title">{account ? `${account.name}: ${title}` : title}</PageHeader.Title>
          {account && status && (
            <PageHeader.Description display="flex" gap="2" flexWrap="wrap" alignItems="center">
              <Chip tone={status.tone}>{status.label}</Chip>
              <span>
                {of.identity(account)} ·{' '}
                {account.synced_at ? (
                  <>
                    read <time dateTime={account.synced_at}>{formatAgo(account.synced_at, now)}</time>
                  </>
                ) : (
                  'waiting for its first read'
                )}
              </span>
            </PageHeader.Description>
          )}
        </PageHeader.Content>
        {data && (
          <PageHeader.Actions>
            <Button variant="outline" disabled={refreshing} onClick={() => actor.send({ type: 'poll.renew' })}>
              <RefreshCw aria-hidden="true" /> {refreshing ? `Reading from ${words.source}...` : 'Refresh'}
            </Button>
          </PageHeader.Actions>
        )}
      </PageHeader.Root>

      <nav aria-label="Account pages">
        <div className={tabs}>
          {of.links(accountId).map((p) => (
            <NavLink key={p.to} to={p.to} className={tab}>
              {p.label}
            </NavLink>
          ))}
        </div>
      </nav>

      {error && <RetryAlert onRetry={() => actor.send({ type: 'poll.refresh' })}>{error}</RetryAlert>}
      {!data && !failed && <LoadingCard />}

      {account?.last_error && (
        <Alert.Root role="alert" status="error">
          <Alert.Description>
            {words.source} refused the credentials: {account.last_error} Edit the {words.account} on{' '}
            <Link to={of.listPath}>{words.feature}</Link> to give it working ones.
          </Alert.Description>
        </Alert.Root>
      )}
      {account?.status === 'pending' && (
        <Alert.Root role="status" status="info">
          <Alert.Description>
            Vigil is reading this {words.account} for the first time; the page fills in by itself.
          </Alert.Description>
        </Alert.Root>
      )}
      {failedParts.length > 0 && (
        <Alert.Root role="status" status="warning">
          <Alert.Description>
            Part of this page could not be read
            {account?.synced_at && ` at ${formatDateTime(account.synced_at)}`}:
            <ul className={css({ mt: '1', pl: '5', listStyle: 'disc' })}>
              {failedParts.map((p) => (
                <PartNote key={`${p.area}/${p.scope}`} part={p} now={now} areas={of.areas} grant={of.grant} />
              ))}
            </ul>
          </Alert.Description>
        </Alert.Root>
      )}

      {data && children(data, monitor)}

      {preset && of.monitorType && (
        <LazyMonitorForm
          type={of.monitorType}
          monitor={null}
          preset={preset}
          minIntervalSeconds={minInterval}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
    </section>
  )
}
