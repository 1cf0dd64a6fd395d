import { AmplifyClient, ListAppsCommand, ListBranchesCommand, ListJobsCommand } from '@aws-sdk/client-amplify'
import type { AmplifyApp, AmplifyBranch } from '@vigil/domain/aws'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSession, callPages } from './session.ts'

// Amplify Hosting apps of a region, their branches and each branch's last build. ListJobs answers newest first,
// so the last job is the first of a one-item page.

const APPS_PAGE = 100
const BRANCHES_PAGE = 50

export const readAmplifyApps = async (session: AwsSession, region: string): Promise<AmplifyApp[]> => {
  const amplify = session.client(AmplifyClient, region)
  const apps = await callPages(
    session,
    AWS_ACTIONS.listApps,
    (token) => amplify.send(new ListAppsCommand({ maxResults: APPS_PAGE, nextToken: token })),
    (out) => ({ items: out.apps, next: out.nextToken }),
  )
  return Promise.all(
    apps.map(async (app): Promise<AmplifyApp> => {
      const appId = app.appId ?? ''
      const branches = await callPages(
        session,
        AWS_ACTIONS.listBranches,
        (token) => amplify.send(new ListBranchesCommand({ appId, maxResults: BRANCHES_PAGE, nextToken: token })),
        (out) => ({ items: out.branches, next: out.nextToken }),
      )
      return {
        id: appId,
        name: app.name ?? '',
        region,
        default_domain: app.defaultDomain ?? null,
        repository: app.repository || null,
        platform: app.platform ?? null,
        branches: await Promise.all(
          branches.map(async (b): Promise<AmplifyBranch> => {
            const branchName = b.branchName ?? ''
            const out = await session.call(AWS_ACTIONS.listJobs, () =>
              amplify.send(new ListJobsCommand({ appId, branchName, maxResults: 1 })),
            )
            const job = out.jobSummaries?.[0]
            return {
              name: branchName,
              stage: b.stage ?? null,
              last_job: job
                ? {
                    id: job.jobId ?? '',
                    status: job.status ?? '',
                    started_at: job.startTime?.toISOString() ?? null,
                    ended_at: job.endTime?.toISOString() ?? null,
                  }
                : null,
            }
          }),
        ),
      }
    }),
  )
}
