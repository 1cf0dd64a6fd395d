import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUSTOMER, restoreEnv, seedCustomer } from '../../server/cloud/aws/loopback.ts'
import { realTimeClock } from '../../server/harness.ts'
import { startHttpTarget } from '../../server/support/targets.ts'
import { type LoopbackAws, startLoopbackAws } from '../../support/aws/loopback-aws.ts'
import { newPage, openSignedIn, setupAppEnv } from './helpers.ts'

// Issue 19, item 5: every page works on a 360 px wide phone. A Pro user with a monitor and its results, a status
// page, a channel, a support ticket and a connected AWS account visits each page in turn; on each, nothing is wider
// than the window, every table either scrolls inside a region that fits the window or is stacked, each button and
// link of a table can be brought into view, and no heading breaks a word. The monitor lists and the dashboard are
// checked by their own tests. Set PHONE_SHOTS to a folder to keep a screenshot of each page.

const PHONE = { width: 360, height: 740 }

let web: Awaited<ReturnType<typeof startHttpTarget>>
let aws: LoopbackAws
let savedEndpoint: string | undefined
beforeAll(async () => {
  web = await startHttpTarget()
  aws = await startLoopbackAws()
  seedCustomer(aws.world)
  savedEndpoint = process.env.AWS_ENDPOINT_URL
  process.env.AWS_ENDPOINT_URL = aws.url
})
const env = setupAppEnv(() => ({ config: { allowPrivateTargets: true }, clock: realTimeClock() }))
afterAll(async () => {
  restoreEnv('AWS_ENDPOINT_URL', savedEndpoint)
  await web?.close()
  await aws?.close()
})

interface Problems {
  overflow: string | null
  tables: string[]
  unreachable: string[]
  brokenWords: string[]
}

/** What is wrong with the page at the phone's width (see the file's comment), measured in the browser. */
const layoutProblems = (page: Page): Promise<Problems> =>
  page.evaluate(() => {
    const vw = window.innerWidth
    const doc = document.documentElement
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
    const overflow =
      doc.scrollWidth > vw
        ? `page is ${doc.scrollWidth} px wide: ${[...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > vw + 1 && !el.closest('[data-scroll-x]'))
            .slice(-3)
            .map(describe)
            .join(', ')}`
        : null

    const scrollerOf = (el: Element): HTMLElement | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p)
        if (overflowX === 'auto' || overflowX === 'scroll') return p
      }
      return null
    }
    const tables: string[] = []
    const unreachable: string[] = []
    for (const table of document.querySelectorAll('table')) {
      if (table.closest('[hidden], [aria-hidden="true"]')) continue
      const stacked = getComputedStyle(table).display !== 'table'
      const scroller = scrollerOf(table)
      const box = (scroller ?? table).getBoundingClientRect()
      if (!stacked && !scroller) tables.push(`${describe(table)} neither scrolls nor is stacked`)
      else if (box.left < -1 || box.right > vw + 1)
        tables.push(`${describe(table)}: its ${scroller ? 'scroll region' : 'box'} spans ${box.left}-${box.right}`)
      for (const action of table.querySelectorAll('a, button, select, input')) {
        // A column a narrow table leaves out (display: none, by its priority) is not shown, so not out of reach.
        if (action.closest('th, td') && getComputedStyle(action.closest('th, td') as Element).display === 'none')
          continue
        action.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
        const r = action.getBoundingClientRect()
        const visible = r.width > 0 && r.height > 0 && getComputedStyle(action).visibility !== 'hidden'
        if (!visible || r.left < -1 || r.right > vw + 1) unreachable.push(`${describe(action)} at ${r.left}-${r.right}`)
      }
      if (scroller) scroller.scrollLeft = 0
    }
    window.scrollTo(0, 0)

    // A word is broken when its text spans two lines: a Range over it has boxes at two heights.
    const brokenWords: string[] = []
    for (const heading of document.querySelectorAll('h1, h2, h3, h4, [role="heading"]')) {
      // Headings for screen readers only (one pixel, clipped) are not read on the screen.
      const r = heading.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/[^\s]+/g)) {
          // A word with a hyphen or slash may wrap after it, as a browser wraps it anyway.
          if (/[-/]/.test(m[0])) continue
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (tops.size > 1) brokenWords.push(`"${m[0]}" in ${describe(heading)}`)
        }
      }
      if (heading.scrollWidth > heading.clientWidth + 1) brokenWords.push(`${describe(heading)} overflows its box`)
    }
    return { overflow, tables, unreachable, brokenWords }
  })

