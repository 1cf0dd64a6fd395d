import type { CloudAccountStatus } from '@vigil/domain/cloud-account'

// What every provider's pages (AWS Monitoring, Azure Monitoring, Microsoft 365) show alike.

/** A state in words, with the tone of its chip (colour is never the only sign). */
export interface Worded {
  label: string
  tone: 'neutral' | 'success' | 'warning' | 'danger'
}

/** An account's status in words. */
export const ACCOUNT_STATUS: Record<CloudAccountStatus, Worded> = {
  pending: { label: 'Reading…', tone: 'neutral' },
  ok: { label: 'Read', tone: 'success' },
  partial: { label: 'Partly read', tone: 'warning' },
  error: { label: 'Cannot read', tone: 'danger' },
}

/** A link to one of an account's pages. */
export interface AccountPageLink {
  label: string
  to: string
}

/** What the list and the pages need of any provider's account. */
export interface CloudAccountView {
  id: string
  name: string
  status: CloudAccountStatus
  last_error: string | null
  synced_at: string | null
  failed_parts: number
}
