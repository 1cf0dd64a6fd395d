import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendAlert } from '../../../src/server/notify/channels/index.ts'
import { alertEvent, context, EVIL_ERROR, EVIL_NAME, evilEvent, TELEGRAM_TOKEN } from './alerts.ts'
import { type ChatServers, startChatServers, telegramVisible } from './chat-servers.ts'

// Slack, Teams, Discord and Telegram: what each receiver gets, and that a hostile monitor name arrives inert.

let chat: ChatServers
beforeAll(async () => {
  chat = await startChatServers()
})
afterAll(() => chat.close())
beforeEach(() => chat.reset())

const last = () => {
  const seen = chat.seen.at(-1)
  if (!seen) throw new Error('the server saw no request')
  return { ...seen, json: JSON.parse(seen.body) }
}

/** Every string in a JSON value, with the path to it. */
const strings = (value: unknown, path = ''): [string, string][] => {
  if (typeof value === 'string') return [[path, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`))
  return []
}

const unescapeSlack = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\u200b/g, '')
/** A markdown character not preceded by an escaping backslash (braces: Adaptive Cards' date functions). */
const BARE_CARD_MARKDOWN = /(^|[^\\])(\\\\)*[*_~`[\]<>#{}]/
const BARE_DISCORD_MARKDOWN = /(^|[^\\])(\\\\)*[*_~`[\]<>#|]/

describe('Slack', () => {
  it('posts blocks with the title, the facts and a button to the monitor', async () => {
    await sendAlert({ type: 'slack', settings: { url: chat.slackUrl } }, alertEvent(), 'd1', context())
    const { json, headers, method, service } = last()
    expect([service, method]).toEqual(['slack', 'POST'])
    expect(headers['content-type']).toBe('application/json')
    expect(headers['user-agent']).toBe('Vigil-Alerts/1.0')
    expect(json.text).toBe(
      'Shop is down: Shop has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.',
    )
    expect(json.blocks[0].text.text).toBe(
      '*Shop is down*\nShop has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.',
    )
    expect(json.blocks[1].fields.map((f: { text: string }) => f.text)).toEqual([
      '*Monitor*\nShop',
      '*Target*\nhttps://shop.example.com/health',
      '*Since*\n02 Mar 2026, 10:00 UTC',
      '*Last error*\nExpected 200, got 500.',
    ])
    expect(json.blocks[2].elements[0].url).toBe('https://app.vigil.test/monitors/web/mon_1')
  })

  it('delivers a hostile name without a mention or a link, and every mrkdwn text is verbatim', async () => {
    await sendAlert({ type: 'slack', settings: { url: chat.slackUrl } }, evilEvent(), 'd1', context())
    const { json } = last()
    const texts = strings(json).filter(([path]) => path.endsWith('.text'))
    expect(texts.length).toBeGreaterThan(4)
    for (const [path, text] of texts) {
      // Slack's control sequences all start with <: <!channel>, <@U123>, <http://x|y>.
      expect(text, path).not.toMatch(/[<>]/)
      expect(text, path).not.toMatch(/&(?!(amp|lt|gt);)/)
    }
    expect(unescapeSlack(json.text)).toContain(`${EVIL_NAME} is down`)
    expect(unescapeSlack(json.blocks[1].fields[3].text)).toBe(`*Last error*\n${EVIL_ERROR}`)
    const mrkdwn = [json.blocks[0].text, ...json.blocks[1].fields]
    expect(mrkdwn.every((t: { type: string; verbatim: boolean }) => t.type === 'mrkdwn' && t.verbatim)).toBe(true)
  })

  it('cuts very long values to what Slack accepts, without splitting an escape', async () => {
    const long = alertEvent({ last_error: '<&>'.repeat(3000), description: '&'.repeat(5000) }, 'Shop'.repeat(25))
    await sendAlert({ type: 'slack', settings: { url: chat.slackUrl } }, long, 'd1', context())
    const { json } = last()
    const field = json.blocks[1].fields[3].text as string
    expect(field.length).toBeLessThanOrEqual(2000)
    expect(field).toMatch(/(&lt;|&amp;|&gt;)…$/)
    expect(json.blocks[0].text.text.length).toBeLessThanOrEqual(3000)
  })

  it('sends a test message (no monitor) without facts or button', async () => {
    const test = alertEvent({
      kind: 'test',
      title: 'Test alert',
      description: 'It works.',
      monitor: null,
      since: null,
      last_error: null,
    })
    await sendAlert({ type: 'slack', settings: { url: chat.slackUrl } }, test, 'd1', context())
    expect(last().json.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*Test alert*\nIt works.', verbatim: true } },
    ])
  })
})

describe('Microsoft Teams', () => {
  it('posts an Adaptive Card with the title in the alert colour, the facts and a link', async () => {
    await sendAlert({ type: 'teams', settings: { url: chat.teamsUrl } }, alertEvent(), 'd1', context())
    const { json, path, service } = last()
    expect(service).toBe('teams')
    expect(path).toContain('?sig=s3cret')
    const [attachment] = json.attachments
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive')
    const card = attachment.content
    expect(card.type).toBe('AdaptiveCard')
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'Shop is down', color: 'Attention' })
    expect(card.body[2].facts).toContainEqual({ title: 'Target', value: 'https://shop.example.com/health' })
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open monitor', url: 'https://app.vigil.test/monitors/web/mon_1' },
    ])
  })

  it('escapes markdown, links and date functions in a hostile name', async () => {
    await sendAlert({ type: 'teams', settings: { url: chat.teamsUrl } }, evilEvent(), 'd1', context())
    const card = last().json.attachments[0].content
    const texts = [card.body[0].text, card.body[1].text, ...card.body[2].facts.map((f: { value: string }) => f.value)]
    for (const text of texts) expect(text).not.toMatch(BARE_CARD_MARKDOWN)
    expect(unescapeMarkdown(card.body[0].text)).toBe(`${EVIL_NAME} is down`)
    expect(unescapeMarkdown(card.body[2].facts[3].value)).toBe(EVIL_ERROR)
    expect(card.body[2].facts[3].value).not.toContain('{{')
  })
})

describe('Discord', () => {
  it('posts one embed in the alert colour with mentions switched off', async () => {
    await sendAlert({ type: 'discord', settings: { url: chat.discordUrl } }, alertEvent(), 'd1', context())
    const { json, service } = last()
    expect(service).toBe('discord')
    expect(json.content).toBeNull()
    expect(json.allowed_mentions).toEqual({ parse: [] })
    const [embed] = json.embeds
    expect(embed).toMatchObject({
      title: 'Shop is down',
      url: 'https://app.vigil.test/monitors/web/mon_1',
      color: 0xdc2626,
      timestamp: '2026-03-02T10:01:00.000Z',
    })
    expect(embed.fields).toContainEqual({ name: 'Last error', value: 'Expected 200, got 500.', inline: false })
  })

  it('escapes markdown and breaks @everyone in a hostile name', async () => {
    await sendAlert({ type: 'discord', settings: { url: chat.discordUrl } }, evilEvent(), 'd1', context())
    const { json } = last()
    const [embed] = json.embeds
    const texts = [embed.title, embed.description, ...embed.fields.map((f: { value: string }) => f.value)]
    for (const text of texts) {
      expect(text).not.toMatch(BARE_DISCORD_MARKDOWN)
      expect(text).not.toMatch(/@(everyone|here|U123)/)
    }
    expect(unescapeMarkdown(embed.title)).toBe(`${EVIL_NAME} is down`)
    expect(json.allowed_mentions).toEqual({ parse: [] })
  })

  it('keeps a long alert within Discord’s embed limits', async () => {
    const long = alertEvent({ last_error: '*'.repeat(5000), description: '_'.repeat(5000) }, '#'.repeat(100))
    await sendAlert({ type: 'discord', settings: { url: chat.discordUrl } }, long, 'd1', context())
    // The test server refuses an embed over the limits, as Discord does (400 Invalid Form Body).
    const embed = last().json.embeds[0]
    expect(embed.description).toMatch(/^(\\_)+…$/)
  })
})

describe('Telegram', () => {
  const settings = { bot_token: TELEGRAM_TOKEN, chat_id: '-1001234567890' }

  it('calls sendMessage of the bot in HTML mode with the chat id', async () => {
    await sendAlert(
      { type: 'telegram', settings },
      alertEvent(),
      'd1',
      context({ telegramApiUrl: chat.telegramApiUrl }),
    )
    const { json, path, service } = last()
    expect(service).toBe('telegram')
    expect(path).toBe(`/telegram/bot${TELEGRAM_TOKEN}/sendMessage`)
    expect(json).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML', disable_web_page_preview: true })
    expect(json.text.split('\n')).toEqual([
      '<b>Shop is down</b>',
      'Shop has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.',
      'Monitor: Shop',
      'Target: https://shop.example.com/health',
      'Since: 02 Mar 2026, 10:00 UTC',
      'Last error: Expected 200, got 500.',
      '<a href="https://app.vigil.test/monitors/web/mon_1">Open monitor</a>',
    ])
  })

  it('escapes a hostile name so only the message’s own tags remain', async () => {
    await sendAlert({ type: 'telegram', settings }, evilEvent(), 'd1', context({ telegramApiUrl: chat.telegramApiUrl }))
    const { json } = last()
    expect(json.text.match(/<[^>]*>/g)).toEqual([
      '<b>',
      '</b>',
      '<a href="https://app.vigil.test/monitors/web/mon_1">',
      '</a>',
    ])
    const visible = telegramVisible(json.text)
    expect(visible).toHaveProperty('text')
    expect('text' in visible && visible.text).toContain(`${EVIL_NAME} is down\n`)
  })

  it('keeps a long alert under 4096 characters with no entity cut in half', async () => {
    const long = alertEvent({ last_error: '&<'.repeat(3000), description: '>'.repeat(6000) }, '&'.repeat(100))
    // The test server refuses broken entities and texts over 4096 characters, as Telegram does.
    await sendAlert({ type: 'telegram', settings }, long, 'd1', context({ telegramApiUrl: chat.telegramApiUrl }))
    expect(last().json.text).toMatch(/Last error: (&amp;|&lt;)+…\n/)
  })

  it('is not held to the target policy: its API base is the operator’s', async () => {
    const ctx = context({ telegramApiUrl: chat.telegramApiUrl, policy: { allowPrivate: false } })
    await sendAlert({ type: 'telegram', settings }, alertEvent(), 'd1', ctx)
    expect(last().service).toBe('telegram')
  })
})
