import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

// One HTTP server on 127.0.0.1 that plays the chat services alert channels talk to: Slack's incoming webhooks
// and oauth.v2.access, Teams and Discord webhooks, Telegram's sendMessage and a generic webhook receiver. It
// checks bodies as the real services do (their size limits, Telegram's HTML), records every request, and
// misbehaves on demand (failNext). Tests send traffic to loopback only.

export type Service = 'slack' | 'slack-oauth' | 'teams' | 'discord' | 'telegram' | 'webhook' | 'unknown'

export interface Seen {
  service: Service
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** The exact bytes received. */
  raw: Buffer
  body: string
}

/** A misbehaviour for the next request, whatever its service. */
export type Trouble =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answer; the connection stays open until the client gives up. */
  | 'slow'
  /** Close the connection without an answer. */
  | 'close'
  /** A 200 whose body is 64 MiB, written as fast as the client reads. */
  | 'huge'
  | { redirect: string; status?: number }

/** What oauth.v2.access accepts, and what it answers. */
export const SLACK_APP = {
  clientId: '1111.2222',
  clientSecret: 'test-client-secret-0123456789abcdef',
  code: 'good-code',
  team: 'Acme',
  channel: '#alerts',
}

export interface ChatServers {
  port: number
  base: string
  slackUrl: string
  slackApiUrl: string
  teamsUrl: string
  discordUrl: string
  webhookUrl: string
  telegramApiUrl: string
  seen: Seen[]
  /** TCP connections accepted so far. */
  connections: () => number
  /** Whether the last 'huge' answer was written to its end. */
  hugeFinished: () => boolean
  failNext: (trouble: Trouble, times?: number) => void
  /** Forgets the requests seen and any trouble not used yet. */
  reset: () => void
  close: () => Promise<void>
}

const serviceOf = (path: string): Service => {
  if (path.startsWith('/slack/services/')) return 'slack'
  if (path === '/slack/api/oauth.v2.access') return 'slack-oauth'
  if (path.startsWith('/teams/')) return 'teams'
  if (path.startsWith('/discord/')) return 'discord'
  if (/^\/telegram\/bot[^/]+\/sendMessage$/.test(path)) return 'telegram'
  if (path.startsWith('/webhook/')) return 'webhook'
  return 'unknown'
}

type Reply = { status: number; type?: string; body: string }
const json = (status: number, value: unknown): Reply => ({
  status,
  type: 'application/json',
  body: JSON.stringify(value),
})
const text = (status: number, body: string): Reply => ({ status, type: 'text/plain', body })

