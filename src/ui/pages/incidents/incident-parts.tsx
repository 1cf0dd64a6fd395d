import { css } from '../../../../styled-system/css'
import { INCIDENT_STATE_LABELS, type IncidentState } from '@vigil/domain/incident'
import { Chip } from '../../components/badge.tsx'

// What the incidents list and the incident page share.

const TONES = { open: 'danger', acknowledged: 'warning', resolved: 'success' } as const

/** An incident's state as a chip: open (red), acknowledged (amber), resolved (green). */
export function IncidentStateChip({ state }: { state: IncidentState }) {
  return <Chip tone={TONES[state]}>{INCIDENT_STATE_LABELS[state]}</Chip>
}

/** Where one incident's page is. */
export const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`

export const textLink = css({ color: 'primary', textDecoration: 'underline', overflowWrap: 'anywhere' })
