import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export interface SmtpSettings {
  host: string
  port: number
  secure: boolean
  user?: string
  password?: string
  from: string
}

export interface RateRule {
  max: number
  windowSeconds: number
}
export interface RateLimits {
  login: { perIp: RateRule; perAccount: RateRule }
  register: { perIp: RateRule; perAccount: RateRule }
  forgotPassword: { perIp: RateRule; perAccount: RateRule }
  /** The code after the password: counted apart from the password's tries, so neither can use up the other. */
  twoFactor: { perIp: RateRule; perAccount: RateRule }
  passwordChange: { perAccount: RateRule }
  /** One-off blacklist checks: each asks every DNSBL zone, and zones ban those who ask too much. */
  blacklistCheck: { perAccount: RateRule }
  /** New support requests: each mails the operator. */
  supportTicket: { perAccount: RateRule }
  /** Answers in a support ticket's thread: each mails the operator or the ticket's owner. */
  supportMessage: { perAccount: RateRule }
  /** Scheduled reports sent at once ("Send now"): each mails the schedule's recipients. */
  reportSend: { perAccount: RateRule }
  /** "Send again" of the link that confirms an address: each mails it. */
  emailConfirmation: { perAccount: RateRule }
}

/** Where the network checks ask: resolvers, blacklist zones, registries, extra trusted CAs. */
export interface NetworkConfig {
  /** `ip[:port]` of the resolvers DNS and blacklist checks ask; empty: the system's (/etc/resolv.conf). */
  dnsServers: string[]
  /** The DNSBL zones a blacklist check asks. */
  dnsblZones: string[]
  /** Ask every domain's registration here instead of the registry IANA's bootstrap names (tests, private registries). */
  rdapBaseUrl?: string
  /** IANA's RDAP bootstrap file for domains. */
  rdapBootstrapUrl: string
  /** `host[:port]` every WHOIS query goes to, instead of the TLD's own server (tests, private registries). */
  whoisServer?: string
  /** PEM certificates trusted by SSL checks besides the system's (a private CA). */
  tlsCa?: string
}

/** A sensible default: widely used zones that answer queries from anyone at a modest rate. */
export const DEFAULT_DNSBL_ZONES = [
  'zen.spamhaus.org',
  'bl.spamcop.net',
  'b.barracudacentral.org',
  'dnsbl.sorbs.net',
  'psbl.surriel.com',
  'dnsbl-1.uceprotect.net',
  'cbl.abuseat.org',
  'ix.dnsbl.manitu.net',
]

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  /** The address users reach the app at; used in links sent by mail. */
  appUrl: string
  allowPrivateTargets: boolean
  /** Read the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean
  sessionTtlDays: number
  resetTokenTtlMinutes: number
  /** scrypt cost as log2(N). */
  passwordHashCost: number
  bodyLimitBytes: number
  rateLimits: RateLimits
  smtp?: SmtpSettings
  staticDir: string
  /** Run the check scheduler in this process (false when dedicated workers, `npm run worker`, run checks). */
  runChecks: boolean
  network: NetworkConfig
  alerts: AlertConfig
  /** How long a public status page, its feed, badges and JSON are served from memory before being built again. */
  statusCacheMs: number
  /**
   * LIST_THREADS: on SQLite, threads that make the monitor list's pages (read-model/monitor-pages.ts), for a server
   * whose lists many read at once; each costs about 70 MB. 0 (the default) makes them in the thread that serves HTTP,
   * as PostgreSQL's always are.
   */
  listThreads: number
  /** SECRET_KEY (64 hex characters), or undefined for the key file in DATA_DIR. */
  secretKey?: string
  cloud: CloudConfig
  billing: BillingConfig
  /** ADMIN_EMAILS, lower-cased: the accounts with one of these addresses are operators (they answer support). */
  adminEmails: string[]
  /** SUPPORT_EMAIL: where new support requests and users' answers are mailed; unset, nothing is mailed. */
  supportEmail?: string
  /** CONTACT_EMAIL: the address the landing page's Contact links to; unset, it links to the support requests. */
  contactEmail?: string
}

