import { formatDateTime } from '@vigil/domain/date-format'
import { REPORT_FREQUENCY_LABELS, type ReportSchedule, selectionTitle } from '@vigil/domain/report-schedule'
import type { ReportSelection } from '@vigil/domain/report-view'
import { useSelector } from '../../app/actor-hooks.ts'
import { CalendarClock, Pencil, Plus, Send } from 'lucide-react'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import type { Effects } from '../../../adapters/flows.actors.ts'
import { type ReportChoices, reportSchedulesLogic, reportsApi } from '../../../adapters/reports-api.ts'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { lazyPart } from '../lazy-part.tsx'
import { DeleteConfirm } from '../monitors/DeleteConfirm.tsx'
import { CardAction, CardList, ListLoad, RemoveButton, useEditing, useListFlow } from '../PageParts.tsx'
import { type ChoicesLoad, type SetValue, typeLabel } from './ReportChoiceFields.tsx'
import { ScheduleSends, SendLine } from './ScheduleSends.tsx'

// The form loads when first opened, which keeps it out of the page's first load.
const LazyScheduleForm = lazyPart(() => import('./ScheduleFormDialog.tsx').then((m) => m.ScheduleFormDialog))

const makeLogic = (fx: Effects) => reportSchedulesLogic(reportsApi, fx)

const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const details = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '4',
  rowGap: '1',
  fontSize: 'sm',
  m: '0',
  '& dt': { color: 'muted' },
  '& dd': { m: '0', minW: '0', overflowWrap: 'anywhere' },
})

/** A set in words: "All monitors", "Website monitors", "Status page Acme", "3 monitors". */
export const setTitle = (selection: ReportSelection, choices: ReportChoices | null) =>
  selectionTitle(selection, {
    typeLabel: (type) => typeLabel(type).replace(/ Monitoring$/, ''),
    statusPageName:
      selection.kind === 'status_page'
        ? (choices?.statusPages.find((p) => p.id === selection.status_page_id)?.name ?? '')
        : undefined,
  })

/**
 * "Scheduled reports": each schedule with its recipients, set, next and last send, its past sends, and what can be
 * done with it (send now, edit, delete); a new one starts from the page's current set.
 */
export function ReportSchedules({
  set,
  zone,
  choices,
}: {
  /** The page's current set, which a new schedule starts from. */
  set: SetValue
  zone: string
  choices: ChoicesLoad
}) {
  const { page, error, ready, failed, confirming, removing, removal } = useListFlow(makeLogic)
  const schedules = useSelector(page, (s) => s.context.schedules)
  const sending = useSelector(page, (s) => s.context.sending)
  const { editing, open, close, saved } = useEditing<ReportSchedule>((schedule) =>
    page.send({ type: 'schedule.saved', schedule }),
  )
  const createButton = (
    <Button variant="outline" onClick={() => open(null)}>
      <Plus aria-hidden="true" /> Schedule a report
    </Button>
  )
  const list = schedules ?? []

  return (
    <section aria-labelledby="schedules-title" className={css({ display: 'grid', gap: '3', minW: '0' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <h2 id="schedules-title" className={heading}>
          Scheduled reports
        </h2>
        {ready && list.length > 0 && <div className={css({ ml: 'auto' })}>{createButton}</div>}
      </div>
      <ListLoad
        ready={ready}
        failed={failed}
        error={error}
        loaded={schedules !== null}
        onRetry={() => page.send({ type: 'schedules.refresh' })}
      />
      {ready && (
        <CardList
          items={list}
          empty={
            <EmptyState.Root variant="card">
              <EmptyState.Indicator>
                <CalendarClock aria-hidden="true" />
              </EmptyState.Indicator>
              <EmptyState.Title as="h3">No scheduled reports yet</EmptyState.Title>
              <EmptyState.Description>
                Have a report of a set of monitors mailed as a PDF every week or every month, for the period just ended.
              </EmptyState.Description>
              <EmptyState.Actions>{createButton}</EmptyState.Actions>
            </EmptyState.Root>
          }
        >
          {(schedule) => (
            <ScheduleCard
              key={schedule.id}
              schedule={schedule}
              choices={choices.data}
              sending={schedule.id in sending}
              onSend={() => page.send({ type: 'schedule.send', schedule })}
              onEdit={() => open(schedule)}
              onDelete={() => page.send({ type: 'schedule.delete', schedule })}
            />
          )}
        </CardList>
      )}
      {editing && (
        <LazyScheduleForm
          schedule={editing.item}
          set={set}
          zone={zone}
          choices={choices}
          onSaved={saved}
          onClose={close}
        />
      )}
      <DeleteConfirm
        open={confirming || removing}
        loading={removing}
        deleted={removal && { kind: 'report schedule', name: removal.name }}
        onConfirm={() => page.send({ type: 'schedule.confirm' })}
        onCancel={() => page.send({ type: 'schedule.cancel' })}
      />
    </section>
  )
}

function ScheduleCard({
  schedule,
  choices,
  sending,
  onSend,
  onEdit,
  onDelete,
}: {
  schedule: ReportSchedule
  choices: ReportChoices | null
  sending: boolean
  onSend: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const titleId = `schedule-${schedule.id}`
  const [showSends, setShowSends] = useState(false)
  return (
    <Card.Root as="li" size="sm" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title as="h3" id={titleId}>
          {schedule.name}
        </Card.Title>
        <Card.Description>
          {REPORT_FREQUENCY_LABELS[schedule.frequency]} · {setTitle(schedule.selection, choices)} · {schedule.time_zone}
        </Card.Description>
      </Card.Header>
      <dl className={details}>
        <dt>Recipients</dt>
        <dd>{schedule.recipients.join(', ')}</dd>
        <dt>Next send</dt>
        <dd>{formatDateTime(schedule.next_send_at)}</dd>
        <dt>Last send</dt>
        <dd data-testid="last-send">
          {schedule.last_send ? <SendLine send={schedule.last_send} zone={schedule.time_zone} /> : 'Not sent yet'}
        </dd>
      </dl>
      <details onToggle={(e) => setShowSends(e.currentTarget.open)}>
        <summary className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'primary', cursor: 'pointer' })}>
          Past sends
        </summary>
        <div className={css({ pt: '2' })}>
          {/* Read again after each send: keyed by the last one. */}
          {showSends && (
            <ScheduleSends key={schedule.last_send?.id ?? 'none'} scheduleId={schedule.id} zone={schedule.time_zone} />
          )}
        </div>
      </details>
      <Card.Footer>
        <CardAction label={`Send ${schedule.name} now`} icon={Send} onClick={onSend} disabled={sending}>
          {sending ? 'Sending...' : 'Send now'}
        </CardAction>
        <CardAction label={`Edit ${schedule.name}`} icon={Pencil} onClick={onEdit} disabled={sending}>
          Edit
        </CardAction>
        <RemoveButton label={`Delete ${schedule.name}`} onClick={onDelete} disabled={sending}>
          Delete
        </RemoveButton>
      </Card.Footer>
    </Card.Root>
  )
}
