import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, RefreshCw } from 'lucide-react'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { Link, NavLink, useParams } from 'react-router'
import { css, cx } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { type AwsPageData, type AwsPageId, awsApi } from '../../../adapters/aws-api.ts'
import { awsPageLogic } from '../../../adapters/aws-flows.actors.ts'
import type { CloudPart } from '../../../domain/cloud-account.ts'
import { MONITOR_TYPE_PAGES } from '../../../domain/monitor-types/pages.ts'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { formatAgo, formatDateTime } from '../monitors/format.ts'
import { LazyMonitorForm } from '../monitors/LazyMonitorForm.tsx'
import { useMinInterval } from '../monitors/MonitorListPage.tsx'
import { usePageVisibility } from '../monitors/use-page-visibility.ts'
import { LoadingCard, pageLayout, RetryAlert } from '../PageParts.tsx'
import { ACCOUNT_STATUS, AWS_PAGES, awsPagePath } from './aws-pages.ts'

/** What a page's body gets: the page's data, and "Monitor this" with the fields of the monitor to add. */
export interface AwsPageBodyProps<P extends AwsPageId> {
  data: AwsPageData<P>
  monitor: (preset: Record<string, string>) => void
}

/** The words of a sync's areas, for the notes of what failed. */
const AREA_LABELS: Record<string, string> = {
  ec2: 'EC2 instances',
  ec2_status: 'EC2 status checks',
  ec2_cpu: 'EC2 CPU from CloudWatch',
  rds: 'RDS DB instances',
  amplify: 'Amplify apps',
  lightsail: 'Lightsail instances',
  costs: 'Costs from Cost Explorer',
  cost_forecast: 'The cost forecast',
  health: 'AWS Health events',
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
function PartNote({ part, now }: { part: CloudPart; now: number }) {
  const area = AREA_LABELS[part.area] ?? part.area
  return (
    <li>
      <strong>
        {area}
        {part.scope ? ` in ${part.scope}` : ''}:
      </strong>{' '}
      {part.message}
      {part.action && part.kind === 'denied' && (
        <>
          {' '}
          Allow <code>{part.action}</code> in the policy of the user or role Vigil signs in with.
        </>
      )}{' '}
      {part.read_at ? `Shown as read ${formatAgo(part.read_at, now)}.` : 'Never read.'}
    </li>
  )
}

/**
 * A page of a connected AWS account (spec: services/aws_monitoring/{iamUserId}/{page}), behind the plan gate: the
 * account's name and state, the six pages, Refresh (reads the account from AWS again), the parts of the last read
 * that failed with the action to allow, and the page's own body.
 */
export function AwsAccountPage<P extends AwsPageId>({
  page,
  title,
  Body,
}: {
  page: P
  title: string
  Body: (props: AwsPageBodyProps<P>) => ReactNode
}) {
  const { iamUserId = '' } = useParams()
  return (
    <FeatureGate feature="AWS Monitoring">
      <AccountPage key={`${iamUserId}/${page}`} accountId={iamUserId} page={page} title={title} Body={Body} />
    </FeatureGate>
  )
}

function AccountPage<P extends AwsPageId>({
  accountId,
  page,
  title,
  Body,
}: {
  accountId: string
  page: P
  title: string
  Body: (props: AwsPageBodyProps<P>) => ReactNode
}) {
  const fx = useEffects()
  const logic = useMemo(() => awsPageLogic(awsApi, accountId, page), [accountId, page])
  const actor = useActorRef(logic)
  usePageVisibility(actor)
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
  const account = data?.account
  const now = Date.now()
  const failedParts = data?.parts.filter((p) => !p.ok) ?? []
  const status = account ? ACCOUNT_STATUS[account.status] : null

  return (
    <section className={pageLayout} aria-labelledby="aws-page-title">
      <Link to={MONITOR_TYPE_PAGES.aws.list} className={back}>
        <ArrowLeft aria-hidden="true" size={16} /> AWS accounts
      </Link>
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id="aws-page-title">{account ? `${account.name}: ${title}` : title}</PageHeader.Title>
          {account && status && (
            <PageHeader.Description display="flex" gap="2" flexWrap="wrap" alignItems="center">
              <Chip tone={status.tone}>{status.label}</Chip>
              <span>
                AWS account {account.aws_account_id} ·{' '}
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
              <RefreshCw aria-hidden="true" /> {refreshing ? 'Reading from AWS...' : 'Refresh'}
            </Button>
          </PageHeader.Actions>
        )}
      </PageHeader.Root>

      <nav aria-label="Account pages">
        <div className={tabs}>
          {AWS_PAGES.map((p) => (
            <NavLink key={p.id} to={awsPagePath(accountId, p.id)} className={tab}>
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
            AWS refused the account's credentials: {account.last_error} Edit the account on{' '}
            <Link to={MONITOR_TYPE_PAGES.aws.list}>AWS Monitoring</Link> to give it working ones.
          </Alert.Description>
        </Alert.Root>
      )}
      {account?.status === 'pending' && (
        <Alert.Root role="status" status="info">
          <Alert.Description>
            Vigil is reading this account for the first time; the page fills in by itself.
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
                <PartNote key={`${p.area}/${p.scope}`} part={p} now={now} />
              ))}
            </ul>
          </Alert.Description>
        </Alert.Root>
      )}

      {data && <Body data={data} monitor={monitor} />}

      {preset && (
        <LazyMonitorForm
          type="aws"
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
