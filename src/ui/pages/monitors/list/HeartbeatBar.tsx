import type { Heartbeat } from '@vigil/domain/monitor.schema'
import { type BeatLook, beatLook, beatWords } from '@vigil/domain/monitor-list-view'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import * as Tooltip from '../../../components/tooltip.tsx'
import { formatDateTime, formatMs } from '../format.ts'

// A row's last checks, oldest first, one beat each, coloured by what the check found. One tooltip per bar, its
// triggers the beats (Ark's tooltip takes several triggers): hovering a beat or focusing it tells its time (in the
// viewer's zone), its response time and its message. Only one beat is in the tab order (the newest at first); the
// arrow keys, Home and End move along the bar.

const LOOKS: Record<BeatLook, string> = {
  ok: css({ bg: 'green.500' }),
  slow: css({ bg: 'amber.400' }),
  failed: css({ bg: 'red.600' }),
  // A failure its retry has not confirmed: lighter, and striped so that colour is not the only sign.
  confirming: css({
    bg: 'red.300',
    backgroundImage: 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(255, 255, 255, 0.65) 3px 5px)',
  }),
  maintenance: css({ bg: 'blue.500' }),
}

// At most 176 px wide; on a narrow table the beats narrow to 3 px before the bar takes room from other columns.
const bar = css({ display: 'flex', gap: '1px', alignItems: 'stretch', h: '6', minW: '0', maxW: '44' })
const beatStyle = css({
  flex: '1 1 0',
  minW: '3px',
  maxW: '2.5',
  p: '0',
  border: 'none',
  rounded: 'xs',
  cursor: 'default',
  _hover: { opacity: 0.75 },
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '1px' },
})

const beatLabel = (beat: Heartbeat) => `${formatDateTime(beat.checked_at)}: ${beatWords(beat)}`

/** The tooltip's text of a beat: its time and verdict, response time, message. */
function BeatDetail({ beat }: { beat: Heartbeat }) {
  return (
    <span className={css({ display: 'grid', gap: '0.5', textAlign: 'start' })}>
      <strong>{beatLabel(beat)}</strong>
      <span>Response {formatMs(beat.response_ms)}</span>
      {beat.message && <span className={css({ overflowWrap: 'anywhere' })}>{beat.message}</span>}
    </span>
  )
}

export function HeartbeatBar({ beats, name }: { beats: readonly Heartbeat[]; name: string }) {
  const last = beats.length - 1
  const [active, setActive] = useState<number | null>(null)
  const current = active === null || active > last ? last : active
  if (beats.length === 0) return <span className={css({ color: 'muted', fontSize: 'xs' })}>No checks yet</span>

  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const to =
      event.key === 'ArrowLeft'
        ? current - 1
        : event.key === 'ArrowRight'
          ? current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (to === null) return
    event.preventDefault()
    const next = Math.max(0, Math.min(last, to))
    setActive(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-beat="${next}"]`)?.focus()
  }

  const shown = beats[current] as Heartbeat
  return (
    <Tooltip.Root
      wide
      triggerValue={String(current)}
      onTriggerValueChange={(d) => d.value && setActive(Number(d.value))}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a group of beats, not a form's fieldset */}
      <div role="group" aria-label={`Last ${beats.length} checks of ${name}`} className={bar} onKeyDown={move}>
        {beats.map((beat, i) => (
          <Tooltip.Trigger
            // biome-ignore lint/suspicious/noArrayIndexKey: a beat's place in the bar is its identity here
            key={i}
            type="button"
            value={String(i)}
            data-beat={i}
            data-look={beatLook(beat)}
            tabIndex={i === current ? 0 : -1}
            aria-label={beatLabel(beat)}
            className={`${beatStyle} ${LOOKS[beatLook(beat)]}`}
          />
        ))}
      </div>
      <Tooltip.Positioner>
        <Tooltip.Content>
          <BeatDetail beat={shown} />
        </Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  )
}
