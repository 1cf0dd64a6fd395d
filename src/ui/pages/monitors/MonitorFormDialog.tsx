import { Portal } from '@ark-ui/react/portal'
import { useActorRef, useSelector } from '@xstate/react'
import { X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorFormLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { DEFAULTS, HTTP_METHODS, INTERVALS, type Monitor, type MonitorType } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import * as Dialog from '../../components/dialog.tsx'
import { AlertFields } from './AlertFields.tsx'
import { DnsFields } from './DnsFields.tsx'
import { errorAt, type SetDraft } from './draft-setter.ts'
import { CheckboxField, fieldGrid, SelectField, TextField, wide } from './form-fields.tsx'
import {
  ADVANCED_FIELDS,
  draftOf,
  intervalOptions,
  type MonitorDraft,
  typeMinInterval,
  valuesOf,
} from './form-values.ts'
import { intervalLabel } from './format.ts'
import { MONITOR_KINDS } from './monitor-kinds.ts'
import { AssertionRows, HeaderRows } from './RequestRows.tsx'

export interface MonitorFormDialogProps {
  type: MonitorType
  /** The monitor to edit; null to add one. */
  monitor: Monitor | null
  /** The plan's fastest check interval (subscription.plan.limits.min_interval_seconds). */
  minIntervalSeconds: number
  onClose: () => void
  /** After a save: the monitor as the server stored it (null when nothing changed). */
  onSaved: (monitor: Monitor | null) => void
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  url: 'URL',
  host: 'Host',
  port: 'Port',
  type: 'Type',
  hostname: 'Host name',
  record_type: 'Record type',
  expected: 'Expected values',
  expected_match: 'Match',
  resolver: 'Resolver',
  warn_days: 'Warning days',
  domain: 'Domain',
  target: 'Target',
}

/** The create and edit form of a monitor, in a dialog (loaded when first opened). */
export function MonitorFormDialog({ type, monitor, minIntervalSeconds, onClose, onSaved }: MonitorFormDialogProps) {
  const kind = MONITOR_KINDS[type]
  const logic = useMemo(() => monitorFormLogic(monitorsApi, onSaved), [onSaved])
  const form = useActorRef(logic, { input: { type, monitor } })
  const errors = useSelector(form, (s) => s.context.errors)
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const [draft, setDraft] = useState<MonitorDraft>(() => draftOf(type, monitor, minIntervalSeconds))
  const [advancedOpen, setAdvancedOpen] = useState(false)
  const set: SetDraft = (key) => (value) => setDraft((d) => ({ ...d, [key]: value }))
  const hasAdvancedError = ADVANCED_FIELDS.some((f) => errors[f])
  // What an empty timeout or retry interval will be: its default, or the interval when that is shorter.
  const fitted = (fallback: number) => Math.min(fallback, Number(draft.interval_seconds) || fallback)
  // The plan's limit, or the type's own when that is slower (registries and blacklists are asked seldom).
  const fastest = typeMinInterval(type, minIntervalSeconds)
  const intervals = intervalOptions(fastest, monitor?.interval_seconds)
  const intervalHelp =
    fastest > minIntervalSeconds
      ? `${INTERVALS[type].why ?? `This type is checked at most every ${intervalLabel(fastest)}`}.`
      : `Your plan checks as often as every ${intervalLabel(minIntervalSeconds)}.`
  // Messages of fields the form has no input for (a server's own rule) are listed at the top.
  const shown = new Set(Object.keys(draft))
  const elsewhere = Object.entries(errors).filter(([k]) => !shown.has(k.split('.')[0] ?? k))
  const http = type === 'web' || type === 'api'
  const title = monitor ? `Edit ${monitor.name}` : `Add ${kind.noun}`

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && !submitting && onClose()}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="2xl" aria-busy={submitting}>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close" disabled={submitting}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
            <form
              noValidate
              className={css({ display: 'grid', gap: '5' })}
              onSubmit={(e) => {
                e.preventDefault()
                form.send({ type: 'form.submit', values: valuesOf(type, draft) })
              }}
            >
              {(message || elsewhere.length > 0) && (
                <div
                  role="alert"
                  className={css({ bg: 'red.50', color: 'red.800', p: '3', rounded: 'md', fontSize: 'sm' })}
                >
                  {message && <p>{message}</p>}
                  {elsewhere.map(([k, m]) => (
                    <p key={k}>
                      {FIELD_LABELS[k] ?? k}: {m}
                    </p>
                  ))}
                </div>
              )}
              <div className={fieldGrid}>
                <div className={wide}>
                  <TextField
                    label="Name"
                    name="name"
                    required
                    value={draft.name}
                    onChange={set('name')}
                    error={errors.name}
                    placeholder={kind.example}
                  />
                </div>
                {http && (
                  <>
                    <div className={wide}>
                      <TextField
                        label="URL"
                        name="url"
                        type="url"
                        inputMode="url"
                        required
                        value={draft.url}
                        onChange={set('url')}
                        error={errors.url}
                        placeholder="https://example.com/health"
                      />
                    </div>
                    <SelectField
                      label="Method"
                      name="method"
                      value={draft.method}
                      onChange={set('method')}
                      error={errors.method}
                      options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
                    />
                    <TextField
                      label="Expected status"
                      name="expected_status"
                      value={draft.expected_status}
                      onChange={set('expected_status')}
                      error={errors.expected_status}
                      helper="Codes or ranges, such as 200-299, 301 or 2xx."
                    />
                  </>
                )}
                {type === 'web' && (
                  <>
                    <TextField
                      label="Keyword"
                      name="keyword"
                      value={draft.keyword}
                      onChange={set('keyword')}
                      error={errors.keyword}
                      helper="Optional text the page must contain."
                    />
                    <div className={css({ alignSelf: 'center' })}>
                      <CheckboxField
                        label="Fail when the keyword is present"
                        name="keyword_absent"
                        checked={draft.keyword_absent}
                        onChange={set('keyword_absent')}
                        error={errors.keyword_absent}
                      />
                    </div>
                  </>
                )}
                {type === 'api' && (
                  <>
                    <div className={wide}>
                      <HeaderRows rows={draft.headers} onChange={set('headers')} error={errors.headers} />
                    </div>
                    <div className={wide}>
                      <TextField
                        label="Request body"
                        name="body"
                        multiline
                        value={draft.body}
                        onChange={set('body')}
                        error={errors.body}
                        placeholder='{"ping": true}'
                      />
                    </div>
                    <div className={wide}>
                      <AssertionRows rows={draft.assertions} onChange={set('assertions')} errors={errors} />
                    </div>
                  </>
                )}
                {http && (
                  <>
                    <CheckboxField
                      label="Follow redirects"
                      name="follow_redirects"
                      checked={draft.follow_redirects}
                      onChange={set('follow_redirects')}
                      error={errors.follow_redirects}
                    />
                    <CheckboxField
                      label="Verify the TLS certificate"
                      name="verify_tls"
                      checked={draft.verify_tls}
                      onChange={set('verify_tls')}
                      error={errors.verify_tls}
                    />
                  </>
                )}
                {type === 'dns' && <DnsFields draft={draft} set={set} errors={errors} />}
                {(type === 'port' || type === 'ping' || type === 'ssl') && (
                  <TextField
                    label="Host"
                    name="host"
                    required
                    value={draft.host}
                    onChange={set('host')}
                    error={errors.host}
                    placeholder={type === 'ssl' ? 'shop.example.com' : 'db.example.com'}
                    helper={
                      type === 'ssl'
                        ? 'The name the certificate must be valid for, without a scheme.'
                        : 'A host name or IP address, without a scheme.'
                    }
                  />
                )}
                {(type === 'port' || type === 'ssl') && (
                  <TextField
                    label="Port"
                    name="port"
                    required={type === 'port'}
                    inputMode="numeric"
                    value={draft.port}
                    onChange={set('port')}
                    error={errors.port}
                    placeholder="443"
                    helper={type === 'ssl' ? `${DEFAULTS.tls_port} by default.` : undefined}
                  />
                )}
                {type === 'ping' && (
                  <TextField
                    label="Packets per check"
                    name="count"
                    inputMode="numeric"
                    value={draft.count}
                    onChange={set('count')}
                    error={errors.count}
                    helper={`1 to 10; ${DEFAULTS.ping_count} by default.`}
                  />
                )}
                {type === 'domain' && (
                  <TextField
                    label="Domain"
                    name="domain"
                    required
                    value={draft.domain}
                    onChange={set('domain')}
                    error={errors.domain}
                    placeholder="example.com"
                    helper="The registered domain, without a scheme or path."
                  />
                )}
                {(type === 'ssl' || type === 'domain') && (
                  <TextField
                    label="Warning days"
                    name="warn_days"
                    value={draft.warn_days}
                    onChange={set('warn_days')}
                    error={errorAt(errors, 'warn_days')}
                    placeholder="30, 14, 7, 1"
                    helper="Days before expiry to warn at, separated by commas."
                  />
                )}
                {type === 'blacklist' && (
                  <div className={wide}>
                    <TextField
                      label="Target"
                      name="target"
                      required
                      value={draft.target}
                      onChange={set('target')}
                      error={errors.target}
                      placeholder="192.0.2.25 or mail.example.com"
                      helper="An IPv4 or IPv6 address, or a domain: its mail and web addresses are checked."
                    />
                  </div>
                )}
                <SelectField
                  label="Check every"
                  name="interval_seconds"
                  value={draft.interval_seconds}
                  onChange={set('interval_seconds')}
                  error={errors.interval_seconds}
                  helper={intervalHelp}
                  options={intervals.map((s) => ({ value: String(s), label: intervalLabel(s) }))}
                />
              </div>
              <AlertFields draft={draft} set={set} errors={errors} />
              {/* A native disclosure: keyboard and screen readers know it, and it costs no script. */}
              <details open={advancedOpen || hasAdvancedError} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
                <summary
                  className={css({
                    fontSize: 'sm',
                    fontWeight: 'semibold',
                    color: 'primary',
                    py: '1',
                    cursor: 'pointer',
                    _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
                  })}
                >
                  Advanced
                </summary>
                <div className={css({ pt: '3' })}>
                  <div className={fieldGrid}>
                    <TextField
                      label="Timeout (seconds)"
                      name="timeout_seconds"
                      inputMode="numeric"
                      value={draft.timeout_seconds}
                      onChange={set('timeout_seconds')}
                      error={errors.timeout_seconds}
                      placeholder={String(fitted(DEFAULTS.timeout_seconds))}
                      helper={`How long to wait for an answer; ${DEFAULTS.timeout_seconds} by default, or the interval if shorter.`}
                    />
                    <TextField
                      label="Retries before down"
                      name="retries"
                      inputMode="numeric"
                      value={draft.retries}
                      onChange={set('retries')}
                      error={errors.retries}
                      helper={`Failed re-checks that confirm an outage; ${DEFAULTS.retries} by default.`}
                    />
                    <TextField
                      label="Retry interval (seconds)"
                      name="retry_interval_seconds"
                      inputMode="numeric"
                      value={draft.retry_interval_seconds}
                      onChange={set('retry_interval_seconds')}
                      error={errors.retry_interval_seconds}
                      placeholder={String(fitted(DEFAULTS.retry_interval_seconds))}
                      helper={`Time between re-checks; ${DEFAULTS.retry_interval_seconds} by default, or the interval if shorter.`}
                    />
                    <TextField
                      label="Recovery checks"
                      name="recovery_checks"
                      inputMode="numeric"
                      value={draft.recovery_checks}
                      onChange={set('recovery_checks')}
                      error={errors.recovery_checks}
                      helper={`Good checks in a row before it counts as up; ${DEFAULTS.recovery_checks} by default.`}
                    />
                    <TextField
                      label="Degraded above (ms)"
                      name="degraded_threshold_ms"
                      inputMode="numeric"
                      value={draft.degraded_threshold_ms}
                      onChange={set('degraded_threshold_ms')}
                      error={errors.degraded_threshold_ms}
                      placeholder="Off"
                      helper="Slower answers count as degraded. Empty: off."
                    />
                  </div>
                </div>
              </details>
              <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3' })}>
                <Button variant="outline" onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? 'Saving...' : monitor ? 'Save changes' : 'Create monitor'}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
