import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { type AwsPageData, type AwsPageId, awsApi } from '../../../adapters/aws-api.ts'
import type { AwsAccount } from '@vigil/domain/aws-account'
import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import { CloudAccountPage, type CloudPagesOf, type MonitorThis } from '../cloud/CloudAccountPage.tsx'
import { awsPageLinks } from './aws-pages.ts'

/** What a page's body gets: the page's data, and "Monitor this" with the fields of the monitor to add. */
export interface AwsPageBodyProps<P extends AwsPageId> {
  data: AwsPageData<P>
  monitor: MonitorThis
}

/** The pages of an AWS account: six tabs, AWS monitors from "Monitor this", IAM actions to allow. */
const AWS_ACCOUNT_PAGES: CloudPagesOf<{ account: AwsAccount; parts: AwsPageData<'ec2'>['parts'] }> = {
  provider: 'aws',
  api: awsApi,
  listPath: MONITOR_TYPE_PAGES.aws.list,
  links: awsPageLinks,
  identity: (account) => `AWS account ${account.aws_account_id}`,
  areas: {
    ec2: 'EC2 instances',
    ec2_status: 'EC2 status checks',
    ec2_cpu: 'EC2 CPU from CloudWatch',
    rds: 'RDS DB instances',
    amplify: 'Amplify apps',
    lightsail: 'Lightsail instances',
    costs: 'Costs from Cost Explorer',
    cost_forecast: 'The cost forecast',
    health: 'AWS Health events',
  },
  monitorType: 'aws',
  grant: (action) => (
    <>
      Allow <code>{action}</code> in the policy of the user or role Vigil signs in with.
    </>
  ),
}

/** A page of a connected AWS account (spec: services/aws_monitoring/{iamUserId}/{page}). */
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
    <CloudAccountPage
      of={AWS_ACCOUNT_PAGES}
      accountId={iamUserId}
      page={page}
      title={title}
      read={() => awsApi.page(iamUserId, page)}
    >
      {(data, monitor) => <Body data={data as AwsPageData<P>} monitor={monitor} />}
    </CloudAccountPage>
  )
}
