// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PaidPlan } from '@vigil/domain/billing'
import type { Plan } from '@vigil/domain/plan'
import { SubscriptionsPage } from '../../../src/ui/pages/billing/SubscriptionsPage.tsx'
import { UpgradePage } from '../../../src/ui/pages/billing/UpgradePage.tsx'
import { billingOverview, paidPlan } from '../../fixtures/plans.ts'
import { seriousViolations } from '../components/axe.ts'
import { BASIC_LOCKED, type Handlers, renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

const ok = (data: unknown) => ({ status: 200, body: { data } })

const paidPro = (over: Partial<PaidPlan> = {}) =>
  billingOverview({
    subscription: subscription({ title: 'Pro', validity_end_date: '2026-12-23T09:00:00.000Z' }),
    paid: paidPlan(over),
    trial_available: false,
    invoices: [
      {
        id: 'in_1',
        number: 'VIGIL-0001',
        date: '2026-11-22T09:00:00.000Z',
        amount_cents: 1500,
        currency: 'usd',
        status: 'paid',
        pdf_url: 'http://127.0.0.1:9/invoice/in_1/pdf',
      },
    ],
  })

const plans = (): Plan[] => {
  const basic = subscription().plan
  const pro = subscription({ title: 'Pro' }).plan
  return [
    { ...basic, description: 'For a few sites.', planAccesses: basic.planAccesses },
    { ...pro, description: 'For teams and infrastructure.' },
  ]
}

function renderAt(url: string, ui: React.ReactNode, handlers: Handlers) {
  signIn()
  const requests = stubApi({
    'GET /api/plans': () => ok({ plans: plans(), billing: 'stripe', contact_email: null }),
    ...handlers,
  })
  return { ...renderShell(ui, { url }), requests }
}

describe('the upgrade page', () => {
  it('compares the plans from their rows and starts the free trial with no payment, then shows Billing', async () => {
    let current = billingOverview({ mode: 'off' })
    const { requests, location, container } = renderAt('/upgrade_to_pro?is_free_trial=true', <UpgradePage />, {
      'GET /api/plans': () => ok({ plans: plans(), billing: 'off', contact_email: null }),
      'GET /api/billing': () => ok({ billing: current }),
      'PUT /api/user_subscription': () => {
        current = billingOverview({
          mode: 'off',
          subscription: subscription({ title: 'Pro', is_free_trial: true, validity_end_date: '2026-12-10T12:00:00Z' }),
          trial_days_left: 15,
          trial_available: false,
        })
        return ok({ subscription: current.subscription })
      },
    })
    const table = await screen.findByRole('region', { name: 'The plans compared' })
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.textContent?.replace(/\s+/g, ' ')
    expect(row('Monitors')).toBe('Monitorsup to 20up to 500')
    expect(row('Fastest check')).toBe('Fastest checkevery 5 minevery 30 s')
    for (const feature of BASIC_LOCKED) expect(row(feature)).toBe(`${feature}Not includedIncluded`)
    expect(screen.getByText('Billing is off on this server: plan changes are free and immediate.')).toBeTruthy()
    expect(screen.getByText('You are on Basic.')).toBeTruthy()
    expect(await seriousViolations(container)).toEqual([])

    // Yearly shows the year's price and what it saves.
    fireEvent.click(screen.getByLabelText(/^Yearly: \$150\.00 a year \(save \$30\.00\)/))
    expect(within(screen.getByRole('region', { name: 'Pro' })).getByText('$150.00 a year')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choose Pro Yearly' })).toBeTruthy()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start the 15-day free trial' })))
    await waitFor(() => expect(location()).toBe('/subscriptions'))
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ plan: 'Pro', is_free_trial: true })
    // The shell reads the plan again, for the side navigation's locks.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/user_subscription')).toHaveLength(3))
  })

  it('with Stripe, sends the buyer to Stripe Checkout for the frequency chosen', async () => {
    const { requests } = renderAt('/upgrade_to_pro', <UpgradePage />, {
      'GET /api/billing': () => ok({ billing: billingOverview() }),
      'POST /api/billing/checkout': () => ok({ checkout_url: 'http://127.0.0.1:9/c/pay/cs_1' }),
    })
    fireEvent.click(await screen.findByLabelText(/^Yearly/))
    expect(screen.getByText(/Payments are taken by Stripe/)).toBeTruthy()
    // The trial is offered while it is unused, after the payment when not asked for first.
    expect(screen.getByRole('button', { name: 'Start the 15-day free trial' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay for Pro Yearly' })))
    const link = await screen.findByRole('link', { name: 'continue to Stripe' })
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:9/c/pay/cs_1')
    expect(requests.find((r) => r.path === '/api/billing/checkout')?.body).toEqual({ billing_frequency: 'Yearly' })
    expect((screen.getByRole('button', { name: 'Opening Stripe...' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('back from Checkout, waits for Stripe to confirm rather than trusting the return', async () => {
    let reads = 0
    renderAt('/upgrade_to_pro?checkout=done', <UpgradePage />, {
      // The webhook lands between the page's first and second read.
      'GET /api/billing': () => ok({ billing: ++reads < 2 ? billingOverview() : paidPro() }),
    })
    expect(await screen.findByText(/Confirming your payment with Stripe/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Pay for Pro/ })).toBeTruthy()
    expect(
      await screen.findByText(/Pro Plan Activated: Pro Monthly is paid until 22 Dec 2026/, {}, { timeout: 4000 }),
    ).toBeTruthy()
    expect(screen.queryByText(/Confirming your payment/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Manage your plan on the Billing page' })).toBeTruthy()
  })

  it('says when the checkout was left, and when the trial was used before', async () => {
    renderAt('/upgrade_to_pro?checkout=cancelled&is_free_trial=true', <UpgradePage />, {
      'GET /api/billing': () => ok({ billing: billingOverview({ trial_available: false }) }),
    })
    expect(await screen.findByText(/You left the payment page, so nothing was charged/)).toBeTruthy()
    expect(await screen.findByText('The free trial has already been used on this account.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /free trial/ })).toBeNull()
  })

  it("shows the server's reason when a checkout cannot start", async () => {
    renderAt('/upgrade_to_pro', <UpgradePage />, {
      'GET /api/billing': () => ok({ billing: billingOverview() }),
      'POST /api/billing/checkout': () => ({ status: 503, body: { message: 'Stripe could not be reached.' } }),
    })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Pay for Pro Monthly' })))
    expect((await screen.findByRole('alert')).textContent).toBe('Stripe could not be reached.')
    expect((screen.getByRole('button', { name: 'Pay for Pro Monthly' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('the Billing page', () => {
  it('shows the paid plan, its renewal, the card and the invoices, and cancels at the period end and back', async () => {
    let current = paidPro()
    const { requests, container } = renderAt('/subscriptions', <SubscriptionsPage />, {
      'GET /api/user_subscription': () => ok({ subscription: current.subscription }),
      'GET /api/billing': () => ok({ billing: current }),
      'POST /api/billing/cancel': (req) => {
        current = paidPro({
          cancel_at_period_end: (req.body as { cancel_at_period_end: boolean }).cancel_at_period_end,
        })
        return ok({ billing: current })
      },
    })
    expect(await screen.findByText('Renews on 22 Dec 2026 for $15.00')).toBeTruthy()
    expect(screen.getByText('Card ending in 4242')).toBeTruthy()
    const invoices = screen.getByRole('region', { name: 'Invoices' })
    expect(within(invoices).getByRole('row', { name: /22 Nov 2026 VIGIL-0001 \$15\.00 Paid/ })).toBeTruthy()
    expect(within(invoices).getByRole('link', { name: 'PDF of invoice VIGIL-0001' }).getAttribute('href')).toBe(
      'http://127.0.0.1:9/invoice/in_1/pdf',
    )
    expect(await seriousViolations(container)).toEqual([])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel at the end of the period' })))
    expect(await screen.findByText('Cancelled: Pro ends on 22 Dec 2026')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep Pro (undo the cancellation)' })))
    expect(await screen.findByText('Renews on 22 Dec 2026 for $15.00')).toBeTruthy()
    expect(requests.filter((r) => r.path === '/api/billing/cancel').map((r) => r.body)).toEqual([
      { cancel_at_period_end: true },
      { cancel_at_period_end: false },
    ])
  })

  it('switches to yearly and downgrades to Basic only after saying what each does', async () => {
    let current = paidPro()
    const { requests } = renderAt('/subscriptions', <SubscriptionsPage />, {
      'GET /api/user_subscription': () => ok({ subscription: current.subscription }),
      'GET /api/billing': () => ok({ billing: current }),
      'POST /api/billing/frequency': () => {
        current = paidPro({ billing_frequency: 'Yearly', amount_cents: 15000, period_end: '2027-11-26T09:00:00.000Z' })
        return ok({ billing: current })
      },
      'POST /api/billing/downgrade': () => {
        current = billingOverview({ trial_available: false })
        return ok({ billing: current })
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to Yearly' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Yearly?' })
    expect(dialog.textContent).toMatch(/Stripe charges the year now, less what is left/)
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to Yearly' })))
    expect(await screen.findByText('Renews on 26 Nov 2027 for $150.00')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Downgrade to Basic' }))
    const down = await screen.findByRole('alertdialog', { name: 'Downgrade to Basic now?' })
    expect(down.textContent).toMatch(/cancelled at Stripe now, without a refund.*Nothing is deleted/)
    await act(async () => fireEvent.click(within(down).getByRole('button', { name: 'Downgrade to Basic' })))
    await waitFor(() => expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeTruthy())
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/billing/frequency',
      '/api/billing/downgrade',
    ])
    expect(screen.getByText('No invoices yet: they appear here once you pay for Pro.')).toBeTruthy()
  })

  it('shows the days left of a trial, a failing payment’s grace, and Stripe being away', async () => {
    renderAt('/subscriptions', <SubscriptionsPage />, {
      'GET /api/billing': () =>
        ok({
          billing: billingOverview({
            mode: 'off',
            subscription: subscription({
              title: 'Pro',
              is_free_trial: true,
              validity_end_date: '2026-12-08T12:00:00Z',
            }),
            trial_days_left: 12,
            trial_available: false,
          }),
        }),
    })
    expect(await screen.findByText('Free trial: 12 days left, ends on 08 Dec 2026')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Keep Pro after the trial' }).getAttribute('href')).toBe('/upgrade_to_pro')
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull()
  })

  it('says a failed payment keeps Pro through its grace, and shows Stripe being away', async () => {
    renderAt('/subscriptions', <SubscriptionsPage />, {
      'GET /api/billing': () =>
        ok({
          billing: {
            ...paidPro({ status: 'past_due', grace_ends_at: '2026-12-29T09:00:00.000Z' }),
            invoices: [],
            stripe_error: 'Your invoices could not be read from Stripe just now: Stripe could not be reached.',
          },
        }),
    })
    expect(
      await screen.findByText('Payment failed: Pro stays until 29 Dec 2026 while Stripe tries your card again'),
    ).toBeTruthy()
    expect(screen.getByText(/Your invoices could not be read from Stripe just now/)).toBeTruthy()
  })

  it('says why the billing could not be read, and reads it again', async () => {
    let fail = true
    renderAt('/subscriptions', <SubscriptionsPage />, {
      'GET /api/billing': () => (fail ? 'network-error' : ok({ billing: billingOverview() })),
    })
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not load your billing/)
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Free')).toBeTruthy()
  })
})
