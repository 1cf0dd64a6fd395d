import type { Context } from './context.ts'
import { type Answer, jsonAnswer, page } from './protocols.ts'

const STATE_CODES: Record<string, number> = { pending: 0, running: 16, stopping: 64, stopped: 80 }

export const lightsail: Record<string, (ctx: Context) => Answer> = {
  GetInstances: (ctx) => {
    // Lightsail picks its own page size; the client only passes the token on.
    const { items, next } = page(
      ctx.account.lightsail[ctx.region] ?? [],
      ctx.json.pageToken,
      ctx.world.pageSize[ctx.action] ?? 50,
    )
    return jsonAnswer('json11', {
      instances: items.map((i) => ({
        name: i.name,
        arn: `arn:aws:lightsail:${ctx.region}:${ctx.account.id}:Instance/${i.name}`,
        supportCode: `${ctx.account.id}/i-0${i.name.length}`,
        createdAt: 1_700_000_000,
        location: { availabilityZone: i.az, regionName: ctx.region },
        resourceType: 'Instance',
        tags: [],
        blueprintId: 'ubuntu_22_04',
        blueprintName: 'Ubuntu',
        bundleId: i.bundleId,
        isStaticIp: false,
        privateIpAddress: i.privateIp,
        publicIpAddress: i.publicIp,
        ipAddressType: 'ipv4',
        hardware: { cpuCount: 1, ramSizeInGb: 0.5 },
        state: { code: STATE_CODES[i.state] ?? 0, name: i.state },
        username: 'ubuntu',
      })),
      ...(next ? { nextPageToken: next } : {}),
    })
  },
}
