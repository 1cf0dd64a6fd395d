// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { Subscription } from '@vigil/domain/subscription'
import { afterEach, describe, expect, it } from 'vitest'
import { PlanWelcomeDialog } from '../../../src/ui/layout/PlanWelcomeDialog.tsx'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi, subscription } from './harness.tsx'

// In the app the router is a browser router, so the window's URL and the router's are one: PlanWelcomeDialog (and
// AppLayout) read `window.location.search` when they mount, and the effects read the query string and path from
// `window.location` too. Here the memory router starts at the same URL the window is given.
async function renderAt(url: string, sub: Subscription) {
  window.history.replaceState(null, '', url)
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ({ status: 200, body: { data: { subscription: sub } } }),
  })
  const utils = renderShell(<PlanWelcomeDialog />, { url })
  return { ...utils, requests }
}

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

const BASIC = subscription({ title: 'Basic' })
const PRO_YEARLY = subscription({
  title: 'Pro',
  billing_frequency: 'Yearly',
  is_free_trial: false,
  // Built in local time, so the date shown is the same in every time zone.
  start_date: new Date(2026, 0, 10, 12, 0).toISOString(),
  validity_end_date: new Date(2027, 0, 10, 12, 0).toISOString(),
})
const PRO_TRIAL = subscription({
  title: 'Pro',
  billing_frequency: 'Monthly',
  is_free_trial: true,
  start_date: new Date(2026, 0, 10, 12, 0).toISOString(),
  validity_end_date: new Date(2026, 0, 25, 12, 0).toISOString(),
})

const buttonNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent)

describe('PlanWelcomeDialog', () => {
  it("after a Basic sign-up shows 'Basic Plan Activated' with Close, Upgrade and Add your first monitor", async () => {
    await renderAt('/dashboard?is_signup=true', BASIC)
    const dialog = await screen.findByRole('dialog', { name: 'Basic Plan Activated' })
    expect(buttonNames(dialog)).toEqual(['Close', 'Upgrade', 'Add your first monitor'])
  })

  it('"Add your first monitor" leaves the sign-up flag behind and asks the dashboard for its add menu', async () => {
    const { user, location } = await renderAt('/dashboard?is_signup=true', PRO_TRIAL)
    const dialog = await screen.findByRole('dialog', { name: 'Pro Plan Selected' })
    await user.click(within(dialog).getByRole('button', { name: 'Add your first monitor' }))
    await waitFor(() => expect(location()).toBe('/dashboard?add=monitor'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Upgrade leaves the sign-up flag behind and opens /upgrade_to_pro?is_free_trial=true', async () => {
    const { user, location, router } = await renderAt('/dashboard?is_signup=true', BASIC)
    const dialog = await screen.findByRole('dialog', { name: 'Basic Plan Activated' })
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }))
    await waitFor(() => expect(location()).toBe('/upgrade_to_pro?is_free_trial=true'))
    // The sign-up URL was replaced, not kept: going back does not return to ?is_signup=true.
    act(() => {
      router.navigate(-1)
    })
    await waitFor(() => expect(location()).toBe('/dashboard'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Close removes is_signup from the URL and the dialog does not come back', async () => {
    const { user, location, shell } = await renderAt('/dashboard?is_signup=true', BASIC)
    const dialog = await screen.findByRole('dialog', { name: 'Basic Plan Activated' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(location()).toBe('/dashboard'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Once per sign-up redirect: a later subscription load does not open it again.
    act(() => shell().subscription.send({ type: 'subscription.fetch' }))
    await waitFor(() => expect(shell().subscription.getSnapshot().value).toBe('loaded'))
    await act(async () => {})
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Close keeps the rest of the query string', async () => {
    const { user, location } = await renderAt('/dashboard?is_signup=true&ref=welcome', BASIC)
    const dialog = await screen.findByRole('dialog', { name: 'Basic Plan Activated' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(location()).toBe('/dashboard?ref=welcome'))
  })

  it("after a paid Pro Yearly sign-up shows 'Pro Plan Activated' with its validity end date", async () => {
    await renderAt('/dashboard?is_signup=true', PRO_YEARLY)
    const dialog = await screen.findByRole('dialog', { name: 'Pro Plan Activated' })
    expect(dialog.textContent).toContain('10 Jan 2027')
    expect(buttonNames(dialog)).toEqual(['Close', 'Add your first monitor'])
  })

  it("after a Pro trial sign-up shows 'Pro Plan Selected' with the 15-day free trial and no payment", async () => {
    await renderAt('/dashboard?is_signup=true', PRO_TRIAL)
    const dialog = await screen.findByRole('dialog', { name: 'Pro Plan Selected' })
    expect(dialog.textContent).toMatch(/15-day free trial/)
    expect(dialog.textContent).toMatch(/no payment needed/i)
    expect(buttonNames(dialog)).toEqual(['Close', 'Add your first monitor'])
  })

  it('without is_signup shows nothing, once the subscription has loaded', async () => {
    const { shell, requests } = await renderAt('/dashboard', BASIC)
    await waitFor(() => expect(shell().subscription.getSnapshot().value).toBe('loaded'))
    await act(async () => {})
    expect(requests.some((r) => r.path === '/api/user_subscription')).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.textContent).not.toContain('Plan Activated')
  })

  it('has no serious or critical axe violation while open', async () => {
    const { baseElement } = await renderAt('/dashboard?is_signup=true', BASIC)
    await screen.findByRole('dialog', { name: 'Basic Plan Activated' })
    expect(await seriousViolations(baseElement)).toEqual([])
  })
})
