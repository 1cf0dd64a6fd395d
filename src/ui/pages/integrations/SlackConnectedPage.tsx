import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { ArrowLeft, CircleCheck, RotateCcw, Send, TriangleAlert } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { slackConnectedLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi, SLACK_INSTALL_PATH } from '../../../adapters/integrations-api.ts'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as PageHeader from '../../components/page-header.tsx'
import { link } from '../monitors/table-styles.ts'
import { RetryAlert } from '../PageParts.tsx'
import { SignInNeeded } from './SignInNeeded.tsx'
import { TestOutcome } from './TestOutcome.tsx'

const back = (
  <Link to="/integrations" className={link}>
    <ArrowLeft size={16} aria-hidden="true" className={css({ display: 'inline', mr: '1' })} />
    Back to integrations
  </Link>
)

/**
 * /slack-connected: where "Add to Slack" ends (inside the layout, without the session check).
 * The server sends `?integration={id}` on success or `?error={message}`.
 */
export function SlackConnectedPage() {
  const [search] = useSearchParams()
  const integrationId = search.get('integration')
  const error = search.get('error')
  return <SlackConnected key={`${integrationId} ${error}`} integrationId={integrationId} error={error} />
}

function SlackConnected({ integrationId, error }: { integrationId: string | null; error: string | null }) {
  const logic = useMemo(() => slackConnectedLogic(integrationsApi), [])
  const flow = useActorRef(logic, { input: { integrationId, error } })
  const state = useSelector(flow, (s) =>
    s.matches('connected')
      ? 'connected'
      : s.matches('refused')
        ? 'refused'
        : s.matches('notFound')
          ? 'notFound'
          : s.matches('signedOut')
            ? 'signedOut'
            : s.matches('failed')
              ? 'failed'
              : 'loading',
  )
  const message = useSelector(flow, (s) => s.context.error)
  const integration = useSelector(flow, (s) => s.context.integration)
  const sending = useSelector(flow, (s) => s.matches({ connected: 'sending' }))
  const test = useSelector(flow, (s) => s.context.test)

  if (state === 'signedOut') return <SignInNeeded heading="h1" />

  if (state === 'refused')
    return (
      <SlackCard>
        <Title>
          <TriangleAlert aria-hidden="true" className={css({ color: 'red.700' })} /> Could not connect Slack
        </Title>
        <p role="alert" className={css({ overflowWrap: 'anywhere' })}>
          {message}
        </p>
        <Card.Footer gap="4">
          <a href={SLACK_INSTALL_PATH} className={button({ variant: 'solid' })}>
            <RotateCcw aria-hidden="true" /> Try again
          </a>
          {back}
        </Card.Footer>
      </SlackCard>
    )

  if (state === 'notFound')
    return (
      <SlackCard>
        <Title>Integration not found</Title>
        <p>
          This Slack channel is not among your integrations: it may have been removed, or connected while signed in to
          another account.
        </p>
        <Card.Footer>{back}</Card.Footer>
      </SlackCard>
    )

  if (state === 'connected' && integration)
    return (
      <SlackCard>
        <Title>
          <CircleCheck aria-hidden="true" className={css({ color: 'green.700' })} /> Slack connected
        </Title>
        <p>
          Alerts now go to <strong>{integration.name}</strong>. Every monitor alerts it, unless you choose other
          channels on a monitor.
        </p>
        <Card.Footer gap="4">
          <Button onClick={() => flow.send({ type: 'slack.test' })} disabled={sending}>
            <Send aria-hidden="true" /> Send test message
          </Button>
          {back}
        </Card.Footer>
        <TestOutcome sending={sending} outcome={test} />
      </SlackCard>
    )

  return (
    <SlackCard>
      <Title>Slack connected</Title>
      {state === 'failed' ? (
        <RetryAlert onRetry={() => flow.send({ type: 'slack.retry' })}>{message}</RetryAlert>
      ) : (
        <p role="status">Loading...</p>
      )}
    </SlackCard>
  )
}

function SlackCard({ children }: { children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby="slack-title">
      {children}
    </Card.Root>
  )
}

/** The page's h1, with the icon of how it went. */
function Title({ children }: { children: ReactNode }) {
  return (
    <PageHeader.Root>
      <PageHeader.Title id="slack-title" display="flex" gap="2" alignItems="center">
        {children}
      </PageHeader.Title>
    </PageHeader.Root>
  )
}
