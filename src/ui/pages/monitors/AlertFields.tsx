import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { integrationChoicesLogic } from '../../../adapters/integration-choices.actors.ts'
import { integrationsApi } from '../../../adapters/integrations-api.ts'
import { INTEGRATION_LABELS } from '@vigil/domain/integration.schema'
import { Choice, RadioChoices } from '../../components/choice.tsx'
import { RetryAlert } from '../PageParts.tsx'
import { errorAt, type FieldsProps, fieldOf } from './draft-setter.ts'
import { SelectField, TextField } from './form-fields.tsx'
import { type CommonDraft, REMINDER_CHOICES } from './form-values.ts'
import { link } from './table-styles.ts'

const legend = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800', mb: '2' })
const note = css({ fontSize: 'xs', color: 'muted' })
const errorText = css({ fontSize: 'xs', color: 'red.700' })

/**
 * The monitor form's "Alerts": all of the user's channels (the default) or the ones chosen from their
 * integrations, and how often to remind them while the monitor stays down.
 */
const ALERT_CHANNEL_CHOICES = [
  { value: 'all', label: 'Alert all my channels' },
  { value: 'chosen', label: 'Choose channels' },
] as const

export function AlertFields(props: FieldsProps<CommonDraft>) {
  const { draft, set, errors } = props
  const logic = useMemo(() => integrationChoicesLogic(integrationsApi), [])
  const choices = useActorRef(logic)
  const list = useSelector(choices, (s) => s.context.data)
  const loadError = useSelector(choices, (s) => (s.matches('failed') ? s.context.error : null))
  const integrations = list?.integrations ?? []
  const known = new Set(integrations.map((i) => i.id))
  const channelsError = errorAt(errors, 'integration_ids')
  const noChannels = list !== null && integrations.length === 0

  // A change keeps only channels that still exist (one removed since the monitor was saved drops out).
  const toggle = (id: string, on: boolean) =>
    set.integration_ids(
      integrations.map((i) => i.id).filter((i) => (i === id ? on : draft.integration_ids.includes(i) && known.has(i))),
    )

  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', display: 'grid', gap: '4' })}>
      <legend className={css({ fontSize: 'md', fontWeight: 'semibold', mb: '2' })}>Alerts</legend>
      <div role="radiogroup" aria-labelledby="alert-channels-label" className={css({ display: 'grid', gap: '2' })}>
        <span id="alert-channels-label" className={legend}>
          Where alerts go
        </span>
        <RadioChoices
          name="alert_channels"
          options={ALERT_CHANNEL_CHOICES}
          value={draft.alert_channels}
          onValueChange={set.alert_channels}
        />
        {draft.alert_channels === 'all' && (
          <p className={note}>Every channel you have now or add later, besides the bell.</p>
        )}
      </div>

      {draft.alert_channels === 'chosen' && list && integrations.length > 0 && (
        <fieldset
          aria-describedby={channelsError ? 'alert-channels-help alert-channels-error' : 'alert-channels-help'}
          className={css({ border: 'none', p: '0', m: '0', display: 'grid', gap: '2' })}
        >
          <legend className={legend}>Channels</legend>
          {integrations.map((i) => (
            <Choice
              key={i.id}
              type="checkbox"
              name="integration_ids"
              value={i.id}
              checked={draft.integration_ids.includes(i.id)}
              onChange={(e) => toggle(i.id, e.target.checked)}
            >
              {i.name} <span className={css({ color: 'muted' })}>({INTEGRATION_LABELS[i.type]})</span>
              {!i.enabled && <span className={css({ color: 'muted' })}> · switched off</span>}
            </Choice>
          ))}
          <p id="alert-channels-help" className={note}>
            None chosen: alerts reach only the bell.
          </p>
        </fieldset>
      )}
      {channelsError && (
        <p id="alert-channels-error" className={errorText}>
          {channelsError}
        </p>
      )}
      {noChannels && (
        <p className={css({ fontSize: 'sm' })}>
          You have no alert channels yet, so alerts reach only the bell.{' '}
          <Link to="/integrations" className={link}>
            Add Slack, email or others on the Integrations page
          </Link>
          .
        </p>
      )}
      {!list && !loadError && draft.alert_channels === 'chosen' && <p className={note}>Loading your channels...</p>}
      {loadError && (
        <RetryAlert role="status" onRetry={() => choices.send({ type: 'load.retry' })}>
          Your channels could not be loaded: {loadError}
        </RetryAlert>
      )}

      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' } })}>
        <SelectField
          label="Remind every"
          name="reminder"
          value={draft.reminder}
          onChange={set.reminder}
          error={draft.reminder === 'other' ? undefined : errors.reminder_minutes}
          helper="While the monitor stays down, alert its channels again."
          options={REMINDER_CHOICES}
        />
        {draft.reminder === 'other' && (
          <TextField
            {...fieldOf(props)('reminder_minutes')}
            label="Minutes between reminders"
            required
            inputMode="numeric"
            helper="5 to 10080 (a week)."
          />
        )}
      </div>
    </fieldset>
  )
}
