import { readFileSync } from 'node:fs'
import { reportDuration, reportUptime } from '@vigil/domain/report-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepReportSchedules } from '../../../src/server/services/report-schedules.service.ts'
import { readMail, startSmtp, type TestSmtp } from '../../server/notify/smtp-server.ts'
import { pdfText } from '../../support/pdf-text.ts'
import { expectedReport, type ModelCheck, recordChecks } from '../../support/report-model.ts'
import { openSignedIn, setupAppEnv, signedInUser } from './helpers.ts'

// Issue 18's journey in Chromium: a new Pro user with a shop that was down for three hours in October and an API
// whose failures fell in an announced maintenance window (the checks written by the server's recorder, the clock
// at each) opens Reporting, picks last month for the two, sees the numbers this test works out from the checks,
// downloads the CSV and the PDF and finds the same numbers in them, schedules a weekly report and receives it on the
// loopback SMTP server. A Basic user sees the lock.

const HOUR = 3_600_000
const OCTOBER = Date.parse('2026-10-01T00:00:00Z')
const CHECKS = 31 * 24
const OUTAGE = { from: Date.parse('2026-10-10T10:00:00Z'), to: Date.parse('2026-10-10T13:00:00Z') }
const WINDOW = { from: Date.parse('2026-10-20T02:00:00Z'), to: Date.parse('2026-10-20T06:00:00Z') }
const NOW = Date.parse('2026-11-18T09:00:00Z') // a Wednesday

const shopChecks: ModelCheck[] = Array.from({ length: CHECKS }, (_, k) => {
  const at = OCTOBER + k * HOUR
  const down = at >= OUTAGE.from && at < OUTAGE.to
  return { at, ok: !down, ms: down ? null : 180, maintenance: false }
})
const apiChecks: ModelCheck[] = Array.from({ length: CHECKS }, (_, k) => {
  const at = OCTOBER + k * HOUR
  const inWindow = at >= WINDOW.from && at < WINDOW.to
  return { at, ok: !inWindow, ms: inWindow ? null : 40, maintenance: inWindow }
})

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(() => smtp.close())
const env = setupAppEnv(() => ({ config: { smtp: smtp.settings, allowPrivateTargets: true } }))