const shots = process.env.PHONE_SHOTS

/** Opens `path`, waits for its h1 (and `ready`, when given) and what it fetches, and returns its problems. */
const visit = async (page: Page, path: string, ready?: string) => {
  await page.goto(path)
  await page.locator('h1').first().waitFor()
  if (ready) await page.getByText(ready, { exact: false }).first().waitFor()
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  if (shots) await page.screenshot({ path: `${shots}/${path.replace(/[^\w]+/g, '_')}.png`, fullPage: true })
  return { path, ...(await layoutProblems(page)) }
}

const ok = (p: { path: string } & Problems) =>
  p.overflow === null && p.tables.length === 0 && p.unreachable.length === 0 && p.brokenWords.length === 0

describe('the pages on a 360 px phone', () => {
  it('fit the window, keep table actions reachable and break no heading mid-word', async () => {
    const { server } = env
    const account = await server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const { token } = account
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await server.call(method, path, { token, body })
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300)
      return res.json.data
    }

    // A monitor with a few results, one of them failed.
    const monitor = (await call('POST', '/api/monitors', { type: 'web', name: 'Shop', url: web.url })).monitor
    for (const mode of ['ok', 'error', 'ok'] as const) {
      web.state.mode = mode
      await call('POST', `/api/monitors/${monitor.id}/check`)
    }
    await call('POST', '/api/status_pages', {
      name: 'Shop status',
      slug: 'shop-phone',
      published: true,
      components: [{ monitor_id: monitor.id, display_name: 'Shop' }],
    })
    await call('POST', '/api/integrations', { type: 'webhook', name: 'Pager', url: web.url })
    const ticket = (
      await call('POST', '/api/support/tickets', {
        subject: 'Checks from Frankfurt time out',
        category: 'monitoring',
        message: 'Since this morning every check of Shop times out.',
      })
    ).ticket
    const keys = aws.world.addUser(CUSTOMER, 'vigil-reader')
    const awsAccount = (
      await call('POST', '/api/aws/accounts', {
        name: 'Production',
        auth: 'keys',
        access_key_id: keys.access_key_id,
        secret_access_key: keys.secret_access_key,
      })
    ).account // connecting reads it

    const { page } = await openSignedIn(env, account, { viewport: PHONE })
    const results = []

    // The navigation is a drawer over the page, within the window.
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click()
    const nav = page.getByRole('navigation', { name: 'Main' })
    const navBox = await nav.boundingBox()
    expect(navBox && navBox.x >= 0 && navBox.x + navBox.width <= PHONE.width).toBe(true)
    results.push({ path: 'menu', ...(await layoutProblems(page)) })
    await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click()

    const account$ = `/services/aws_monitoring/${awsAccount.id}`
    const routes: [string, string?][] = [
      [`/web_monitorings/${monitor.id}`, 'The last 24 hours'],
      ['/services/check_black_list'],
      ['/status_page', 'Shop status'],
      ['/integrations', 'Pager'],
      ['/notifications'],
      ['/reporting'],
      ['/support', 'Checks from Frankfurt'],
      [`/support/tickets/${ticket.id}`, 'every check of Shop'],
      ['/settings/security'],
      ['/profile'],
      ['/subscriptions'],
      ['/upgrade_to_pro'],
      ['/services/aws_monitoring', 'Production'],
      [`${account$}/billing-summary`],
      [`${account$}/ec2`, 'web-1'],
      [`${account$}/rds`, 'orders-db'],
      [`${account$}/amplify`],
      [`${account$}/lightsail`, 'blog'],
      [`${account$}/services`],
      ['/services/azure_monitoring'],
      ['/services/microsoft365/accounts'],
      ['/slack-connected'],
    ]
    for (const [path, ready] of routes) results.push(await visit(page, path, ready))

    // The pages of a visitor who is not signed in, and the public status page (the server's own HTML).
    const visitor = await newPage(env, { viewport: PHONE })
    for (const path of ['/', '/login', '/register', '/forgot-password', '/confirm-email', '/status/shop-phone'])
      results.push(await visit(visitor, path))

    expect(results.filter((r) => !ok(r))).toEqual([])
  }, 120_000)
})
