import type { Context } from './context.ts'
import { type Answer, AwsFault, epochSeconds, faults, jsonAnswer, page } from './protocols.ts'

export const health: Record<string, (ctx: Context) => Answer> = {
  DescribeEvents: (ctx) => {
    if (ctx.account.health === 'no-subscription')
      throw new AwsFault(
        400,
        'SubscriptionRequiredException',
        'The AWS Premium Support Subscription is required to use this service.',
      )
    const asked = ctx.json.maxResults
    if (asked !== undefined && (asked < 10 || asked > 100))
      throw faults.invalid('json11', 'maxResults must be between 10 and 100.')
    const statuses: string[] | undefined = ctx.json.filter?.eventStatusCodes
    const events = ctx.account.health.filter((e) => !statuses || statuses.includes(e.status))
    const { items, next } = page(
      events,
      ctx.json.nextToken,
      Math.min(asked ?? 100, ctx.world.pageSize[ctx.action] ?? 100),
    )
    return jsonAnswer('json11', {
      events: items.map((e) => ({
        arn: e.arn,
        service: e.service,
        eventTypeCode: e.typeCode,
        eventTypeCategory: e.category,
        region: e.region,
        startTime: epochSeconds(e.start),
        endTime: epochSeconds(e.end),
        lastUpdatedTime: epochSeconds(e.updated),
        statusCode: e.status,
        eventScopeCode: 'ACCOUNT_SPECIFIC',
      })),
      ...(next ? { nextToken: next } : {}),
    })
  },
}
