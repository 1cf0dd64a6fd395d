import type { BlacklistDetail } from '../../../../domain/check-details.ts'
import type { MonitorOf } from '../../../../domain/monitor.schema.ts'
import { BlacklistZones } from '../BlacklistZones.tsx'
import type { FactsProps } from './define.ts'

/** What the last check found, zone by address (the Check Black List page shows a one-off check the same way). */
export function Facts({ detail }: FactsProps<MonitorOf<'blacklist'>, BlacklistDetail>) {
  return <BlacklistZones detail={detail} />
}
