import { CloudWatchClient, GetMetricDataCommand, type MetricDataQuery } from '@aws-sdk/client-cloudwatch'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { type AwsSession, allPages } from './session.ts'

// Average CPU of EC2 instances over the last hour, from CloudWatch: GetMetricData takes up to 500 queries per
// call, so a region's instances cost a call per 500 (and its pages), not a call each.

export const METRIC_QUERIES_PER_CALL = 500
const HOUR_MS = 3_600_000
/** Five-minute points: what basic monitoring records. The hour's average is their mean. */
const PERIOD_S = 300

const query = (instanceId: string, index: number): MetricDataQuery => ({
  // Ids must start with a lower-case letter; the index maps back to the instance.
  Id: `i${index}`,
  MetricStat: {
    Metric: {
      Namespace: 'AWS/EC2',
      MetricName: 'CPUUtilization',
      Dimensions: [{ Name: 'InstanceId', Value: instanceId }],
    },
    Period: PERIOD_S,
    Stat: 'Average',
  },
  ReturnData: true,
})

/** Each instance's average CPUUtilization (percent) over the hour before `now`, or null without data points. */
export const readCpuAverages = async (
  session: AwsSession,
  region: string,
  instanceIds: readonly string[],
  now: number,
): Promise<Map<string, number | null>> => {
  const cloudwatch = session.client(CloudWatchClient, region)
  const values = new Map<string, number[]>(instanceIds.map((id) => [id, []]))
  const batches: string[][] = []
  for (let i = 0; i < instanceIds.length; i += METRIC_QUERIES_PER_CALL)
    batches.push(instanceIds.slice(i, i + METRIC_QUERIES_PER_CALL))
  await Promise.all(
    batches.map(async (batch) => {
      const queries = batch.map((id, i) => query(id, i))
      const results = await allPages(async (token) => {
        const out = await session.call(AWS_ACTIONS.getMetricData, () =>
          cloudwatch.send(
            new GetMetricDataCommand({
              MetricDataQueries: queries,
              StartTime: new Date(now - HOUR_MS),
              EndTime: new Date(now),
              NextToken: token,
            }),
          ),
        )
        return { items: out.MetricDataResults, next: out.NextToken }
      })
      // A query's points may come over several pages, each page naming the query again.
      for (const r of results) {
        const id = batch[Number(r.Id?.slice(1))]
        if (id !== undefined) values.get(id)?.push(...(r.Values ?? []))
      }
    }),
  )
  return new Map(
    [...values].map(([id, points]) => [
      id,
      points.length === 0 ? null : Math.round((points.reduce((a, b) => a + b, 0) / points.length) * 100) / 100,
    ]),
  )
}
