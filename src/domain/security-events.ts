import * as v from 'valibot'

// The log of what happened to an account's sign-in, as Settings → Security shows its last 50 entries.

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'two_factor_failed',
  'recovery_code_used',
  'password_changed',
  'password_reset',
  'email_changed',
  'email_confirmed',
  'two_factor_on',
  'two_factor_off',
  'recovery_codes_renewed',
  'session_ended',
  'sessions_ended',
] as const
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number]

export const SECURITY_LOG_SIZE = 50

export const SecurityEventView = v.object({
  id: v.string(),
  kind: v.picklist(SECURITY_EVENT_KINDS),
  /** A detail some kinds carry: how many sessions ended, which address the email became. */
  detail: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  browser: v.nullable(v.string()),
  system: v.nullable(v.string()),
  at: v.string(),
})
export type SecurityEventView = v.InferOutput<typeof SecurityEventView>

/** `GET /api/security/events`: the latest entries, newest first. */
export const SecurityEventList = v.object({ events: v.array(SecurityEventView) })
export type SecurityEventList = v.InferOutput<typeof SecurityEventList>

const LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed: wrong password',
  two_factor_failed: 'Sign-in failed: wrong two-factor code',
  recovery_code_used: 'Signed in with a recovery code',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  email_changed: 'Email address changed',
  email_confirmed: 'Email address confirmed',
  two_factor_on: 'Two-factor sign-in turned on',
  two_factor_off: 'Two-factor sign-in turned off',
  recovery_codes_renewed: 'New recovery codes made',
  session_ended: 'A session was signed out',
  sessions_ended: 'Other sessions were signed out',
}

/** The line the log shows for an event. */
export const describeSecurityEvent = (event: Pick<SecurityEventView, 'kind' | 'detail'>): string => {
  const label = LABELS[event.kind]
  if (event.kind === 'email_changed' && event.detail) return `${label} to ${event.detail}`
  if (event.kind === 'sessions_ended' && event.detail) return `${label} (${event.detail})`
  if (event.kind === 'session_ended' && event.detail) return `${label}: ${event.detail}`
  if ((event.kind === 'password_reset' || event.kind === 'email_confirmed') && event.detail)
    return `${label} ${event.detail}`
  return label
}

/** Failures are shown as warnings, so a stranger's attempts stand out. */
export const isWarning = (kind: SecurityEventKind) => kind === 'sign_in_failed' || kind === 'two_factor_failed'
