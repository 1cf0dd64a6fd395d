// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { TYPE_NAVIGATION } from '@vigil/domain/navigation'
import type { PlanAccess } from '@vigil/domain/plan'
import { typeIcon } from '../../../src/ui/components/icons.tsx'
import { Sidebar } from '../../../src/ui/layout/Sidebar.tsx'
import { ALL_FEATURES, accesses, BASIC_LOCKED, renderShell, signIn, stubApi, subscription } from './harness.tsx'

// Spec section 2, side navigation, in order. Microsoft 365's '{token}' opens the accounts page
// (services/microsoft365/accounts, the route the spec lists for it).
const LINKS: [label: string, path: string][] = [
  ['Dashboard', '/dashboard'],
  ['Website Monitoring', '/services/web-monitoring'],
  ['API Monitoring', '/services/api-monitoring'],
  ['DNS Monitoring', '/services/dns-monitoring'],
  ['SSL Monitoring', '/services/ssl-monitoring'],
  ['Domain Monitoring', '/services/domain-monitoring'],
  ['Port Monitoring', '/services/port-monitoring'],
  ['Ping Monitoring', '/services/ping-monitoring'],
  ['Check Black List', '/services/check_black_list'],
  ['AWS Monitoring', '/services/aws_monitoring'],
  ['Azure Monitoring', '/services/azure_monitoring'],
  ['Microsoft 365', '/services/microsoft365/accounts'],
  ['Status Page', '/status_page'],
  ['Integrations', '/integrations'],
  ['Notifications', '/notifications'],
  ['Reporting', '/reporting'],
  ['Support', '/support'],
]
const SETTINGS_LINKS: [label: string, path: string][] = [
  ['Security', '/settings/security'],
  ['Billing', '/subscriptions'],
]

const tooltipText = (label: string) =>
  `The ${label} feature is part of our premium offerings. Please upgrade your plan to unlock it!`

/** Renders the sidebar with a subscription whose plan has these accesses, once the subscription has loaded. */
async function renderSidebar(planAccesses: PlanAccess[]) {
  signIn()
  const requests = stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ planAccesses }) } },
    }),
  })
  const utils = renderShell(<Sidebar />)
  await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
  await act(async () => {})
  const nav = screen.getByRole('navigation', { name: 'Main' })
  return { ...utils, requests, nav }
}

/** The labels of the entries shown in the navigation (links, locked entries and the group trigger), in order. */
const entryLabels = (nav: HTMLElement) =>
  [...nav.querySelectorAll('a, button')].filter((el) => !el.closest('[hidden]')).map((el) => el.textContent?.trim())

const settingsTrigger = (nav: HTMLElement) => within(nav).getByRole('button', { name: 'Settings' })

async function openSettings(nav: HTMLElement) {
  const trigger = settingsTrigger(nav)
  await act(async () => {
    fireEvent.click(trigger)
  })
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'))
}

const expectLocked = (nav: HTMLElement, label: string) => {
  const entry = within(nav).getByRole('button', { name: label })
  expect(entry.getAttribute('aria-disabled')).toBe('true')
  expect(entry.hasAttribute('href')).toBe(false)
  expect(within(nav).queryByRole('link', { name: label })).toBeNull()
}
const expectLink = (nav: HTMLElement, label: string, path: string) => {
  expect(within(nav).getByRole('link', { name: label }).getAttribute('href')).toBe(path)
  expect(within(nav).queryByRole('button', { name: label })).toBeNull()
}

async function expectTooltip(trigger: HTMLElement, text: string) {
  await act(async () => {
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' })
  })
  // Ark's tooltip opens 100 ms after the pointer rests on the trigger.
  const tip = await screen.findByRole('tooltip')
  expect(tip.textContent).toBe(text)
  expect(trigger.getAttribute('aria-describedby')).toBe(tip.id)
  await act(async () => {
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' })
  })
  await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
}

