import type { Checkout } from './checkout.ts'
import { invoicePdf } from './invoice-pdf.ts'
import { money, productName } from './invoicing.ts'
import type { Price, Subscription } from './object-shapes.ts'
import type { Subscriptions } from './subscriptions.ts'
import type { Store } from './world-store.ts'

// The pages Stripe hosts, small enough for a browser test to use: the checkout page (a card number and Pay),
// the billing portal (the customer's plans, cancel or keep, invoices, back to the product), and an invoice's
// page and PDF. Plain HTML forms: no script is needed to pay.

export interface PageAnswer {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}

/** The field names of the checkout form. */
export const CHECKOUT_FIELDS = { cardNumber: 'cardnumber', email: 'email', name: 'name' } as const

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

const html = (status: number, title: string, main: string): PageAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; margin-top: .25rem; }
button { margin-top: 1.25rem; padding: .7rem 1.5rem; font-size: 1rem; background: #635bff; color: #fff; border: 0; border-radius: 6px; }
[role=alert] { color: #b3093c; font-weight: 600; }
.test-mode { display: inline-block; background: #ffde92; color: #5a3d00; padding: .1rem .5rem; border-radius: 4px; font-size: .8rem; }
</style>
</head>
<body>
<main>
<p class="test-mode">Test mode</p>
${main}
</main>
</body>
</html>
`,
})

const redirect = (location: string): PageAnswer => ({ status: 303, headers: { location }, body: '' })

const perInterval = (price: Price) =>
  `${money(price.unit_amount ?? 0, price.currency)} per ${price.recurring?.interval ?? 'payment'}`

export const createHostedPages = (store: Store, checkout: Checkout, subscriptions: Subscriptions) => {
  const checkoutPage = (sessionId: string, error?: { status: number; message: string }): PageAnswer => {
    const session = store.checkoutSessions.get(sessionId)
    if (!session) return html(404, 'Not found', '<h1>This checkout page does not exist.</h1>')
    if (session.status === 'complete')
      return html(error?.status ?? 200, 'Payment complete', '<h1>Payment complete</h1><p>You can close this page.</p>')
    if (session.status !== 'open')
      return html(410, 'Checkout expired', '<h1>This checkout session is no longer available.</h1>')
    const lines = store.checkoutLines.get(sessionId)?.lines ?? []
    const prices = lines.map((line) => store.find(store.prices, 'price', line.price))
    const first = prices[0]
    const title = first ? `Subscribe to ${productName(store, first)}` : 'Subscribe'
    const askEmail = !session.customer && !session.customer_email
    return html(
      error?.status ?? 200,
      title,
      `<h1>${escapeHtml(title)}</h1>
${prices.map((price) => `<p class="amount">${escapeHtml(perInterval(price))}</p>`).join('\n')}
${error ? `<p role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
${askEmail ? `<label for="email">Email</label><input id="email" name="${CHECKOUT_FIELDS.email}" type="email" autocomplete="email" required>` : ''}
<label for="cardnumber">Card number</label>
<input id="cardnumber" name="${CHECKOUT_FIELDS.cardNumber}" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="name">Name on card</label>
<input id="name" name="${CHECKOUT_FIELDS.name}" autocomplete="cc-name">
<button type="submit">Pay</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`,
    )
  }

  const pay = (sessionId: string, form: URLSearchParams): PageAnswer => {
    const result = checkout.complete(sessionId, {
      number: form.get(CHECKOUT_FIELDS.cardNumber) ?? '',
      email: form.get(CHECKOUT_FIELDS.email) ?? undefined,
      name: form.get(CHECKOUT_FIELDS.name) || undefined,
    })
    if (!result.ok) return checkoutPage(sessionId, result)
    return result.redirect ? redirect(result.redirect) : checkoutPage(sessionId)
  }

  const planLine = (sessionId: string, subscription: Subscription) => {
    const item = subscription.items.data[0]
    if (!item) return ''
    const end = day(item.current_period_end)
    const state = subscription.cancel_at_period_end ? `Cancels on ${end}` : `Renews on ${end}`
    const action = subscription.cancel_at_period_end ? ['keep', 'Keep plan'] : ['cancel', 'Cancel plan']
    return `<li><h2>${escapeHtml(productName(store, item.price))}</h2>
<p>${escapeHtml(perInterval(item.price))} · ${escapeHtml(subscription.status)} · ${escapeHtml(state)}</p>
<form method="post" action="/p/session/${escapeHtml(sessionId)}/${action[0]}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit">${escapeHtml(action[1] ?? '')}</button></form></li>`
  }

  const portalPage = (sessionId: string): PageAnswer => {
    const session = store.portalSessions.get(sessionId)
    if (!session) return html(404, 'Not found', '<h1>This billing page does not exist.</h1>')
    const owner = store.customers.get(session.customer)
    const plans = [...store.subscriptions.values()].filter(
      (s) => s.customer === session.customer && s.status !== 'canceled',
    )
    const invoices = [...store.invoices.values()].filter((i) => i.customer === session.customer).reverse()
    return html(
      200,
      'Billing',
      `<h1>Billing</h1>
<p>${escapeHtml(owner?.email ?? '')}</p>
<ul>${plans.map((plan) => planLine(sessionId, plan)).join('\n') || '<li>No current plan</li>'}</ul>
<h2>Invoices</h2>
<ul>${invoices.map((i) => `<li><a href="${escapeHtml(i.invoice_pdf ?? '')}">${escapeHtml(i.number ?? i.id)}</a> ${escapeHtml(money(i.total, i.currency))} ${escapeHtml(i.status ?? '')}</li>`).join('\n')}</ul>
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to Vigil</a></p>` : ''}`,
    )
  }

  const portalAction = (sessionId: string, action: string, form: URLSearchParams): PageAnswer => {
    const session = store.portalSessions.get(sessionId)
    const subscription = store.subscriptions.get(form.get('subscription') ?? '')
    if (!session || !subscription || subscription.customer !== session.customer)
      return html(404, 'Not found', '<h1>This plan is not yours.</h1>')
    subscriptions.update(subscription.id, { cancelAtPeriodEnd: action === 'cancel' }, null)
    return redirect(`/p/session/${sessionId}`)
  }

  const invoicePage = (invoiceId: string, asPdf: boolean): PageAnswer => {
    const invoice = store.invoices.get(invoiceId)
    if (!invoice) return html(404, 'Not found', '<h1>This invoice does not exist.</h1>')
    const lines = [
      `Invoice ${invoice.number}`,
      `Date: ${day(invoice.created)}`,
      `Billed to: ${invoice.customer_email ?? ''}`,
      ...invoice.lines.data.map((line) => `${line.description}: ${money(line.amount, invoice.currency)}`),
      `Total: ${money(invoice.total, invoice.currency)}`,
      `Amount paid: ${money(invoice.amount_paid, invoice.currency)}`,
      `Status: ${invoice.status}`,
    ]
    if (asPdf)
      return {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="Invoice-${invoice.number}.pdf"`,
        },
        body: invoicePdf(lines),
      }
    return html(
      200,
      `Invoice ${invoice.number}`,
      `<h1>Invoice ${escapeHtml(invoice.number ?? '')}</h1>
${lines
  .slice(1)
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
<p><a href="${escapeHtml(invoice.invoice_pdf ?? '')}">Download invoice</a></p>`,
    )
  }

  /** The page at `path`, or null when the path is not a hosted page. */
  return (method: string, path: string, body: string): PageAnswer | null => {
    const form = new URLSearchParams(body)
    let match = /^\/c\/pay\/([^/]+)$/.exec(path)
    if (match?.[1]) return method === 'POST' ? pay(match[1], form) : checkoutPage(match[1])
    match = /^\/p\/session\/([^/]+)(?:\/(cancel|keep))?$/.exec(path)
    if (match?.[1]) return match[2] && method === 'POST' ? portalAction(match[1], match[2], form) : portalPage(match[1])
    match = /^\/invoice\/([^/]+)(\/pdf)?$/.exec(path)
    if (match?.[1]) return invoicePage(match[1], Boolean(match[2]))
    return null
  }
}
