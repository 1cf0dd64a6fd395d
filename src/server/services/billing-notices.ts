import { accountMail } from '@vigil/domain/account-mail'
import type { Told } from '@vigil/domain/billing'
import type { Repos } from '../db/repos/index.ts'
import type { Logger } from '../logger.ts'
import type { DeliveryWorker } from '../notify/delivery-worker.ts'
import { newMailDelivery } from '../notify/outbox.ts'

// A turn of billing told to the user twice: a notification in the bell (type `account`) and an email, both
// written in the caller's transaction with the change they tell of. The mail leaves once that transaction has
// committed (sendWritten); if the mail server is down, the delivery worker retries it.

/** Writes the notification and the mail; returns the mail's delivery id (null when the user is gone). */
export const tell = async (r: Repos, userId: string, told: Told, now: number, appUrl: string) => {
  await r.notifications.insertAccountNotice(userId, told, now)
  const user = await r.users.findById(userId)
  if (!user) return null
  const text = `Hello ${user.name},\n\n${told.description}\n\nBilling: ${appUrl}/subscriptions\n`
  const delivery = newMailDelivery(userId, user.email, accountMail(told.title, text), now)
  await r.deliveries.insert(delivery)
  return delivery.delivery_id
}

/** Sends the mails written by `tell`, after their transaction committed. Never throws. */
export const sendWritten = async (
  deps: { deliveries: Pick<DeliveryWorker, 'sendNow'>; logger: Logger },
  deliveryIds: readonly (string | null)[],
) => {
  for (const id of deliveryIds) {
    if (!id) continue
    try {
      await deps.deliveries.sendNow(id)
    } catch (error) {
      deps.logger.warn('billing mail left to the delivery worker', { delivery: id, error: String(error) })
    }
  }
}
