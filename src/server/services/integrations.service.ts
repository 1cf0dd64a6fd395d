import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import type { AlertEvent } from '@vigil/domain/alert'
import { fieldErrors } from '@vigil/domain/form-validation'
import {
  type Delivery,
  type DeliveryPage,
  type Integration,
  IntegrationInput,
  type IntegrationType,
  integrationPatchSchema,
  maskedSetting,
} from '@vigil/domain/integration.schema'
import { urlHost } from '@vigil/domain/monitor-target'
import { paginationOf } from '@vigil/domain/pagination.schema'
import type { DeliveryRecord } from '../db/repos/deliveries.repo.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { IntegrationRecord } from '../db/repos/integrations.repo.ts'
import { Failure, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { targetsRefusal } from '../net/target-screen.ts'
import { newDelivery } from '../notify/outbox.ts'
import type { Deps } from './deps.ts'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const invalid = (issues: v.BaseIssue<unknown>[]) => {
  const errors = fieldErrors(issues)
  return new Failure('invalid', Object.values(errors)[0] ?? 'Invalid integration.', errors)
}

/** The settings as the API shows them: secrets masked, a webhook's signing secret not at all. */
const maskedSettings = (type: IntegrationType, settings: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, maskedSetting(type, key, value)]))

/**
 * A change with the secrets the client sent back as it was shown them put back as stored: those stay as they are (and
 * still name a field, so such a change is not an empty one).
 */
const withEchoedSecretsAsStored = (
  type: IntegrationType,
  body: Record<string, unknown>,
  current: Record<string, unknown>,
) =>
  Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      key in current && value === maskedSetting(type, key, current[key]) ? current[key] : value,
    ]),
  )

export const toIntegration = (row: IntegrationRecord, last?: DeliveryRecord): Integration => ({
  id: row.integration_id,
  type: row.type,
  name: row.name,
  enabled: row.enabled === 1,
  settings: maskedSettings(row.type, row.settings),
  created_at: new Date(row.created_at).toISOString(),
  last_delivery: last
    ? {
        status: last.status,
        at: new Date(last.delivered_at ?? last.created_at).toISOString(),
        error: last.last_error,
      }
    : null,
})

export const toDelivery = (row: DeliveryRecord): Delivery => ({
  id: row.delivery_id,
  integration_id: row.integration_id ?? '',
  kind: row.kind,
  title: row.title,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: new Date(row.created_at).toISOString(),
  delivered_at: iso(row.delivered_at),
  next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
})

/** The channels that post to a URL the user gives: it must pass the target policy. */
const URL_CHANNELS = new Set<IntegrationType>(['slack', 'webhook', 'teams', 'discord'])

const settingsOf = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([k]) => !['type', 'name', 'enabled'].includes(k)))

export const integrationsService = (deps: Deps) => {
  const { repos, clock } = deps

  /** A channel URL the target policy always refuses is refused when saved (email and Telegram are exempt). */
  const assertTarget = async (settings: Record<string, unknown>, type: IntegrationType) => {
    if (!URL_CHANNELS.has(type) || typeof settings.url !== 'string') return
    const policy = { allowPrivate: deps.config.allowPrivateTargets }
    const refusal = await targetsRefusal([{ field: 'url', host: urlHost(settings.url) }], policy, deps.resolveHost)
    if (refusal) throw new Failure('invalid', refusal.url as string, refusal)
  }

  const owned = async (userId: string, integrationId: string) => {
    const row = await repos.integrations.findOwned(userId, integrationId)
    if (!row) throw notFound('Integration')
    return row
  }

  /** Stores a new channel; a webhook without a secret gets one, answered in full this once. */
  const create = async (userId: string, body: unknown) => {
    const parsed = v.safeParse(IntegrationInput, body)
    if (!parsed.success) throw invalid(parsed.issues)
    const input = parsed.output
    const settings = settingsOf(input)
    await assertTarget(settings, input.type)
    let webhookSecret: string | undefined
    if (input.type === 'webhook') {
      webhookSecret = input.secret ?? randomBytes(24).toString('base64url')
      settings.secret = webhookSecret
    }
    const now = clock.now()
    const row: IntegrationRecord = {
      integration_id: newId(),
      user_id: userId,
      type: input.type,
      name: input.name,
      settings,
      enabled: input.enabled ? 1 : 0,
      created_at: now,
      updated_at: now,
    }
    await repos.integrations.insert(row)
    return { integration: toIntegration(row), webhook_secret: webhookSecret }
  }

  return {
    owned,
    create,

    list: async (userId: string) => {
      const rows = await repos.integrations.listOwned(userId)
      const last = await repos.deliveries.latestOf(rows.map((r) => r.integration_id))
      return rows.map((r) => toIntegration(r, last.get(r.integration_id)))
    },

    update: async (userId: string, integrationId: string, body: Record<string, unknown>) => {
      const row = await owned(userId, integrationId)
      const type = row.type
      const current = row.settings
      const patch = v.safeParse(integrationPatchSchema(type), withEchoedSecretsAsStored(type, body, current))
      if (!patch.success) throw invalid(patch.issues)
      // A secret left out stays as it was; the whole is checked again as a new integration would be.
      const merged = v.safeParse(IntegrationInput, {
        type,
        name: row.name,
        enabled: row.enabled === 1,
        ...current,
        ...patch.output,
      })
      if (!merged.success) throw invalid(merged.issues)
      if ('url' in patch.output && patch.output.url !== current.url) await assertTarget(settingsOf(merged.output), type)
      const updated = await repos.integrations.updateOwned(userId, integrationId, {
        name: merged.output.name,
        enabled: merged.output.enabled ? 1 : 0,
        settings: { ...current, ...settingsOf(merged.output) },
        updated_at: clock.now(),
      })
      if (!updated) throw notFound('Integration')
      return toIntegration(updated)
    },

    /** Removes a channel, and takes it off the monitors that chose it (their other choices stay). */
    remove: async (userId: string, integrationId: string) =>
      deps.database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        if (!(await r.integrations.deleteOwned(userId, integrationId))) throw notFound('Integration')
        for (const monitor of await r.monitors.listOwned(userId)) {
          const ids = monitor.integration_ids
          if (ids?.includes(integrationId))
            await r.monitors.update(monitor.monitor_id, { integration_ids: ids.filter((id) => id !== integrationId) })
        }
      }),

    /** Sends a test message now, through the outbox like any alert, and answers how it went. */
    test: async (userId: string, integrationId: string) => {
      const row = await owned(userId, integrationId)
      const now = clock.now()
      const event: AlertEvent = {
        kind: 'test',
        title: 'Test message from Vigil',
        description: `This is a test of the ${row.name} integration. Alerts about your monitors will arrive here.`,
        at: new Date(now).toISOString(),
        monitor: null,
        since: null,
        last_error: null,
      }
      // A switched-off channel still takes a test: that is how one checks it before switching it on.
      const delivery = newDelivery({ ...row, enabled: 1 }, event, now)
      await repos.deliveries.insert(delivery)
      const settled = await deps.deliveries.sendNow(delivery.delivery_id, { evenIfOff: true })
      return toDelivery(settled ?? delivery)
    },

    deliveries: async (userId: string, integrationId: string, page: number, limit: number): Promise<DeliveryPage> => {
      await owned(userId, integrationId)
      const { rows, total } = await repos.deliveries.pageOf(integrationId, page, limit)
      return { deliveries: rows.map(toDelivery), pagination: paginationOf(total, page, limit) }
    },

    /** A channel made by "Add to Slack". */
    createSlack: (userId: string, name: string, url: string) => create(userId, { type: 'slack', name, url }),
  }
}
