import { useActorRef, useSelector } from '@xstate/react'
import { ArrowLeft, CircleCheck, RotateCcw, Send, TriangleAlert } from 'lucide-react'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { slackConnectedLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi, SLACK_INSTALL_PATH } from '../../../adapters/integrations-api.ts'
import { Button } from '../../components/button.tsx'
import { alertBox, link } from '../monitors/table-styles.ts'
import { card, pageTitle } from '../page-styles.ts'
import { SignInNeeded } from './SignInNeeded.tsx'
import { TestOutcome } from './TestOutcome.tsx'

const title = css({ display: 'flex', gap: '2', alignItems: 'center' })
const back = (
  <Link to="/integrations" className={link}>
    <ArrowLeft size={16} aria-hidden="true" className={css({ display: 'inline', mr: '1' })} />
    Back to integrations
  </Link>
)

/**
 * /slack-connected: where "Add to Slack" ends (spec section 2: inside the layout, without the session check).
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
      <section className={card} aria-labelledby="slack-title">
        <h1 id="slack-title" className={`${pageTitle} ${title}`}>
          <TriangleAlert aria-hidden="true" className={css({ color: 'red.700' })} /> Could not connect Slack
        </h1>
        <p role="alert" className={css({ mb: '4', overflowWrap: 'anywhere' })}>
          {message}
        </p>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
          <a href={SLACK_INSTALL_PATH} className={button({ variant: 'solid' })}>
            <RotateCcw aria-hidden="true" /> Try again
          </a>
          {back}
        </div>
      </section>
    )

  if (state === 'notFound')
    return (
      <section className={card} aria-labelledby="slack-title">
        <h1 id="slack-title" className={pageTitle}>
          Integration not found
        </h1>
        <p className={css({ mb: '4' })}>
          This Slack channel is not among your integrations: it may have been removed, or connected while signed in to
          another account.
        </p>
        {back}
      </section>
    )

  if (state === 'connected' && integration)
    return (
      <section className={card} aria-labelledby="slack-title">
        <h1 id="slack-title" className={`${pageTitle} ${title}`}>
          <CircleCheck aria-hidden="true" className={css({ color: 'green.700' })} /> Slack connected
        </h1>
        <p className={css({ mb: '4' })}>
          Alerts now go to <strong>{integration.name}</strong>. Every monitor alerts it, unless you choose other
          channels on a monitor.
        </p>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap', mb: '3' })}>
          <Button onClick={() => flow.send({ type: 'slack.test' })} disabled={sending}>
            <Send aria-hidden="true" /> Send test message
          </Button>
          {back}
        </div>
        <TestOutcome sending={sending} outcome={test} />
      </section>
    )

  return (
    <section className={card} aria-labelledby="slack-title">
      <h1 id="slack-title" className={pageTitle}>
        Slack connected
      </h1>
      {state === 'failed' ? (
        <div role="alert" className={alertBox}>
          <span>{message}</span>
          <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'slack.retry' })}>
            Try again
          </Button>
        </div>
      ) : (
        <p role="status">Loading...</p>
      )}
    </section>
  )
}
