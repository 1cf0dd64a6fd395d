import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Search } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { blacklistApi } from '../../../adapters/blacklist-api.ts'
import { blacklistCheckLogic } from '../../../adapters/blacklist-check.actors.ts'
import { Button } from '../../components/button.tsx'
import { Form } from '../../components/form.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FeatureGate, PageCard } from '../FeaturePage.tsx'
import { BlacklistZones } from './BlacklistZones.tsx'
import { TextField } from './form-fields.tsx'
import { formatDateTime } from './format.ts'
import { LazyMonitorDetailPage } from './LazyMonitorDetailPage.tsx'
import { MonitorList } from './MonitorListPage.tsx'
import { MONITOR_TYPE_UI } from './types/index.ts'

const { label } = MONITOR_TYPE_UI.blacklist

/**
 * Check Black List: a one-off check of an address or domain, and the scheduled blacklist
 * monitors below it. With `?id=` it is that monitor's page (the spec has no detail route for them).
 */
export function CheckBlackListPage() {
  const [search] = useSearchParams()
  if (search.get('id')) return <LazyMonitorDetailPage type="blacklist" />
  return (
    <FeatureGate feature={label}>
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <OneOffCheck />
        <MonitorList type="blacklist" embedded />
      </div>
    </FeatureGate>
  )
}

function OneOffCheck() {
  const logic = useMemo(() => blacklistCheckLogic(blacklistApi), [])
  const check = useActorRef(logic)
  const checking = useSelector(check, (s) => s.matches('checking'))
  const target = useSelector(check, (s) => s.context.target)
  const result = useSelector(check, (s) => s.context.result)
  const errors = useSelector(check, (s) => s.context.errors)
  const message = useSelector(check, (s) => s.context.message)
  const [text, setText] = useState('')

  return (
    <PageCard id="check-title" title={label}>
      <p className={css({ maxW: '2xl' })}>
        Ask the DNS blacklists about an IP address or a domain now. For a domain, the addresses of its web and mail
        servers are checked.
      </p>
      <Form
        aria-label="Check a target"
        className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}
        onSubmit={(e) => {
          e.preventDefault()
          check.send({ type: 'blacklist.check', target: text })
        }}
      >
        <div className={css({ flex: '1', minW: '64', maxW: 'xl' })}>
          <TextField
            label="Target"
            name="target"
            required
            value={text}
            onChange={setText}
            error={errors.target}
            placeholder="192.0.2.25 or mail.example.com"
            helper="An IPv4 or IPv6 address, or a domain."
          />
        </div>
        <Button type="submit" disabled={checking} className={css({ mt: { base: '0', sm: '6' } })}>
          <Search aria-hidden="true" /> {checking ? 'Checking...' : 'Check'}
        </Button>
      </Form>
      <div aria-live="polite" className={css({ display: 'grid', gap: '4' })}>
        {checking && (
          <p role="status" className={css({ color: 'muted' })}>
            Asking the blacklists about {target}; this can take a few seconds...
          </p>
        )}
        <ErrorAlert message={message} />
        {result && (
          <section
            aria-labelledby="check-result-title"
            aria-busy={checking}
            className={css({ opacity: checking ? 0.5 : 1, transition: 'opacity 0.2s' })}
          >
            <h2 id="check-result-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              Result for {result.target}
            </h2>
            <p className={css({ color: 'muted', fontSize: 'sm', mb: '3' })}>
              Checked <time dateTime={result.checked_at}>{formatDateTime(result.checked_at)}</time>
            </p>
            <BlacklistZones detail={result} label={`Blacklist results for ${result.target}`} />
          </section>
        )}
      </div>
    </PageCard>
  )
}