/**
 * How Pro is paid for: BILLING=off (self-hosting: plan changes are free and immediate) or BILLING=stripe, with
 * the secret key, the webhook's signing secret, optionally the Pro price ids (otherwise found or created from
 * the plan rows) and STRIPE_API_URL (another host than api.stripe.com; tests use a loopback Stripe).
 */
export type BillingConfig =
  | { mode: 'off' }
  | {
      mode: 'stripe'
      secretKey: string
      webhookSecret: string
      prices: { monthly?: string; yearly?: string }
      api?: { host: string; port: number; protocol: 'http' | 'https' }
    }

/** How connected cloud accounts are read. */
export interface CloudConfig {
  /** How often an account is read when none of its monitors asks for more often (CLOUD_SYNC_SECONDS). */
  syncMs: number
  /** The least time between two reads of an account's costs (CLOUD_COST_READ_HOURS; Cost Explorer bills each). */
  costReadMs: number
  /** The AWS account Vigil runs in, shown in a role's trust policy (VIGIL_AWS_ACCOUNT_ID). */
  vigilAwsAccountId?: string
}

/** Where alerts go out: Slack's "Add to Slack" app (when configured), Telegram's API, the time an attempt gets. */
export interface AlertConfig {
  slack?: { clientId: string; clientSecret: string; apiUrl: string; oauthUrl: string }
  telegramApiUrl: string
  timeoutMs: number
}

export const defaultRateLimits: RateLimits = {
  login: { perIp: { max: 30, windowSeconds: 900 }, perAccount: { max: 10, windowSeconds: 900 } },
  register: { perIp: { max: 10, windowSeconds: 3600 }, perAccount: { max: 5, windowSeconds: 3600 } },
  forgotPassword: { perIp: { max: 10, windowSeconds: 3600 }, perAccount: { max: 5, windowSeconds: 3600 } },
  twoFactor: { perIp: { max: 30, windowSeconds: 900 }, perAccount: { max: 10, windowSeconds: 900 } },
  passwordChange: { perAccount: { max: 10, windowSeconds: 900 } },
  blacklistCheck: { perAccount: { max: 20, windowSeconds: 600 } },
  supportTicket: { perAccount: { max: 10, windowSeconds: 3600 } },
  supportMessage: { perAccount: { max: 60, windowSeconds: 3600 } },
  reportSend: { perAccount: { max: 10, windowSeconds: 3600 } },
  emailConfirmation: { perAccount: { max: 5, windowSeconds: 3600 } },
}

const flag = (value: string | undefined) => value === 'true' || value === '1'

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`)
  return n
}

/** A number of hours, fractions allowed (tests read costs at once with 0). */
const hours = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of hours, got "${raw}"`)
  return n
}

const looksLikeEmail = (value: string) => /^[^\s@,]+@[^\s@,]+$/.test(value)

/** ADMIN_EMAILS: addresses separated by commas (or spaces), trimmed and lower-cased; empty by default. */
const adminEmails = (raw: string | undefined): string[] => {
  const emails = list(raw).map((e) => e.toLowerCase())
  const bad = emails.find((e) => !looksLikeEmail(e))
  if (bad !== undefined) throw new Error(`ADMIN_EMAILS must be email addresses separated by commas, got "${bad}"`)
  return [...new Set(emails)]
}

const emailSetting = (name: string, raw: string | undefined): string | undefined => {
  const email = raw?.trim()
  if (!email) return undefined
  if (!looksLikeEmail(email)) throw new Error(`${name} must be an email address, got "${email}"`)
  return email
}

const stripeApi = (raw: string | undefined) => {
  if (!raw) return undefined
  const url = new URL(raw)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol } as const
}

