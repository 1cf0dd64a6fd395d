import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { css } from '../../../../styled-system/css'
import { type SecurityApi, securityEventsLogic } from '../../../adapters/security-api.ts'
import { formatDateTime } from '@vigil/domain/date-format'
import { describeSecurityEvent, isWarning, SECURITY_LOG_SIZE } from '@vigil/domain/security-events'
import { Chip } from '../../components/badge.tsx'
import * as Table from '../../components/table.tsx'
import { AccountSection } from '../account-sections.tsx'
import { LoadingCard, RetryAlert } from '../PageParts.tsx'

/** The newest security events of the account, each with its time, address and browser. */
export function SecurityLog({ api }: { api: SecurityApi }) {
  const logic = useMemo(() => securityEventsLogic(api), [api])
  const load = useActorRef(logic)
  const events = useSelector(load, (s) => s.context.data)
  const error = useSelector(load, (s) => s.context.error)

  return (
    <AccountSection id="security-log-title" title="Security log">
      <p className={css({ color: 'muted' })}>
        The last {SECURITY_LOG_SIZE} sign-ins, failed sign-ins and changes to how your account signs in.
      </p>
      {error && <RetryAlert onRetry={() => load.send({ type: 'load.retry' })}>{error}</RetryAlert>}
      {!events && !error && <LoadingCard />}
      {events && events.length === 0 && <p>Nothing yet.</p>}
      {events && events.length > 0 && (
        <Table.Simple
          label="Security events"
          layout="stack"
          columns={['When', 'What', 'Address', 'Browser and system']}
        >
          {events.map((e) => (
            <Table.Row key={e.id}>
              <Table.Cell>{formatDateTime(e.at)}</Table.Cell>
              <Table.Cell>
                {describeSecurityEvent(e)} {isWarning(e.kind) && <Chip>Check this</Chip>}
              </Table.Cell>
              <Table.Cell>{e.ip ?? 'unknown'}</Table.Cell>
              <Table.Cell>{[e.browser, e.system].filter(Boolean).join(' on ') || 'unknown'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Simple>
      )}
    </AccountSection>
  )
}
