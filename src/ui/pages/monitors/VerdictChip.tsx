import { CircleCheck, CircleX, Snail } from 'lucide-react'
import type { CheckResult } from '@vigil/domain/check-result'
import { type ResultVerdict, resultWords } from '@vigil/domain/result-verdict'
import { Chip } from '../../components/badge.tsx'

const LOOK = {
  ok: { tone: 'success', icon: CircleCheck },
  slow: { tone: 'warning', icon: Snail },
  failed: { tone: 'danger', icon: CircleX },
} as const satisfies Record<ResultVerdict, { tone: string; icon: unknown }>

/**
 * What one check found, in words ("Failed — confirming, 1 of 2"), with a colour and an icon of the same meaning:
 * never the monitor's state.
 */
export function VerdictChip({ result }: { result: Pick<CheckResult, 'verdict' | 'confirming' | 'maintenance'> }) {
  const { tone, icon: Icon } = LOOK[result.verdict]
  return (
    <Chip tone={tone} data-verdict={result.verdict} h="6" px="2.5">
      <Icon aria-hidden="true" size={14} />
      {resultWords(result)}
    </Chip>
  )
}
