import { awsApi } from '../../../adapters/aws-api.ts'
import { awsAccountsLogic } from '../../../adapters/aws-flows.actors.ts'
import type { Effects } from '../../../adapters/flows.actors.ts'
import type { AwsAccount } from '@vigil/domain/aws-account'
import { CostThisMonth } from '../cloud/CloudAccountCard.tsx'
import { CloudAccountsPage } from '../cloud/CloudAccountsPage.tsx'
import { awsPageLinks } from './aws-pages.ts'
import { LazyAwsAccountForm } from './LazyAwsAccountForm.tsx'

/** /services/aws_monitoring: the connected AWS accounts, and the AWS monitors that watch their resources. */
export function AwsMonitoringPage() {
  return (
    <CloudAccountsPage
      provider="aws"
      logic={makeLogic}
      description="Your AWS accounts at a glance: what they cost, which instances and databases run, how builds went. Vigil only reads, with the policy the connect dialog shows."
      connectLabel="Connect AWS account"
      empty={{
        title: 'No AWS accounts yet',
        description:
          "Connect an account with an IAM user's access keys or a role Vigil assumes. Vigil then reads its billing, EC2, RDS, Amplify and Lightsail every few minutes, and you can be alerted when an instance stops, a database is unavailable, a build fails or the month's bill passes your budget.",
      }}
      removeDescription="Vigil stops reading the account, forgets its credentials and what it read, and removes the AWS monitors that watch it. Nothing changes in AWS."
      card={awsCard}
      Form={LazyAwsAccountForm}
      monitors="aws"
    />
  )
}

const makeLogic = (fx: Effects) => awsAccountsLogic(awsApi, fx)

const awsCard = (account: AwsAccount) => {
  const { counts } = account
  return {
    identity: `AWS account ${account.aws_account_id} · ${
      account.auth === 'keys' ? `access key ${account.access_key_id}` : `role ${account.role_arn}`
    } · ${account.regions.length === 1 ? '1 region' : `${account.regions.length} regions`}`,
    facts: (
      <>
        <CostThisMonth cost={account.cost_this_month} />
        <span>
          {counts.ec2} EC2 · {counts.rds} RDS · {counts.amplify} Amplify · {counts.lightsail} Lightsail
        </span>
      </>
    ),
    links: awsPageLinks(account.id),
  }
}