describe('Sidebar', () => {
  it('asks for the subscription and lists every entry of the navigation in order, Settings closed at first', async () => {
    const { nav, requests } = await renderSidebar(accesses([]))
    expect(requests.some((r) => r.method === 'GET' && r.path === '/api/user_subscription')).toBe(true)
    expect(entryLabels(nav)).toEqual([...LINKS.map(([label]) => label), 'Settings'])
    // 'Services' is the group open at first, so Settings starts closed and hides Security and Billing.
    expect(settingsTrigger(nav).getAttribute('aria-expanded')).toBe('false')
    expect(within(nav).queryByRole('link', { name: 'Security' })).toBeNull()
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull()
    await openSettings(nav)
    expect(entryLabels(nav)).toEqual([...LINKS.map(([label]) => label), 'Settings', 'Security', 'Billing'])
  })

  it('with every access granted, locks nothing: each entry is a link to its path', async () => {
    const { nav } = await renderSidebar(accesses([]))
    await openSettings(nav)
    for (const [label, path] of [...LINKS, ...SETTINGS_LINKS]) expectLink(nav, label, path)
    expect(nav.querySelector('[aria-disabled="true"]')).toBeNull()
    expect(nav.querySelector('[data-locked]')).toBeNull()
  })

  it("draws each monitor type's entry with the type's own icon, the one its pages and the bell draw", async () => {
    const { nav } = await renderSidebar(accesses(BASIC_LOCKED))
    for (const { label, type } of TYPE_NAVIGATION) {
      if (!type) throw new Error(`${label} has no type`)
      const entry = within(nav).getByText(label).parentElement
      const drawn = entry?.querySelector('svg')?.innerHTML
      const { container } = render(createElement(typeIcon(type)))
      expect(drawn, label).toBe(container.querySelector('svg')?.innerHTML)
    }
  })

  it('highlights the link of the current page', async () => {
    const { nav } = await renderSidebar(accesses([]))
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1)
  })

  it('with a Basic plan, locks its six premium entries (dimmed buttons, no href) and links the others', async () => {
    const { nav } = await renderSidebar(accesses(BASIC_LOCKED))
    await openSettings(nav)
    for (const label of BASIC_LOCKED) expectLocked(nav, label)
    for (const [label, path] of [...LINKS, ...SETTINGS_LINKS].filter(([label]) => !BASIC_LOCKED.includes(label)))
      expectLink(nav, label, path)
    expect(nav.querySelectorAll('[aria-disabled="true"]')).toHaveLength(BASIC_LOCKED.length)
  })

  it('a locked entry does not navigate when clicked and explains the lock in a tooltip naming it', async () => {
    const { nav, location } = await renderSidebar(accesses(BASIC_LOCKED))
    const dns = within(nav).getByRole('button', { name: 'DNS Monitoring' })
    await act(async () => {
      fireEvent.click(dns)
    })
    expect(location()).toBe('/dashboard')
    await expectTooltip(dns, tooltipText('DNS Monitoring'))
  })

  it('keeps an entry whose access flag is missing unlocked', async () => {
    const withoutReporting = accesses(
      BASIC_LOCKED,
      ALL_FEATURES.filter((f) => f !== 'Reporting'),
    )
    const { nav } = await renderSidebar(withoutReporting)
    expectLink(nav, 'Reporting', '/reporting')
    expectLocked(nav, 'DNS Monitoring')
  })

  it("with 'Settings' locked, locks Security and Billing with a tooltip naming 'Settings'", async () => {
    // Security and Billing keep their own flags (true): the group's lock decides.
    const { nav } = await renderSidebar(accesses(['Settings']))
    await openSettings(nav)
    expectLocked(nav, 'Security')
    expectLocked(nav, 'Billing')
    expect(nav.querySelectorAll('[aria-disabled="true"]')).toHaveLength(2)
    await expectTooltip(within(nav).getByRole('button', { name: 'Security' }), tooltipText('Settings'))
    await expectTooltip(within(nav).getByRole('button', { name: 'Billing' }), tooltipText('Settings'))
  })

  it('opens the Settings group on a click of its trigger and closes it on the next', async () => {
    const { nav, shell } = await renderSidebar(accesses([]))
    const trigger = settingsTrigger(nav)
    await act(async () => {
      fireEvent.click(trigger)
    })
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'))
    expect(within(nav).getByRole('link', { name: 'Security' })).toBeTruthy()
    expect(shell().sidebar.getSnapshot().context.openGroup).toBe('Settings')
    await act(async () => {
      fireEvent.click(trigger)
    })
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'))
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Security' })).toBeNull())
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull()
  })
})
