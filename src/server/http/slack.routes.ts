import { Hono } from 'hono'
import { exchangeSlackCode, SlackInstallError, slackInstallUrl } from '../notify/channels/slack-oauth.ts'
import type { integrationsService } from '../services/integrations.service.ts'
import { slackInstallService } from '../services/slack-install.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { readToken } from './session.middleware.ts'

// "Add to Slack" (OAuth v2, incoming-webhook scope). The browser comes here by navigation, so answers are
// redirects: to Slack, then back to /slack-connected with the new integration or the reason it failed. The
// state is random, stored hashed, bound to the signed-in user, valid 10 minutes and usable once
// (services/slack-install.service.ts).
export const slackRoutes = (deps: Deps, integrations: ReturnType<typeof integrationsService>) => {
  const connected = (query: Record<string, string>) => `/slack-connected?${new URLSearchParams(query)}`
  const redirectUri = () => `${deps.config.appUrl}/api/integrations/slack/callback`
  const oauth = slackInstallService(deps)

  const signedInUser = async (c: Parameters<typeof readToken>[0]) => {
    const token = readToken(c)
    if (!token || token.length > 200) return undefined
    return oauth.userOfToken(token)
  }

  return new Hono<AppEnv>()
    .get('/install', async (c) => {
      const slack = deps.config.alerts.slack
      if (!slack)
        return c.redirect(
          connected({ error: 'Add to Slack is not set up on this server (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET).' }),
        )
      const userId = await signedInUser(c)
      if (!userId) return c.redirect('/login')
      const state = await oauth.newState(userId)
      return c.redirect(
        slackInstallUrl({ clientId: slack.clientId, redirectUri: redirectUri(), state, oauthUrl: slack.oauthUrl }),
      )
    })
    .get('/callback', async (c) => {
      const slack = deps.config.alerts.slack
      const { code, state, error } = c.req.query()
      if (!slack) return c.redirect(connected({ error: 'Add to Slack is not set up on this server.' }))
      const userId = await signedInUser(c)
      if (!userId) return c.redirect('/login')
      if (!(await oauth.takeState(state, userId)))
        return c.redirect(
          connected({
            error:
              'This Slack connection was not started from your account here, or it has expired. Try Add to Slack again.',
          }),
        )
      if (error || !code)
        return c.redirect(connected({ error: `Slack was not connected: ${error || 'Slack sent no code'}.` }))
      try {
        const install = await exchangeSlackCode({
          code,
          redirectUri: redirectUri(),
          clientId: slack.clientId,
          clientSecret: slack.clientSecret,
          apiUrl: slack.apiUrl,
        })
        const name = [install.team, install.channel].filter(Boolean).join(' ') || 'Slack'
        const { integration } = await integrations.createSlack(
          userId,
          `Slack ${name}`.slice(0, 100),
          install.webhookUrl,
        )
        return c.redirect(connected({ integration: integration.id }))
      } catch (err) {
        if (err instanceof SlackInstallError) return c.redirect(connected({ error: err.message }))
        throw err
      }
    })
}
