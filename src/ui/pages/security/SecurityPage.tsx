import type { SessionView } from '@vigil/domain/sessions'
import { useCallback, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { securityApi } from '../../../adapters/security-api.ts'
import { sessionsApi, sessionsLogic } from '../../../adapters/sessions-api.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffects } from '../../app/effects.ts'
import { Chip } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import * as Table from '../../components/table.tsx'
import { AccountSection, PasswordSection } from '../account-sections.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FeatureGate } from '../FeaturePage.tsx'
import { formatDateTime } from '../monitors/format.ts'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { SecurityLog } from './SecurityLog.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'

const clientOf = (s: SessionView) => [s.browser, s.system].filter(Boolean).join(' on ') || 'An unknown browser or app'

/** Settings → Security: the password, and the sessions signed in to this account. */
export function SecurityPage() {
  // The log is read again after each change on this page, so it shows the change.
  const [version, setVersion] = useState(0)
  const changed = useCallback(() => setVersion((n) => n + 1), [])
  return (
    <FeatureGate feature="Security">
      <StackedPage
        id="security-title"
        title="Security"
        description="Your password, two-factor sign-in, where your account is signed in, and what happened to it."
      >
        <PasswordSection />
        <TwoFactorSection api={securityApi} onChange={changed} />
        <Sessions onChange={changed} />
        <SecurityLog key={version} api={securityApi} />
      </StackedPage>
    </FeatureGate>
  )
}

function Sessions({ onChange }: { onChange: () => void }) {
  const fx = useEffects()
  // Each ended session is told in a toast, and the log below is read again.
  const logic = useMemo(() => {
    const toast: typeof fx.toast = (told) => {
      fx.toast(told)
      onChange()
    }
    return sessionsLogic(sessionsApi, { toast })
  }, [fx, onChange])
  const flow = useActorRef(logic)
  const sessions = useSelector(flow, (s) => s.context.sessions)
  const error = useSelector(flow, (s) => s.context.error)
  const message = useSelector(flow, (s) => s.context.message)
  const pending = useSelector(flow, (s) => s.context.pending)
  const failed = useSelector(flow, (s) => s.matches('failed'))
  const busy = useSelector(flow, (s) => !s.matches('ready'))
  const others = sessions?.filter((s) => !s.current).length ?? 0

  return (
    <AccountSection id="sessions-title" title="Sessions">
      <p className={css({ color: 'muted' })}>
        Every browser and app signed in to your account. Sign out one you do not know, then change your password.
      </p>
      {failed && <RetryAlert onRetry={() => flow.send({ type: 'sessions.retry' })}>{error}</RetryAlert>}
      <ErrorAlert message={message} />
      {!sessions && !failed && <LoadingCard />}
      {sessions && (
        <>
          <Table.Simple
            label="Signed-in sessions"
            layout="stack"
            columns={['Browser and system', 'Address', 'Signed in', 'Last active', '']}
          >
            {sessions.map((s) => (
              <Table.Row key={s.id}>
                <Table.Cell>
                  {clientOf(s)} {s.current && <Chip>This device</Chip>}
                </Table.Cell>
                <Table.Cell>{s.ip ?? 'unknown'}</Table.Cell>
                <Table.Cell>{formatDateTime(s.created_at)}</Table.Cell>
                <Table.Cell>{s.last_active_at ? formatDateTime(s.last_active_at) : 'not yet'}</Table.Cell>
                <Table.Cell textAlign="end">
                  {!s.current && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Sign out ${clientOf(s)}, ${s.ip ?? 'unknown address'}`}
                      onClick={() => flow.send({ type: 'sessions.end', id: s.id })}
                    >
                      {pending === s.id ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Simple>
          <div>
            <Button
              variant="outline"
              disabled={busy || others === 0}
              onClick={() => flow.send({ type: 'sessions.endOthers' })}
            >
              {pending === 'others' ? 'Signing out...' : 'Sign out everywhere else'}
            </Button>
          </div>
        </>
      )}
    </AccountSection>
  )
}
