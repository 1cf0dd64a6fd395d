import { describe, expect, it } from 'vitest'
import { newPage, pathOf, setupAppEnv, sidebar, sidebarEntry, signedInUser, waitForPath } from './helpers.ts'

const LOCK_TOOLTIP =
  'The DNS Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!'

const widthOf = async (locator: { boundingBox(): Promise<{ width: number } | null> }) =>
  (await locator.boundingBox())?.width ?? -1

const env = setupAppEnv()

describe('side navigation: plan locks and the active link', () => {
  it('a Basic user sees DNS Monitoring dimmed and not a link, with the lock tooltip on hover and focus; a click goes nowhere', async () => {
    const { page } = await signedInUser(env, { plan: 'Basic' })
    const nav = sidebar(page)
    const dns = sidebarEntry(page, 'DNS Monitoring')
    // The lock needs the subscription: wait for it to arrive.
    await expect.poll(() => dns.getAttribute('aria-disabled')).toBe('true')
    // Not a link: nothing to follow.
    expect(await dns.getAttribute('href')).toBeNull()
    expect(await dns.evaluate((el) => el.closest('a[href]'))).toBeNull()
    expect(Number(await dns.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1)
    // An entry the plan includes stays a real link.
    expect(await nav.getByRole('link', { name: 'Website Monitoring' }).getAttribute('href')).toBe(
      '/services/web-monitoring',
    )

    const tooltip = page.getByRole('tooltip')
    await dns.hover()
    await tooltip.waitFor()
    expect((await tooltip.textContent())?.trim()).toBe(LOCK_TOOLTIP)
    // Really seen: outside the sidebar, which scrolls and would clip it, and wholly inside the window.
    const placement = await tooltip.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return { inSidebar: el.closest('nav') !== null, inside: box.left >= 0 && box.right <= window.innerWidth }
    })
    expect(placement).toEqual({ inSidebar: false, inside: true })

    // Away from it the tooltip closes; keyboard focus opens it again.
    await page.mouse.move(900, 500)
    await tooltip.waitFor({ state: 'hidden' })
    await dns.focus()
    await tooltip.waitFor()
    expect((await tooltip.textContent())?.trim()).toBe(LOCK_TOOLTIP)

    // A real mouse click on it (Playwright would otherwise refuse an aria-disabled element), then Enter on it.
    await dns.click({ force: true })
    await page.keyboard.press('Enter')
    await page.waitForTimeout(300)
    expect(pathOf(page)).toBe('/dashboard')
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
  })

  it('a Pro user follows DNS Monitoring to /services/dns-monitoring, which becomes the active link', async () => {
    const { page } = await signedInUser(env, { plan: 'Pro', billing_frequency: 'Monthly' })
    const nav = sidebar(page)
    const dashboard = nav.getByRole('link', { name: 'Dashboard' })
    const dns = nav.getByRole('link', { name: 'DNS Monitoring' })
    expect(await dashboard.getAttribute('aria-current')).toBe('page')
    expect(await dns.getAttribute('aria-disabled')).toBeNull()
    expect(await dns.getAttribute('href')).toBe('/services/dns-monitoring')

    await dns.click()
    await waitForPath(page, '/services/dns-monitoring')
    await page.getByRole('heading', { level: 1, name: 'DNS Monitoring' }).waitFor()
    // The page itself, not the upgrade prompt of a locked feature.
    expect(await page.getByRole('main').getByRole('button', { name: 'Upgrade' }).count()).toBe(0)
    expect(await dns.getAttribute('aria-current')).toBe('page')
    expect(await dashboard.getAttribute('aria-current')).toBeNull()
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1)
  })
})

describe('protected routes and the top bar rule', () => {
  it('a visitor without a session is sent from protected routes to /login', async () => {
    const page = await newPage(env)
    for (const path of ['/dashboard', '/notifications', '/services/web-monitoring', '/web_monitorings/42']) {
      await page.goto(path)
      await waitForPath(page, '/login')
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
    }
  })

  it('/integrations is inside the layout without a session check, but with no stored Name the top bar sends to /login', async () => {
    const page = await newPage(env)
    await page.goto('/integrations')
    await waitForPath(page, '/login')

    // The same route with a stored name (and still no session) stays: only the top bar rule sent the visitor away.
    const other = await newPage(env)
    await other.addInitScript(() => localStorage.setItem('Name', 'Grace'))
    await other.goto('/integrations')
    await other.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor()
    await other.waitForTimeout(300)
    expect(pathOf(other)).toBe('/integrations')
  })
})

describe('sidebar on narrow and wide windows', () => {
  it('at 768 px the sidebar is hidden; "Open menu" shows it over an overlay; choosing an entry navigates and closes it', async () => {
    const { page } = await signedInUser(env, { plan: 'Basic' }, { viewport: { width: 768, height: 900 } })
    const nav = sidebar(page)
    expect(await nav.isVisible()).toBe(false)

    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    await nav.waitFor()
    expect(
      await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).toBe('true')
    // An overlay covers the page beside the menu: a tap there reaches neither the page nor the menu, and closes it.
    const hit = await page.evaluate(() => {
      const el = document.elementFromPoint(600, 500)
      return { inContent: Boolean(el?.closest('main')), inMenu: Boolean(el?.closest('nav')) }
    })
    expect(hit).toEqual({ inContent: false, inMenu: false })
    await page.mouse.click(600, 500)
    await nav.waitFor({ state: 'hidden' })

    await menuButton.click()
    await nav.getByRole('link', { name: 'Website Monitoring' }).click()
    await waitForPath(page, '/services/web-monitoring')
    await nav.waitFor({ state: 'hidden' })
    await page.getByRole('heading', { level: 1, name: 'Website Monitoring' }).waitFor()
    expect(await menuButton.isVisible()).toBe(true)
  })

  it('at 769 px the sidebar shows at 240 px; the button collapses it to 64 px and expands it again', async () => {
    const { page } = await signedInUser(env, { plan: 'Basic' }, { viewport: { width: 769, height: 900 } })
    const nav = sidebar(page)
    await nav.waitFor()
    await expect.poll(() => widthOf(nav)).toBe(240)
    expect(await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).count()).toBe(0)

    await page.getByRole('banner').getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect.poll(() => widthOf(nav)).toBe(64)
    expect(await nav.isVisible()).toBe(true)
    // Collapsed, the entries stay reachable by name.
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')

    // It stays as it was left: across a reload, and across a spell at phone width.
    await page.reload()
    await page.getByRole('banner').getByRole('button', { name: 'Expand sidebar' }).waitFor()
    expect(await widthOf(nav)).toBe(64)
    await page.setViewportSize({ width: 768, height: 900 })
    await nav.waitFor({ state: 'hidden' })
    await page.setViewportSize({ width: 769, height: 900 })
    await expect.poll(() => widthOf(nav)).toBe(64)

    await page.getByRole('banner').getByRole('button', { name: 'Expand sidebar' }).click()
    await expect.poll(() => widthOf(nav)).toBe(240)
    await page.reload()
    await page.getByRole('banner').getByRole('button', { name: 'Collapse sidebar' }).waitFor()
    expect(await widthOf(nav)).toBe(240)

    // Narrowing the window to 768 px switches to the mobile menu.
    await page.setViewportSize({ width: 768, height: 900 })
    await nav.waitFor({ state: 'hidden' })
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).waitFor()
  })
})
