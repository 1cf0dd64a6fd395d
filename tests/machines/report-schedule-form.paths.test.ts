import { describe, expect, it } from 'vitest'
import { reportScheduleFormMachine, reportScheduleSubmission } from '../../src/machines/report-schedule-form.machine.ts'
import { schedule } from '../ui/reporting/fixtures.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const values = (over: Record<string, unknown> = {}) => ({
  name: ' Weekly SLA ',
  frequency: 'weekly',
  recipients: ['Ops@Example.com', 'cto@example.com', 'ops@example.com'],
  selection: { kind: 'all' },
  time_zone: 'Europe/Paris',
  ...over,
})
const submit = (v: Record<string, unknown>) => ({ type: 'form.submit', values: v }) as const
const { done, error } = actorEvents(reportScheduleFormMachine)
const create = { schedule: null }

describe('report schedule form machine paths', () => {
  const reached = reachedStateNodes(reportScheduleFormMachine, {
    input: create,
    events: [submit(values()), done('saveSchedule', schedule()), error('saveSchedule', { status: 400 })],
  })
  it.each(stateNodeIds(reportScheduleFormMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('checks with the domain schema: each recipient, the set', () => {
    const { state } = journey(
      reportScheduleFormMachine,
      [
        submit(
          values({
            recipients: ['ops@example.com', 'not-an-address'],
            selection: { kind: 'monitors', monitor_ids: [] },
          }),
        ),
      ],
      create,
    )
    expect(state.value).toBe('editing')
    expect(state.context.errors).toEqual({
      'recipients.1': 'Each recipient must be an email address, such as ops@example.com.',
      'selection.monitor_ids': 'Choose at least one monitor.',
    })
  })

  it('sends a new schedule whole, as the schema reads it (trimmed, lower-cased, once each)', () => {
    const { state } = journey(reportScheduleFormMachine, [submit(values())], create)
    expect(state.value).toBe('submitting')
    expect(state.context.request).toEqual({
      id: null,
      body: {
        name: 'Weekly SLA',
        frequency: 'weekly',
        recipients: ['ops@example.com', 'cto@example.com'],
        selection: { kind: 'all' },
        time_zone: 'Europe/Paris',
      },
    })
  })

  it("shows the server's errors at their fields", () => {
    const refused = error('saveSchedule', {
      status: 400,
      message: 'Check the highlighted fields.',
      errors: { recipients: 'At most 10 recipients.' },
    })
    const { state } = journey(reportScheduleFormMachine, [submit(values()), refused], create)
    expect(state.value).toBe('editing')
    expect(state.context).toMatchObject({
      message: 'Check the highlighted fields.',
      errors: { recipients: 'At most 10 recipients.' },
    })
  })

  it('sends an edit as the fields that changed, and nothing when none did', () => {
    const stored = schedule()
    const same = {
      name: stored.name,
      frequency: stored.frequency,
      recipients: stored.recipients,
      selection: stored.selection,
      time_zone: stored.time_zone,
    }
    expect(reportScheduleSubmission(stored, same)).toEqual({ ok: true, request: null })
    expect(reportScheduleSubmission(stored, { ...same, frequency: 'monthly' })).toEqual({
      ok: true,
      request: { id: 'sch-1', body: { frequency: 'monthly' } },
    })
  })
})
