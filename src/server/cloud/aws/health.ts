import { DescribeEventsCommand, HealthClient } from '@aws-sdk/client-health'
import { AWS_HEALTH_UNAVAILABLE, type AwsHealth } from '@vigil/domain/aws'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { AWS_GLOBAL_REGION } from '@vigil/domain/aws-regions'
import { AwsCallError } from './errors.ts'
import { type AwsSession, allPages } from './session.ts'

// AWS Health: open and upcoming issues that affect the account (global endpoint, us-east-1). Accounts without a
// Business or Enterprise support plan get SubscriptionRequiredException: that is a fact about the plan, not a
// failure, so it is answered as "not available".

const PAGE = 100

export const readHealth = async (session: AwsSession): Promise<AwsHealth> => {
  const health = session.client(HealthClient, AWS_GLOBAL_REGION)
  try {
    const events = await allPages(async (token) => {
      const out = await session.call(AWS_ACTIONS.describeEvents, () =>
        health.send(
          new DescribeEventsCommand({
            filter: { eventStatusCodes: ['open', 'upcoming'] },
            maxResults: PAGE,
            nextToken: token,
          }),
        ),
      )
      return { items: out.events, next: out.nextToken }
    })
    return {
      available: true,
      events: events.map((e) => ({
        arn: e.arn ?? '',
        service: e.service ?? '',
        type_code: e.eventTypeCode ?? '',
        category: e.eventTypeCategory ?? '',
        region: e.region && e.region !== 'global' ? e.region : null,
        status: e.statusCode ?? '',
        started_at: e.startTime?.toISOString() ?? null,
        ended_at: e.endTime?.toISOString() ?? null,
        updated_at: e.lastUpdatedTime?.toISOString() ?? null,
      })),
    }
  } catch (error) {
    if (error instanceof AwsCallError && error.awsCode === 'SubscriptionRequiredException')
      return { available: false, reason: AWS_HEALTH_UNAVAILABLE }
    throw error
  }
}