describe('Reporting', () => {
  it('reports last month with the numbers of the checks, exports them, mails them weekly, and is locked on Basic', async () => {
    const server = env.server
    server.clock.set(NOW)
    const account = await server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const call = (method: string, path: string, body?: unknown) =>
      server.call(method, path, { token: account.token, body })
    const add = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/monitors', { retries: 0, interval_seconds: 3600, ...body })
      expect(res.status, res.text).toBe(201)
      return res.json.data.monitor.id as string
    }
    const shop = await add({ type: 'web', name: 'Shop', url: 'http://127.0.0.1:9/', sla_target: 99.95 })
    const api = await add({ type: 'api', name: 'Orders API', url: 'http://127.0.0.1:9/orders' })
    await add({ type: 'port', name: 'Mail server', host: '127.0.0.1', port: 9 })
    const page = await call('POST', '/api/status_pages', {
      name: 'Orders',
      slug: 'orders-report',
      published: true,
      components: [{ monitor_id: api, display_name: 'Orders API' }],
    })
    expect(page.status, page.text).toBe(201)
    // The window was announced before October (the API takes only windows that have not ended).
    server.clock.set(OCTOBER - HOUR)
    const window = await call('POST', `/api/status_pages/${page.json.data.status_page.id}/maintenance`, {
      title: 'Database upgrade',
      starts_at: new Date(WINDOW.from).toISOString(),
      ends_at: new Date(WINDOW.to).toISOString(),
    })
    expect(window.status, window.text).toBe(201)

    // October's checks, written by the recorder as the engine writes them, the clock at each.
    await recordChecks(server, [
      [shop, shopChecks],
      [api, apiChecks],
    ])
    server.clock.set(NOW)

    const end = Date.parse('2026-11-01T00:00:00Z')
    const s = expectedReport(shopChecks, OCTOBER, end)
    const a = expectedReport(apiChecks, OCTOBER, end)
    // Three failed checks with no retries: three hours down from the first to the recovery, as its one incident.
    expect(s).toMatchObject({ downtime_ms: 3 * HOUR, checks: CHECKS, failures: 3 })
    expect(a).toMatchObject({ uptime: 100, downtime_ms: 0, failures: 4 })
    const shopUptime = reportUptime(s.uptime)
    const totalUptime = reportUptime(
      Math.floor(((s.known - 3 * HOUR + a.known) / (s.known + a.known)) * 100 * 1000) / 1000,
    )

    const { page: browser } = await openSignedIn(env, account)
    // The page reads its periods by the browser's clock: the server's day, whatever day the suite runs on.
    await browser.clock.setSystemTime(NOW)
    await browser
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Reporting', exact: true })
      .click()
    await browser.getByRole('heading', { name: 'Reporting', level: 1 }).waitFor()
    const choice = browser.getByRole('form', { name: 'Report choice' })
    await choice.getByLabel('Period').selectOption({ label: 'Last month' })
    await choice.getByRole('radio', { name: 'Chosen monitors' }).check()
    await choice.getByRole('checkbox', { name: /^Shop/ }).check()
    await choice.getByRole('checkbox', { name: /^Orders API/ }).check()
    await browser.getByText('1 Oct 2026 – 31 Oct 2026 (UTC)').first().waitFor()

    const table = browser.getByRole('table')
    const shopRow = table.getByRole('row', { name: /^Shop/ })
    await expect.poll(() => shopRow.textContent()).toContain(shopUptime)
    const shopText = await shopRow.textContent()
    // Its downtime is its incident's: 3 h each.
    for (const value of ['Breached', '99.95 %', `${reportDuration(3 * HOUR)}1${reportDuration(3 * HOUR)}`])
      expect(shopText).toContain(value)
    const apiText = await table.getByRole('row', { name: /^Orders API/ }).textContent()
    for (const value of ['100.000 %', 'Met', reportDuration(4 * HOUR)]) expect(apiText).toContain(value) // maintenance
    expect(await table.getByRole('row', { name: /^Total/ }).textContent()).toContain(totalUptime)
    const totals = browser.getByRole('region', { name: 'Totals' })
    await totals.getByText(totalUptime).waitFor()
    expect(await table.getByRole('link').allTextContents()).toEqual(['Orders API', 'Shop']) // not the mail server

    // The exports say the same.
    const csvDownload = browser.waitForEvent('download')
    await browser.getByRole('button', { name: 'Download CSV' }).click()
    const csvFile = await csvDownload
    expect(csvFile.suggestedFilename()).toBe('report-2026-10-01-2026-10-31.csv')
    const rows = readFileSync((await csvFile.path()) as string, 'utf8')
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(','))
    expect(rows.map((r) => r[0])).toEqual(['Monitor', 'Orders API', 'Shop', 'Total'])
    expect(rows[2]?.slice(1, 5)).toEqual(['web', String(s.uptime), '99.95', 'Breached'])
    expect(rows[2]?.[6]).toBe(String(3 * 3600))
    expect(rows[2]?.[8]).toBe(String(3 * 3600)) // the longest incident
    expect(rows[1]?.[17]).toBe(String(4 * 3600)) // the API's maintenance, in seconds

    const pdfDownload = browser.waitForEvent('download')
    await browser.getByRole('button', { name: 'Download PDF' }).click()
    const pdfFile = await pdfDownload
    expect(pdfFile.suggestedFilename()).toBe('report-2026-10-01-2026-10-31.pdf')
    const pdf = (await pdfText(readFileSync((await pdfFile.path()) as string))).join('\n')
    for (const value of [shopUptime, totalUptime, 'Breached', reportDuration(4 * HOUR), '1 Oct 2026 – 31 Oct 2026'])
      expect(pdf).toContain(value)

    // A weekly report to the team, received when the week ends.
    await browser.getByRole('button', { name: 'Schedule a report' }).click()
    const dialog = browser.getByRole('dialog', { name: 'Schedule a report' })
    await dialog.getByLabel('Name').fill('Orders weekly')
    await dialog.getByLabel('Recipients').fill('team@example.com')
    await dialog.getByRole('button', { name: 'Schedule the report' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await browser.getByRole('listitem', { name: 'Orders weekly' }).waitFor()

    server.clock.set(Date.parse('2026-11-23T00:05:00Z'))
    await sweepReportSchedules(server.deps)
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('team@example.com')).length).toBe(1)
    const mail = readMail(smtp.received.find((m) => m.to.includes('team@example.com'))?.raw ?? '')
    expect(mail.subject).toBe('Weekly report: Orders weekly (16 Nov 2026 – 22 Nov 2026 (UTC))')
    expect(mail.attachments.map((f) => f.filename)).toEqual(['report-2026-11-16-2026-11-22.pdf'])
    expect((await pdfText(mail.attachments[0]?.content as Buffer)).join('\n')).toContain('Shop')
    await browser.reload()
    await browser.getByRole('listitem', { name: 'Orders weekly' }).getByText(/sent/i).first().waitFor()

    // Basic: the lock, and no report is asked for.
    const basic = await signedInUser(env, { plan: 'Basic' })
    await basic.page.goto('/reporting')
    await basic.page
      .getByRole('paragraph')
      .filter({ hasText: /The Reporting feature is part of our premium offerings/ })
      .waitFor()
    expect(await basic.page.getByRole('form', { name: 'Report choice' }).count()).toBe(0)
  })
})
