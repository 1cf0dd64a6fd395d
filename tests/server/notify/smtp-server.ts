import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { SmtpSettings } from '../../../src/server/config.ts'

// An SMTP server on 127.0.0.1 (the smtp-server package) that accepts mail, or refuses the next one on demand
// at RCPT TO or after DATA with the code given. Received mail is kept raw and read by readMail.

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

export interface TestSmtp {
  port: number
  settings: SmtpSettings
  received: ReceivedMail[]
  refuseNext: (refusal: { at: 'rcpt' | 'data'; code: number; message: string }) => void
  close: () => Promise<void>
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code })

export const startSmtp = async (): Promise<TestSmtp> => {
  const received: ReceivedMail[] = []
  let next: { at: 'rcpt' | 'data'; code: number; message: string } | undefined
  const take = (at: 'rcpt' | 'data') => {
    if (next?.at !== at) return undefined
    const refused = refusal(next.code, next.message)
    next = undefined
    return refused
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(take('rcpt') ?? undefined)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const refused = take('data')
        if (refused) return callback(refused)
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    settings: { host: '127.0.0.1', port, secure: false, from: 'Vigil <alerts@vigil.test>' },
    received,
    refuseNext: (r) => {
      next = r
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// A small MIME reader, enough for nodemailer's output: headers (RFC 2047 words decoded), and the text and
// HTML parts of a multipart/alternative, quoted-printable or base64.

export interface ParsedMail {
  headers: Record<string, string>
  subject: string
  text: string
  html: string
  /** Parts sent as attachments (multipart/mixed), their bytes decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[]
}

const splitHead = (raw: string) => {
  const at = raw.indexOf('\r\n\r\n')
  const head = at === -1 ? raw : raw.slice(0, at)
  const body = at === -1 ? '' : raw.slice(at + 4)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

const qpBytes = (text: string) => {
  const bytes: number[] = []
  const soft = text.replace(/=\r\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(soft[i] as string))
  }
  return Buffer.from(bytes)
}

/** RFC 2047: adjacent encoded words are joined before decoding, so a character split across two survives. */
export const decodeWords = (value: string): string =>
  value.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=\s*)+/g, (run) => {
    const bytes: Buffer[] = []
    for (const [, kind, data] of run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g))
      bytes.push(
        kind?.toUpperCase() === 'B' ? Buffer.from(data ?? '', 'base64') : qpBytes((data ?? '').replace(/_/g, ' ')),
      )
    const trailing = /\s*$/.exec(run)?.[0] ?? ''
    return Buffer.concat(bytes).toString() + trailing
  })

const decodePart = (headers: Record<string, string>, body: string) => {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return qpBytes(body).toString()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString()
  return body
}

export const readMail = (raw: string): ParsedMail => {
  const { headers, body } = splitHead(raw)
  const mail: ParsedMail = { headers, subject: decodeWords(headers.subject ?? ''), text: '', html: '', attachments: [] }
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitHead(p.replace(/^\r\n/, '')))
    : [{ headers, body }]
  for (const part of parts) {
    const disposition = part.headers['content-disposition'] ?? ''
    if (disposition.startsWith('attachment')) {
      mail.attachments.push({
        filename: decodeWords(/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? ''),
        contentType: (part.headers['content-type'] ?? '').split(';')[0] ?? '',
        content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64'),
      })
      continue
    }
    const content = decodePart(part.headers, part.body.replace(/\r\n$/, ''))
    if ((part.headers['content-type'] ?? '').startsWith('text/html')) mail.html = content
    else if ((part.headers['content-type'] ?? 'text/plain').startsWith('text/plain')) mail.text = content
  }
  return mail
}

/**
 * The token of the `/confirm-email?token=` link in the latest mail to `address` whose subject matches, waiting for
 * it (account mail may be queued after the answer that caused it).
 */
export const confirmLinkToken = async (smtp: TestSmtp, address: string, subject = /Confirm your email address/) => {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const mail = smtp.received
      .filter((m) => m.to.includes(address))
      .map((m) => readMail(m.raw))
      .filter((m) => subject.test(m.subject))
      .at(-1)
    const token = mail && /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1]
    if (token) return token
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no confirmation link mailed to ${address}`)
}
