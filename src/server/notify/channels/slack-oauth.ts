import { DeliveryError } from './delivery-error.ts'
import { answerExcerpt, jsonObjectOf, post } from './http-post.ts'

// "Add to Slack": Slack's OAuth v2 with the incoming-webhook scope. The user picks a channel on Slack's page;
// the code Slack hands back is exchanged for that channel's webhook URL. The client secret goes to Slack's
// token endpoint only, and no message here ever holds it.

export const SLACK_OAUTH_URL = 'https://slack.com/oauth/v2/authorize'
export const SLACK_API_URL = 'https://slack.com/api'

/** A failed installation, in words for the user. */
export class SlackInstallError extends Error {
  /** Slack's error code (invalid_code, bad_redirect_uri, ...), when Slack gave one. */
  readonly slackError: string | undefined

  constructor(message: string, slackError?: string) {
    super(message)
    this.name = 'SlackInstallError'
    this.slackError = slackError
  }
}

/** The page that asks the user to add the app to a channel; `oauthUrl` replaces Slack's authorize URL. */
export const slackInstallUrl = (options: {
  clientId: string
  redirectUri: string
  state: string
  oauthUrl?: string
}): string => {
  const url = new URL(options.oauthUrl ?? SLACK_OAUTH_URL)
  url.searchParams.set('client_id', options.clientId)
  url.searchParams.set('scope', 'incoming-webhook')
  url.searchParams.set('redirect_uri', options.redirectUri)
  url.searchParams.set('state', options.state)
  return url.href
}

export interface SlackInstallation {
  webhookUrl: string
  /** The channel's name as Slack shows it (#alerts). */
  channel: string
  /** The workspace's name. */
  team: string
}

interface AccessAnswer {
  ok?: unknown
  error?: unknown
  incoming_webhook?: { url?: unknown; channel?: unknown; channel_id?: unknown; configuration_url?: unknown }
  team?: { name?: unknown }
}

/** Exchanges the code of Slack's redirect for the webhook of the channel the user chose. */
export const exchangeSlackCode = async (options: {
  code: string
  redirectUri: string
  clientId: string
  clientSecret: string
  /** Slack's Web API base; https://slack.com/api unless overridden. */
  apiUrl?: string
  timeoutMs?: number
  signal?: AbortSignal
}): Promise<SlackInstallation> => {
  const form = new URLSearchParams({
    client_id: options.clientId,
    client_secret: options.clientSecret,
    code: options.code,
    redirect_uri: options.redirectUri,
  })
  let answer: Awaited<ReturnType<typeof post>>
  try {
    answer = await post({
      url: `${(options.apiUrl ?? SLACK_API_URL).replace(/\/+$/, '')}/oauth.v2.access`,
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // Slack's API, or the operator's stand-in for it: not a user's URL.
      policy: null,
      timeoutMs: options.timeoutMs ?? 10_000,
      signal: options.signal,
    })
  } catch (err) {
    const reason = err instanceof DeliveryError ? err.message : String(err)
    throw new SlackInstallError(`Slack could not be reached to finish the installation: ${reason}`)
  }
  if (answer.status < 200 || answer.status >= 300) {
    const excerpt = answerExcerpt(answer)
    throw new SlackInstallError(`Slack answered ${answer.status} to the installation${excerpt ? `: ${excerpt}` : ''}.`)
  }
  const parsed = jsonObjectOf<AccessAnswer>(answer.body)
  if (parsed?.ok === false) {
    const code = typeof parsed.error === 'string' ? parsed.error.slice(0, 100) : 'unknown_error'
    throw new SlackInstallError(`Slack refused the installation: ${code}.`, code)
  }
  const hook = parsed?.incoming_webhook
  if (parsed?.ok !== true || typeof hook?.url !== 'string' || !/^https?:\/\//.test(hook.url))
    throw new SlackInstallError('Slack did not give a webhook for the installation: try Add to Slack again.')
  return {
    webhookUrl: hook.url,
    channel: typeof hook.channel === 'string' ? hook.channel : '',
    team: typeof parsed.team?.name === 'string' ? parsed.team.name : '',
  }
}
