import { Check, Minus } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import type { Plan } from '@vigil/domain/plan'
import { comparePlans } from '@vigil/domain/plan-compare'
import * as Table from '../../components/table.tsx'

/** The plans side by side: their limits, and each feature one of them lacks. */
export function PlanComparison({ plans }: { plans: readonly Plan[] }) {
  return (
    <Table.Simple label="The plans compared" columns={['What you get', ...plans.map((p) => p.title)]}>
      {comparePlans(plans).map((row) => (
        <Table.Row key={row.label}>
          <Table.Header scope="row">{row.label}</Table.Header>
          {row.values.map((value, i) => (
            <Table.Cell key={plans[i]?.plan_id}>
              {typeof value === 'string' ? (
                value
              ) : (
                <>
                  {value ? <Check size={16} aria-hidden /> : <Minus size={16} aria-hidden />}
                  <span className={css({ srOnly: true })}>{value ? 'Included' : 'Not included'}</span>
                </>
              )}
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </Table.Simple>
  )
}
