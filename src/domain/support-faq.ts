import type { SupportCategory } from './support.ts'

// The answers /support shows before the request form, searchable as one types. Each says what this product does
// (docs/features.md is the reference): a change of behaviour changes its answer here.

export interface FaqEntry {
  id: string
  question: string
  /** Plain text, a few sentences; paragraphs separated by a blank line. */
  answer: string
  topic: SupportCategory
}

export const SUPPORT_FAQ: readonly FaqEntry[] = [
  {
    id: 'how-checks-work',
    topic: 'monitoring',
    question: 'How are my monitors checked?',
    answer:
      'Each monitor is checked on its own fixed schedule, every interval you chose: at most every 5 minutes on Basic and every 30 seconds on Pro (5 minutes by default, an hour for SSL and blacklist monitors, a day for domains). A new or changed monitor is checked at once, and "Check now" on its page runs a check right away that counts like a scheduled one.\n\nEvery check is kept with its response time and message for your plan\'s retention (30 days on Basic, 365 on Pro). A paused monitor is not checked and its time counts for nothing.',
  },
  {
    id: 'retries-confirmation',
    topic: 'monitoring',
    question: 'Why was a failed check not reported as down at once?',
    answer:
      'To avoid false alarms, a failed check counts as down only when the re-checks that follow it fail too. A monitor\'s "Retries before down" (1 by default) are run at its retry interval (20 seconds by default): with the defaults, two failures in a row make it down. The incident is then dated from the first failure.\n\nThe same goes the other way: after its "Recovery checks" good checks in a row (1 by default) the incident closes and you are told the monitor is back up, with the length of the outage.',
  },
  {
    id: 'degraded',
    topic: 'monitoring',
    question: 'What does "degraded" mean?',
    answer:
      'A monitor is degraded when its check succeeds but is slower than the monitor\'s "Degraded above (ms)" (off unless you set it). It is still up: no incident opens and no alert goes out, but the lists and its page show it as degraded.',
  },
  {
    id: 'uptime',
    topic: 'monitoring',
    question: 'How is uptime calculated, and why does it say "no data"?',
    answer:
      'The time between two checks counts in the state the earlier check found. Time before the first check, paused time and gaps when no checks ran count for nothing, so a monitor checked only once, or a window with no known time, shows "no data" rather than 100 %. Uptime is rounded down: 99.9996 % shows as 99.999 %. Time inside a maintenance window of a status page is left out.',
  },
  {
    id: 'alerts',
    topic: 'alerts',
    question: 'When do I get an alert, and where does it go?',
    answer:
      'You are alerted when a monitor goes down (after its retries fail) and when it comes back up, when a DNS answer or a blacklist listing changes, and before an SSL certificate or a domain expires (once at each of its warning days). Each alert rings the bell in the app and goes to your integrations: all of those that are switched on, or only the ones a monitor chose in its "Alerts" section.\n\nAn alert is written once and sent by the server\'s outbox: if a channel is unreachable it is retried (after 30 seconds, doubling up to an hour, 10 attempts), so a restart neither loses it nor raises it again.',
  },
  {
    id: 'reminders-maintenance',
    topic: 'alerts',
    question: 'Can I be reminded while a monitor stays down, or silence alerts during maintenance?',
    answer:
      'In a monitor\'s alerts, "Remind every" alerts its channels again at that interval while it stays down.\n\nFor planned work, schedule a maintenance window on a status page that shows the monitor (at most 14 days). While the window is in progress the monitor is still checked and its results kept, but its state does not change, no incident opens and no alert goes out; the first check after the window judges it afresh.',
  },
  {
    id: 'integration-slack',
    topic: 'integrations',
    question: 'How do I send alerts to Slack?',
    answer:
      'On Integrations, add a Slack integration with an incoming-webhook URL for your channel (made with Slack\'s Incoming Webhooks app; it starts with https://hooks.slack.com/services/). When this server\'s operator has set up the Slack app, "Add to Slack" does it for you: pick the channel in Slack and you come back with the integration made. Mattermost and Rocket.Chat incoming webhooks take the same messages.',
  },
  {
    id: 'integration-email',
    topic: 'integrations',
    question: 'How do I get alerts by email?',
    answer:
      "On Integrations, add an Email integration with the address to alert; add one per address. Mail is sent through this server's SMTP settings: on a server without them, each email delivery is marked failed with the reason, and the bell still shows every alert.",
  },
  {
    id: 'integration-webhook',
    topic: 'integrations',
    question: 'How do I receive alerts on my own webhook?',
    answer:
      "Add a Webhook integration with your URL. Each alert is a POST with a JSON body (kind down, up, reminder, expiry, change or test, a title, a description and the monitor), and the headers X-Vigil-Event, X-Vigil-Delivery (the same on every retry, to drop a repeat) and X-Signature-256: an HMAC-SHA256 of the raw body keyed with the integration's secret. The secret (made for you, or your own of at least 16 characters) is shown once, when the integration is made: copy it then.\n\nAny 2xx answer accepts the alert; 408, 429 and 5xx are retried, other 4xx are not, and redirects are not followed.",
  },
  {
    id: 'integration-teams',
    topic: 'integrations',
    question: 'How do I send alerts to Microsoft Teams?',
    answer:
      'In Teams, add a Workflows webhook to the channel (the "Post to a channel when a webhook request is received" workflow) and copy its URL; an older Office 365 connector URL works too. Then add a Microsoft Teams integration with that URL on Integrations. Alerts arrive as Adaptive Cards.',
  },
  {
    id: 'integration-discord',
    topic: 'integrations',
    question: 'How do I send alerts to Discord?',
    answer:
      'In Discord, open the channel\'s settings, then Integrations, Webhooks, New Webhook, and copy its URL. Add a Discord integration with it on Integrations. If the webhook is deleted in Discord, deliveries fail with "Unknown Webhook": make a new webhook and update the integration with its URL.',
  },
  {
    id: 'integration-telegram',
    topic: 'integrations',
    question: 'How do I send alerts to Telegram?',
    answer:
      'Create a bot with @BotFather and copy the token it gives (it looks like 123456789:AAE...). Add the bot to the group or channel that should receive alerts, then add a Telegram integration with the bot token and the chat id: a number such as -1001234567890, or @channelname for a public channel.',
  },
  {
    id: 'integration-troubleshooting',
    topic: 'integrations',
    question: 'An alert did not arrive: how do I find out why?',
    answer:
      'On Integrations, "Send test message" sends one at once and says whether the channel took it. Each integration\'s deliveries list every alert sent to it with its outcome, the number of attempts and the last error in plain words (a refused URL, a 404 from the service, missing SMTP settings). Check too that the integration is switched on and that the monitor alerts it: a monitor that chose its integrations alerts only those.',
  },
  {
    id: 'status-page-read',
    topic: 'status_pages',
    question: 'How do I read a status page?',
    answer:
      "The banner at the top sums up now: All systems operational, Partial outage, Major outage (more than half of the components are down) or Under maintenance. Below are the incidents in progress with their updates (investigating, identified, monitoring, resolved), maintenance in progress and scheduled, and each component with its state and 90 days of uptime bars: point at or focus a bar for that day's uptime and incidents (a phone shows the last 30 days). Past incidents of the last 14 days close the page.\n\nTimes are shown in your time zone (in UTC without JavaScript), and the page refreshes itself every minute. Follow it with its Atom feed (/status/{id}/feed.xml).",
  },
  {
    id: 'status-page-publish',
    topic: 'status_pages',
    question: 'How do I publish a status page and post an incident?',
    answer:
      'On Status pages, create a page: a name, a public id (3 to 60 lower-case letters, digits and hyphens; the page is at /status/{id}), a description in Markdown, an optional logo, and its components: the monitors it shows, each under the name visitors see, optionally grouped. Publish it when it is ready; a draft answers "not found" to visitors. Basic has 1 page, Pro 20.\n\nOpen a page to post an incident (title, impact, components, message) and its updates, to publish with one click an outage the checks found on one of its monitors, or to schedule maintenance.',
  },
  {
    id: 'plans',
    topic: 'billing',
    question: 'What do the Basic and Pro plans include?',
    answer:
      "Basic is free: 20 monitors checked at most every 5 minutes, 30 days of history and 1 status page; DNS monitoring, Check Black List, AWS, Azure and Microsoft 365 monitoring and Reporting are Pro features. Pro has 500 monitors checked as often as every 30 seconds, 365 days of history, 20 status pages and every feature. By default Pro is $15 a month or $150 a year; the upgrade page shows this server's prices and limits.",
  },
  {
    id: 'trial',
    topic: 'billing',
    question: 'How does the free trial work, and what happens when it ends?',
    answer:
      "Pro can be tried free for 15 days, once per account, without a payment. You are reminded by a notification and an email 3 days and 1 day before it ends. Then the account is on Basic, and nothing is deleted: the monitors over Basic's limit (the newest first) and those of types Basic does not include are paused, faster intervals are raised to 5 minutes, and status pages over the limit are unpublished. Moving to Pro again brings back exactly what the plan change stopped.",
  },
  {
    id: 'payment',
    topic: 'billing',
    question: 'How do I pay, switch to yearly or cancel?',
    answer:
      "Where this server takes payments, Pro is paid by card on Stripe's checkout page, and your plan changes once Stripe confirms the payment. The Billing page shows your plan, the next renewal, your card and your invoices (with their PDF); from it you switch between monthly and yearly (Stripe prorates), cancel at the end of the paid period (and take it back before then), move to Basic at once (without a refund), or change your card on Stripe's portal. A failed renewal keeps Pro for 7 days while Stripe tries the card again.\n\nOn a self-hosted server without billing, every plan change is free and immediate.",
  },
  {
    id: 'cloud-accounts',
    topic: 'cloud_accounts',
    question: 'How do I connect an AWS, Azure or Microsoft 365 account?',
    answer:
      "These are Pro features. AWS: connect with an IAM user's access keys, or a role the server assumes with the external id the dialog shows; the dialog gives the read-only policy to attach. Azure: register an app in Microsoft Entra ID, give it the Reader role on each subscription (and Cost Management Reader for costs), and connect with the tenant id, client id and a client secret or certificate. Microsoft 365: an app with the Microsoft Graph application permission ServiceHealth.Read.All and admin consent.\n\nAccounts are read every few minutes (costs at most every 6 hours); a part the credentials may not read is shown with the permission to grant. Credentials are encrypted at rest and never shown again.",
  },
  {
    id: 'account',
    topic: 'account',
    question: 'How do I change my email address, end other sessions or delete my account?',
    answer:
      'On your profile, a new email address takes your password and changes once you open the link mailed to it; the old address is told. Settings → Security lists the browsers signed in to your account and signs out one or all the others. Deleting the account, on the profile, takes your password and the word DELETE, and removes everything in it: monitors and their history, status pages, integrations, cloud accounts, notifications and support requests; a paid plan is cancelled first.',
  },
]

/** Lower case, without accents, so that "resume" finds "résumé" and "Ecran" finds "écran". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()

const wordsOf = (query: string) =>
  fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * The entries that hold every word of the query in their question or answer (case and accents aside, a word may be
 * the start or part of a longer one), those whose question holds more of the words first, otherwise in their order.
 * An empty query answers every entry.
 */
export const searchFaq = <E extends Pick<FaqEntry, 'question' | 'answer'>>(
  entries: readonly E[],
  query: string,
): E[] => {
  const words = wordsOf(query)
  if (words.length === 0) return [...entries]
  return entries
    .map((entry, index) => {
      const question = fold(entry.question)
      const all = `${question}\n${fold(entry.answer)}`
      return {
        entry,
        index,
        found: words.every((w) => all.includes(w)),
        inQuestion: words.filter((w) => question.includes(w)).length,
      }
    })
    .filter((m) => m.found)
    .sort((a, b) => b.inQuestion - a.inQuestion || a.index - b.index)
    .map((m) => m.entry)
}
