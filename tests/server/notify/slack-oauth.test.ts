import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  exchangeSlackCode,
  SlackInstallError,
  slackInstallUrl,
} from '../../../src/server/notify/channels/slack-oauth.ts'
import { failureOf } from './alerts.ts'
import { type ChatServers, SLACK_APP, startChatServers } from './chat-servers.ts'

// "Add to Slack": the authorize URL, and the exchange of Slack's code for the channel's webhook.

let chat: ChatServers
beforeAll(async () => {
  chat = await startChatServers()
})
afterAll(() => chat.close())
beforeEach(() => chat.reset())

const REDIRECT = 'https://app.vigil.test/api/integrations/slack/callback'

const exchange = (code = SLACK_APP.code, clientSecret = SLACK_APP.clientSecret) =>
  exchangeSlackCode({
    code,
    redirectUri: REDIRECT,
    clientId: SLACK_APP.clientId,
    clientSecret,
    apiUrl: chat.slackApiUrl,
  })

describe('slackInstallUrl', () => {
  it('asks Slack for an incoming webhook, with the redirect and the state', () => {
    const url = new URL(slackInstallUrl({ clientId: '1111.2222', redirectUri: REDIRECT, state: 'st&te=1' }))
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1111.2222',
      scope: 'incoming-webhook',
      redirect_uri: REDIRECT,
      state: 'st&te=1',
    })
  })

  it('takes another authorize URL', () => {
    const url = slackInstallUrl({
      clientId: 'c',
      redirectUri: REDIRECT,
      state: 's',
      oauthUrl: `${chat.base}/slack/oauth/v2/authorize`,
    })
    expect(url.startsWith(`${chat.base}/slack/oauth/v2/authorize?client_id=c&scope=incoming-webhook&`)).toBe(true)
  })
})

describe('exchangeSlackCode', () => {
  it('returns the channel’s webhook, the channel and the workspace', async () => {
    expect(await exchange()).toEqual({
      webhookUrl: 'https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnopqrstuvwx',
      channel: '#alerts',
      team: 'Acme',
    })
    const [seen] = chat.seen
    expect(seen?.service).toBe('slack-oauth')
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(seen?.body))).toEqual({
      client_id: SLACK_APP.clientId,
      client_secret: SLACK_APP.clientSecret,
      code: SLACK_APP.code,
      redirect_uri: REDIRECT,
    })
  })

  it('says which error Slack gave when it refuses', async () => {
    const err = await failureOf(exchange('used-code'))
    expect(err).toBeInstanceOf(SlackInstallError)
    expect(err.message).toBe('Slack refused the installation: invalid_code.')
    expect(err.slackError).toBe('invalid_code')
  })

  it('never puts the client secret in an error', async () => {
    const messages = [(await failureOf(exchange('good-code', 'wrong-secret-abcdef'))).message]
    chat.failNext({ status: 500, body: 'internal_error' })
    messages.push((await failureOf(exchange())).message)
    chat.failNext({ status: 200, body: JSON.stringify({ ok: true, team: { name: 'Acme' } }) })
    messages.push((await failureOf(exchange())).message)
    chat.failNext('close')
    messages.push((await failureOf(exchange())).message)
    expect(messages).toEqual([
      'Slack refused the installation: invalid_client_id.',
      'Slack answered 500 to the installation: internal_error.',
      'Slack did not give a webhook for the installation: try Add to Slack again.',
      `Slack could not be reached to finish the installation: The server at 127.0.0.1:${chat.port} closed the connection without a response.`,
    ])
    for (const message of messages) expect(message).not.toContain(SLACK_APP.clientSecret)
  })
})
