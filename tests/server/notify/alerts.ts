import type { AlertEvent } from '@vigil/domain/alert'
import type { ChannelContext } from '../../../src/server/notify/channels/index.ts'

// Alerts and channel contexts for the channel tests.

/** A monitor name that would mention, format, link or run script wherever it is not escaped. */
export const EVIL_NAME = '<script>alert(1)</script> <!channel> @everyone *bold* [x](http://evil)'
export const EVIL_ERROR =
  'Expected 200, got 500: <!here> & <@U123> _it_ ~gone~ `code` # > {{DATE(2017-02-14T06:00:00Z)}}'

export const TELEGRAM_TOKEN = '123456789:AAEabcdefghijklmnopqrstuvwxyz0123456'

export const alertEvent = (overrides: Partial<AlertEvent> = {}, name = 'Shop'): AlertEvent => ({
  kind: 'down',
  title: `${name} is down`,
  description: `${name} has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.`,
  at: '2026-03-02T10:01:00.000Z',
  monitor: {
    id: 'mon_1',
    name,
    type: 'web',
    target: 'https://shop.example.com/health',
    url: 'https://app.vigil.test/monitors/web/mon_1',
  },
  since: '2026-03-02T10:00:00.000Z',
  last_error: 'Expected 200, got 500.',
  ...overrides,
})

/** The alert with EVIL_NAME in every place a user's words reach. */
export const evilEvent = (): AlertEvent =>
  alertEvent({ last_error: EVIL_ERROR, description: `${EVIL_NAME} has been unreachable: ${EVIL_ERROR}` }, EVIL_NAME)

export const context = (overrides: Partial<ChannelContext> = {}): ChannelContext => ({
  policy: { allowPrivate: true },
  telegramApiUrl: 'http://127.0.0.1:9/telegram',
  timeoutMs: 5000,
  ...overrides,
})

/** The DeliveryError (or other rejection) of a promise that must fail. */
export const failureOf = async (promise: Promise<unknown>): Promise<any> => {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected the delivery to fail, and it succeeded')
}
