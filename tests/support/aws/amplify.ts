import { type Context, pageSize } from './context.ts'
import { type Answer, AwsFault, epochSeconds, faults, jsonAnswer, page } from './protocols.ts'

/** Amplify's REST routes: path pattern to action. Labels are percent-decoded. */
export const AMPLIFY_ROUTES: [RegExp, string][] = [
  [/^\/apps$/, 'ListApps'],
  [/^\/apps\/(?<appId>[^/]+)\/branches$/, 'ListBranches'],
  [/^\/apps\/(?<appId>[^/]+)\/branches\/(?<branchName>[^/]+)\/jobs$/, 'ListJobs'],
]

const maxResults = (ctx: Context, max: number) => {
  if (!ctx.params.has('maxResults')) return undefined
  const n = Number(ctx.params.get('maxResults'))
  if (!(n >= 1 && n <= max)) throw faults.invalid('rest-json', `maxResults must be between 1 and ${max}.`)
  return n
}

const notFound = (what: string) => new AwsFault(404, 'NotFoundException', `${what} not found.`)

const appOf = (ctx: Context) => {
  const app = (ctx.account.amplify[ctx.region] ?? []).find((a) => a.id === ctx.labels.appId)
  if (!app) throw notFound(`App ${ctx.labels.appId}`)
  return app
}

export const amplify: Record<string, (ctx: Context) => Answer> = {
  ListApps: (ctx) => {
    const { items, next } = page(
      ctx.account.amplify[ctx.region] ?? [],
      ctx.params.get('nextToken'),
      pageSize(ctx, maxResults(ctx, 100), 100),
    )
    return jsonAnswer('rest-json', {
      apps: items.map((a) => ({
        appId: a.id,
        appArn: `arn:aws:amplify:${ctx.region}:${ctx.account.id}:apps/${a.id}`,
        name: a.name,
        description: '',
        repository: a.repository,
        platform: a.platform,
        createTime: 1_700_000_000,
        updateTime: 1_700_000_000,
        environmentVariables: {},
        defaultDomain: a.defaultDomain,
        enableBranchAutoBuild: true,
        enableBasicAuth: false,
      })),
      ...(next ? { nextToken: next } : {}),
    })
  },

  ListBranches: (ctx) => {
    const app = appOf(ctx)
    const { items, next } = page(app.branches, ctx.params.get('nextToken'), pageSize(ctx, maxResults(ctx, 50), 50))
    return jsonAnswer('rest-json', {
      branches: items.map((b) => ({
        branchArn: `arn:aws:amplify:${ctx.region}:${ctx.account.id}:apps/${app.id}/branches/${encodeURIComponent(b.name)}`,
        branchName: b.name,
        description: '',
        stage: b.stage,
        displayName: b.name.replaceAll('/', '-'),
        enableNotification: false,
        createTime: 1_700_000_000,
        updateTime: 1_700_000_000,
        environmentVariables: {},
        enableAutoBuild: true,
        customDomains: [],
        framework: 'Web',
        activeJobId: b.jobs.at(-1)?.id ?? '0',
        totalNumberOfJobs: String(b.jobs.length),
        enableBasicAuth: false,
        ttl: '5',
        enablePullRequestPreview: false,
      })),
      ...(next ? { nextToken: next } : {}),
    })
  },

  ListJobs: (ctx) => {
    const branch = appOf(ctx).branches.find((b) => b.name === ctx.labels.branchName)
    if (!branch) throw notFound(`Branch ${ctx.labels.branchName}`)
    // Newest first.
    const jobs = [...branch.jobs].reverse()
    const { items, next } = page(jobs, ctx.params.get('nextToken'), pageSize(ctx, maxResults(ctx, 100), 100))
    return jsonAnswer('rest-json', {
      jobSummaries: items.map((j) => ({
        jobArn: `arn:aws:amplify:${ctx.region}:${ctx.account.id}:apps/${ctx.labels.appId}/branches/${encodeURIComponent(branch.name)}/jobs/${j.id}`,
        jobId: j.id,
        commitId: 'HEAD',
        commitMessage: 'Deploy',
        commitTime: epochSeconds(j.start),
        startTime: epochSeconds(j.start),
        status: j.status,
        endTime: epochSeconds(j.end),
        jobType: 'RELEASE',
      })),
      ...(next ? { nextToken: next } : {}),
    })
  },
}