const billingConfig = (env: NodeJS.ProcessEnv): BillingConfig => {
  const mode = env.BILLING || 'off'
  if (mode === 'off') return { mode: 'off' }
  if (mode !== 'stripe') throw new Error(`BILLING must be off or stripe, got "${mode}"`)
  const secretKey = env.STRIPE_SECRET_KEY ?? ''
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? ''
  if (!/^(sk|rk)_(test|live)_/.test(secretKey))
    throw new Error('BILLING=stripe needs STRIPE_SECRET_KEY, a secret key (sk_live_... or sk_test_...)')
  if (!webhookSecret.startsWith('whsec_'))
    throw new Error("BILLING=stripe needs STRIPE_WEBHOOK_SECRET, the webhook endpoint's signing secret (whsec_...)")
  return {
    mode: 'stripe',
    secretKey,
    webhookSecret,
    prices: {
      monthly: env.STRIPE_PRICE_PRO_MONTHLY || undefined,
      yearly: env.STRIPE_PRICE_PRO_YEARLY || undefined,
    },
    api: stripeApi(env.STRIPE_API_URL),
  }
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = int(env, 'PORT', 3000)
  const smtpHost = env.SMTP_HOST
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    allowPrivateTargets: flag(env.ALLOW_PRIVATE_TARGETS),
    trustProxy: flag(env.TRUST_PROXY),
    sessionTtlDays: int(env, 'SESSION_TTL_DAYS', 30),
    resetTokenTtlMinutes: int(env, 'RESET_TOKEN_TTL_MINUTES', 60),
    passwordHashCost: int(env, 'PASSWORD_HASH_COST', 15),
    bodyLimitBytes: 64 * 1024,
    rateLimits: defaultRateLimits,
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: int(env, 'SMTP_PORT', 587),
          secure: flag(env.SMTP_SECURE),
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
          from: env.SMTP_FROM || `Vigil <no-reply@${new URL(env.APP_URL || 'http://localhost').hostname}>`,
        }
      : undefined,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    statusCacheMs: int(env, 'STATUS_CACHE_SECONDS', 60) * 1000,
    listThreads: int(env, 'LIST_THREADS', 0),
    secretKey: env.SECRET_KEY || undefined,
    cloud: {
      syncMs: Math.max(60, int(env, 'CLOUD_SYNC_SECONDS', 300)) * 1000,
      costReadMs: hours(env, 'CLOUD_COST_READ_HOURS', 6) * 3_600_000,
      vigilAwsAccountId: env.VIGIL_AWS_ACCOUNT_ID || undefined,
    },
    billing: billingConfig(env),
    adminEmails: adminEmails(env.ADMIN_EMAILS),
    supportEmail: emailSetting('SUPPORT_EMAIL', env.SUPPORT_EMAIL),
    contactEmail: emailSetting('CONTACT_EMAIL', env.CONTACT_EMAIL),
    runChecks: env.RUN_CHECKS === undefined || env.RUN_CHECKS === '' ? true : flag(env.RUN_CHECKS),
    alerts: {
      slack:
        env.SLACK_CLIENT_ID && env.SLACK_CLIENT_SECRET
          ? {
              clientId: env.SLACK_CLIENT_ID,
              clientSecret: env.SLACK_CLIENT_SECRET,
              apiUrl: (env.SLACK_API_URL || 'https://slack.com/api').replace(/\/+$/, ''),
              oauthUrl: env.SLACK_OAUTH_URL || 'https://slack.com/oauth/v2/authorize',
            }
          : undefined,
      telegramApiUrl: (env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, ''),
      timeoutMs: 10_000,
    },
    network: {
      dnsServers: list(env.DNS_SERVERS),
      dnsblZones: env.DNSBL_ZONES ? list(env.DNSBL_ZONES) : DEFAULT_DNSBL_ZONES,
      rdapBaseUrl: env.RDAP_BASE_URL ? env.RDAP_BASE_URL.replace(/\/*$/, '/') : undefined,
      rdapBootstrapUrl: env.RDAP_BOOTSTRAP_URL || 'https://data.iana.org/rdap/dns.json',
      whoisServer: env.WHOIS_SERVER || undefined,
      tlsCa: env.TLS_CA_FILE ? readFileSync(env.TLS_CA_FILE, 'utf8') : undefined,
    },
  }
}
