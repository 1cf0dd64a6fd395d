import { useSelector } from '@xstate/react'
import { Cloud, Plus } from 'lucide-react'
import { useCallback } from 'react'
import { css } from '../../../../styled-system/css'
import { awsApi } from '../../../adapters/aws-api.ts'
import { awsAccountsLogic } from '../../../adapters/aws-flows.actors.ts'
import type { Effects } from '../../../adapters/flows.actors.ts'
import type { AwsAccount } from '../../../domain/aws-account.ts'
import { Button } from '../../components/button.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { MonitorList } from '../monitors/MonitorListPage.tsx'
import { cardList, ListLoad, pageLayout, useEditing, useListFlow } from '../PageParts.tsx'
import { AwsAccountCard } from './AwsAccountCard.tsx'
import { LazyAwsAccountForm } from './LazyAwsAccountForm.tsx'

/** /services/aws_monitoring: the connected AWS accounts, and the AWS monitors that watch their resources. */
export function AwsMonitoringPage() {
  return (
    <FeatureGate feature="AWS Monitoring">
      <div className={pageLayout}>
        <AwsAccounts />
        <MonitorList type="aws" embedded />
      </div>
    </FeatureGate>
  )
}

const makeLogic = (fx: Effects) => awsAccountsLogic(awsApi, fx)

function AwsAccounts() {
  const { page: accounts, error, ready, failed, confirming, removing } = useListFlow(makeLogic)
  const list = useSelector(accounts, (s) => s.context.list)
  const busy = useSelector(accounts, (s) => s.context.busy)
  const gone = useSelector(accounts, (s) => s.context.removing)
  const { editing, open, close } = useEditing<AwsAccount>()
  const saved = useCallback(
    (account: AwsAccount | null) => {
      if (account) accounts.send({ type: 'awsAccount.saved', account })
    },
    [accounts],
  )
  const refresh = () => accounts.send({ type: 'awsAccounts.refresh' })
  const connectButton = (
    <Button onClick={() => open(null)}>
      <Plus aria-hidden="true" /> Connect AWS account
    </Button>
  )
  const all = list?.accounts ?? []
  const now = Date.now()

  return (
    <section className={pageLayout} aria-labelledby="aws-title">
      <PageHeader.Root>
        <PageHeader.Content>
          <PageHeader.Title id="aws-title" display="flex" gap="2" alignItems="center">
            <Cloud size={24} aria-hidden="true" className={css({ flexShrink: '0', color: 'muted' })} />
            AWS Monitoring
          </PageHeader.Title>
          <PageHeader.Description>
            Your AWS accounts at a glance: what they cost, which instances and databases run, how builds went. Vigil
            only reads, with the policy the connect dialog shows.
          </PageHeader.Description>
        </PageHeader.Content>
        {ready && all.length > 0 && <PageHeader.Actions>{connectButton}</PageHeader.Actions>}
      </PageHeader.Root>

      <ListLoad ready={ready} failed={failed} error={error} loaded={list !== null} onRetry={refresh} />

      {ready &&
        (all.length === 0 ? (
          <EmptyState.Root variant="card">
            <EmptyState.Indicator>
              <Cloud aria-hidden="true" />
            </EmptyState.Indicator>
            <EmptyState.Title>No AWS accounts yet</EmptyState.Title>
            <EmptyState.Description>
              Connect an account with an IAM user's access keys or a role Vigil assumes. Vigil then reads its billing,
              EC2, RDS, Amplify and Lightsail every few minutes, and you can be alerted when an instance stops, a
              database is unavailable, a build fails or the month's bill passes your budget.
            </EmptyState.Description>
            <EmptyState.Actions>{connectButton}</EmptyState.Actions>
          </EmptyState.Root>
        ) : (
          <ul className={cardList}>
            {all.map((account) => (
              <AwsAccountCard
                key={account.id}
                account={account}
                busy={busy[account.id]}
                now={now}
                onRun={(action) => accounts.send({ type: 'awsAccount.run', account, action })}
                onEdit={() => open(account)}
                onRemove={() => accounts.send({ type: 'awsAccount.remove', account })}
              />
            ))}
          </ul>
        ))}

      {editing && <LazyAwsAccountForm account={editing.item} onSaved={saved} onClose={close} />}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        title={gone ? `Remove ${gone.name}?` : undefined}
        description="Vigil stops reading the account, forgets its credentials and what it read, and removes the AWS monitors that watch it. Nothing changes in AWS."
        confirmText="Remove"
        onConfirm={() => accounts.send({ type: 'awsAccount.confirm' })}
        onCancel={() => accounts.send({ type: 'awsAccount.cancel' })}
      />
    </section>
  )
}
