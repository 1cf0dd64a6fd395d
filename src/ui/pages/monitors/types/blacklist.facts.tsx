import type { BlacklistDetail } from '@vigil/domain/check-details'
import type { MonitorOf } from '@vigil/domain/monitor.schema'
import { BlacklistZones } from '../BlacklistZones.tsx'
import type { FactsProps } from './define.ts'

/** What the last check found, zone by address (the Check Black List page shows a one-off check the same way). */
export function Facts({ detail }: FactsProps<MonitorOf<'blacklist'>, BlacklistDetail>) {
  return <BlacklistZones detail={detail} />
}