const parseJson = (body: string): any => {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** Slack's block limits: a text object at most 3000 characters, at most 10 fields of 2000. */
const slackReply = (body: string): Reply => {
  const message = parseJson(body)
  if (!message || (typeof message.text !== 'string' && !Array.isArray(message.blocks)))
    return text(400, 'invalid_payload')
  for (const block of message.blocks ?? []) {
    if (block.text && (typeof block.text.text !== 'string' || block.text.text.length > 3000))
      return text(400, 'invalid_blocks')
    const fields = block.fields ?? []
    if (fields.length > 10 || fields.some((f: any) => typeof f.text !== 'string' || f.text.length > 2000))
      return text(400, 'invalid_blocks')
  }
  return text(200, 'ok')
}

/** Discord's embed limits. */
const discordReply = (body: string): Reply => {
  const message = parseJson(body)
  const invalid = json(400, { message: 'Invalid Form Body', code: 50035 })
  const embed = message?.embeds?.[0]
  if (!embed) return invalid
  const fields: any[] = embed.fields ?? []
  const lengths = [embed.title ?? '', embed.description ?? '', ...fields.flatMap((f) => [f.name, f.value])]
  if ((embed.title ?? '').length > 256 || (embed.description ?? '').length > 4096 || fields.length > 25) return invalid
  if (fields.some((f) => f.name.length > 256 || f.value.length > 1024)) return invalid
  if (lengths.reduce((n, s) => n + s.length, 0) > 6000) return invalid
  return { status: 204, body: '' }
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' }

/** The text a Telegram HTML message shows, or why Telegram would refuse it. */
export const telegramVisible = (html: string): { text: string } | { error: string } => {
  const allowed = /^<(\/?(b|i|u|s|code|pre)|a href="[^"<>]*"|\/a)>$/
  let visible = ''
  for (const part of html.split(/(<[^>]*>|&[^;\s]*;)/)) {
    if (part.startsWith('<')) {
      if (!allowed.test(part)) return { error: `Bad Request: can't parse entities: unsupported start tag "${part}"` }
    } else if (part.startsWith('&') && part.endsWith(';')) {
      const decoded = ENTITIES[part]
      if (decoded === undefined) return { error: `Bad Request: can't parse entities: unknown entity "${part}"` }
      visible += decoded
    } else if (/[<>&]/.test(part)) {
      return { error: "Bad Request: can't parse entities: unescaped character" }
    } else visible += part
  }
  return { text: visible }
}

let messageIds = 0

const telegramReply = (path: string, body: string): Reply => {
  const token = /^\/telegram\/bot([^/]+)\//.exec(path)?.[1] ?? ''
  if (!/^\d{3,15}:[A-Za-z0-9_-]{30,64}$/.test(token))
    return json(404, { ok: false, error_code: 404, description: 'Not Found' })
  const message = parseJson(body)
  if (!message?.chat_id) return json(400, { ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' })
  if (message.parse_mode !== 'HTML') return json(400, { ok: false, error_code: 400, description: 'unexpected mode' })
  const visible = telegramVisible(String(message.text ?? ''))
  if ('error' in visible) return json(400, { ok: false, error_code: 400, description: visible.error })
  if (visible.text.length > 4096)
    return json(400, { ok: false, error_code: 400, description: 'Bad Request: message is too long' })
  messageIds += 1
  return json(200, { ok: true, result: { message_id: messageIds, chat: { id: message.chat_id }, text: visible.text } })
}

const slackOAuthReply = (headers: http.IncomingHttpHeaders, body: string): Reply => {
  if (headers['content-type'] !== 'application/x-www-form-urlencoded')
    return json(200, { ok: false, error: 'invalid_form_data' })
  const form = new URLSearchParams(body)
  if (form.get('client_id') !== SLACK_APP.clientId || form.get('client_secret') !== SLACK_APP.clientSecret)
    return json(200, { ok: false, error: 'invalid_client_id' })
  if (form.get('code') !== SLACK_APP.code) return json(200, { ok: false, error: 'invalid_code' })
  return json(200, {
    ok: true,
    app_id: 'A0001',
    scope: 'incoming-webhook',
    token_type: 'bot',
    access_token: 'xoxb-not-used',
    team: { id: 'T0001', name: SLACK_APP.team },
    incoming_webhook: {
      channel: SLACK_APP.channel,
      channel_id: 'C0001',
      configuration_url: 'https://acme.slack.com/services/B0001',
      url: 'https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnopqrstuvwx',
    },
  })
}

const reply = (seen: Seen): Reply => {
  switch (seen.service) {
    case 'slack':
      return slackReply(seen.body)
    case 'slack-oauth':
      return slackOAuthReply(seen.headers, seen.body)
    case 'teams':
      return parseJson(seen.body)?.attachments?.[0]?.contentType === 'application/vnd.microsoft.card.adaptive'
        ? { status: 202, body: '' }
        : json(400, { error: { code: 'InvalidRequestContent', message: 'No adaptive card' } })
    case 'discord':
      return discordReply(seen.body)
    case 'telegram':
      return telegramReply(seen.path, seen.body)
    case 'webhook':
      return text(200, 'received')
    default:
      return text(404, 'not found')
  }
}

export const startChatServers = async (): Promise<ChatServers> => {
  const seen: Seen[] = []
  const troubles: Trouble[] = []
  const sockets = new Set<Socket>()
  let connections = 0
  let hugeFinished = false

  const writeHuge = (res: http.ServerResponse) => {
    hugeFinished = false
    res.writeHead(200, { 'content-type': 'text/plain' })
    const block = Buffer.alloc(64 * 1024, 'x')
    let sent = 0
    const pump = () => {
      while (sent < 64 * 1024 * 1024 && !res.destroyed) {
        sent += block.length
        if (!res.write(block)) return void res.once('drain', pump)
      }
      if (!res.destroyed) res.end(() => (hugeFinished = true))
    }
    pump()
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const raw = Buffer.concat(chunks)
      const entry: Seen = {
        service: serviceOf(path),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body: raw.toString(),
      }
      seen.push(entry)
      const trouble = troubles.shift()
      if (trouble === 'slow') return
      if (trouble === 'close') return void req.socket.destroy()
      if (trouble === 'huge') return writeHuge(res)
      if (trouble && 'redirect' in trouble)
        return void res.writeHead(trouble.status ?? 302, { location: trouble.redirect }).end('moved')
      if (trouble) return void res.writeHead(trouble.status, trouble.headers).end(trouble.body ?? '')
      const answer = reply(entry)
      res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {}).end(answer.body)
    })
  })
  server.on('connection', (socket) => {
    connections += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  return {
    port,
    base,
    slackUrl: `${base}/slack/services/T0001/B0001/abcdefghijklmnopqrstuvwx`,
    slackApiUrl: `${base}/slack/api`,
    teamsUrl: `${base}/teams/workflows/abc/triggers/manual/paths/invoke?sig=s3cret`,
    discordUrl: `${base}/discord/api/webhooks/123456/token-abc`,
    webhookUrl: `${base}/webhook/vigil`,
    telegramApiUrl: `${base}/telegram`,
    seen,
    connections: () => connections,
    hugeFinished: () => hugeFinished,
    failNext: (trouble, times = 1) => {
      for (let i = 0; i < times; i++) troubles.push(trouble)
    },
    reset: () => {
      seen.length = 0
      troubles.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        troubles.length = 0
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
