import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { encodeUserData, IV_LENGTH } from '@vigil/domain/storage-codec'
import { openTestDb, type TestDb } from '../../server/harness.ts'
import { launchBrowser } from '../browser.ts'
import { startServer } from '../server.ts'

export type Server = Awaited<ReturnType<typeof startServer>>

export interface Env {
  db: TestDb
  server: Server
  browser: Browser
  /** The contexts opened by the running test; closed after it. */
  contexts: BrowserContext[]
}

/**
 * One SQLite database, one server and one Chromium for a test file; the contexts a test opens with `newPage` are
 * closed after it. The returned object is filled in by beforeAll. `options` is read then, so it may use servers
 * a `beforeAll` registered before this call started; `prepare` changes the database before the server starts.
 */
export const setupAppEnv = (
  options: () => Parameters<typeof startServer>[1] = () => ({}),
  prepare: (db: TestDb) => Promise<void> = async () => {},
): Env => {
  const env = { contexts: [] as BrowserContext[] } as Env
  beforeAll(async () => {
    env.db = await openTestDb('sqlite')
    await prepare(env.db)
    env.server = await startServer(env.db, options())
    env.browser = await launchBrowser()
  }, 60_000)
  afterEach(async () => {
    await Promise.all(env.contexts.splice(0).map((c) => c.close()))
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.server?.close()
    await env.db?.drop()
  })
  return env
}

/** The operator lets Pro check every 2 seconds (plans are rows), so that outages play out in seconds. */
export const proEveryTwoSeconds = async (db: TestDb) => {
  await db.database.db.updateTable('plans').set({ min_interval_seconds: 2 }).where('plan_id', '=', 'pro').execute()
}

let visitor = 0

/**
 * A page in a new browser context (a new visitor: no storage, no cookies), in UTC, 1280x800 unless told. Each visitor
 * comes from its own address (X-Forwarded-For, which the test server trusts), so sign-up and sign-in rate limits
 * count per test as they would per person.
 */
export const newPage = async (env: Env, options: BrowserContextOptions = {}): Promise<Page> => {
  visitor += 1
  const context = await env.browser.newContext({
    baseURL: env.server.baseUrl,
    timezoneId: 'UTC',
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(visitor / 250)}.${visitor % 250}` },
    ...options,
  })
  env.contexts.push(context)
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  return page
}

/** The path and query string of the page's URL. */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** Waits until the page is at `path` (with its query string, exactly). */
export const waitForPath = async (page: Page, path: string, timeout = 10_000) => {
  await expect.poll(() => pathOf(page), { timeout }).toBe(path)
}

export type PlanChoice = 'Basic' | 'Pro Monthly' | 'Pro Yearly' | 'Pro 15-day free trial'

export interface Account {
  name: string
  email: string
  password: string
}

let accountCounter = 0
export const newAccount = (name = 'Ada Lovelace'): Account => {
  accountCounter += 1
  return {
    name,
    email: `e2e-${process.pid}-${accountCounter}-${Date.now().toString(36)}@example.com`,
    password: 'correct horse battery',
  }
}

/** Signs up through /register with the given plan and waits for the dashboard (/dashboard?is_signup=true). */
export const signUp = async (page: Page, plan: PlanChoice, account: Account = newAccount()): Promise<Account> => {
  await page.goto('/register')
  await page.getByLabel('Name', { exact: true }).fill(account.name)
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('radio', { name: plan }).check()
  await page.getByRole('button', { name: 'Sign up' }).click()
  await waitForPath(page, '/dashboard?is_signup=true')
  return account
}

/** Fills in /login and presses 'Sign in' (without waiting for the outcome). */
export const submitSignIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in through /login and waits for the dashboard, with the user's subscription loaded. */
export const signIn = async (page: Page, email: string, password: string) => {
  const subscription = page.waitForResponse((r) => r.url().includes('/api/user_subscription'), { timeout: 15_000 })
  await submitSignIn(page, email, password)
  await waitForPath(page, '/dashboard')
  await subscription
  await page.getByRole('banner').waitFor()
}

export type ApiPlan =
  | { plan: 'Basic' }
  | { plan: 'Pro'; billing_frequency?: 'Monthly' | 'Yearly'; is_free_trial?: boolean }

/**
 * A returning user: an account made through the API, whose browser (a new context) already holds the session
 * that signing in leaves behind (the token cookie and the locally stored items); the page is
 * opened at /dashboard, with the subscription loaded. Sign-in itself goes through /login in `signIn`.
 */
export const signedInUser = async (env: Env, plan: ApiPlan = { plan: 'Basic' }, options: BrowserContextOptions = {}) =>
  openSignedIn(env, await env.server.register(plan), options)

export type RegisteredAccount = Awaited<ReturnType<Server['register']>>

/** A new context holding the session of `account` (see `signedInUser`), opened at /dashboard. */
export const openSignedIn = async (env: Env, account: RegisteredAccount, options: BrowserContextOptions = {}) => {
  const user = account.user as { user_id: string; name: string; email: string; image: string | null }
  const page = await newPage(env, options)
  await page
    .context()
    .addCookies([{ name: 'token', value: account.token, url: env.server.baseUrl, httpOnly: true, sameSite: 'Lax' }])
  await page.goto('/api/health')
  const items: Record<string, string> = {
    authToken: account.token,
    isAuthenticated: 'true',
    Name: user.name,
    UserId: user.user_id,
    userData: encodeUserData(user, randomBytes(IV_LENGTH)),
  }
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, items)
  const subscription = page.waitForResponse((r) => r.url().includes('/api/user_subscription'), { timeout: 15_000 })
  await page.goto('/dashboard')
  await subscription
  await page.getByRole('banner').waitFor()
  return { page, ...account, userId: user.user_id, name: user.name }
}

// The shell's controls, found as a user finds them.
export const sidebar = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' })
/** A sidebar entry by its label, whatever it is exposed as: a link, or (locked) a disabled control. */
export const sidebarEntry = (page: Page, label: string): Locator => {
  const nav = sidebar(page)
  return nav.getByRole('link', { name: label, exact: true }).or(nav.getByRole('button', { name: label, exact: true }))
}
export const bellButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /notifications/i })
export const profileMenuButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /account menu/i })

export const openProfileMenuItem = async (page: Page, item: 'Profile' | 'Change Password' | 'Logout') => {
  await profileMenuButton(page).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** Local storage of the page's origin. */
export const localStorageOf = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)))

export interface Violation {
  id: string
  impact: string | null | undefined
  help: string
  nodes: string[]
}

/** Waits for the page's running (finite) CSS animations and transitions to end, e.g. a dialog fading in. */
export const animationsDone = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity)
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
  })

let axeCode: string | undefined
const axeSource = () => {
  axeCode ??= readFileSync(resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8')
  return axeCode
}

/**
 * Runs axe-core in the page, once its animations are over (colours are measured), and returns the violations of
 * impact 'serious' or 'critical'.
 */
export const seriousViolations = async (page: Page): Promise<Violation[]> => {
  await animationsDone(page)
  // Evaluated through the browser's protocol rather than added as a <script>: the app's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource())
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: any[] }> } }).axe
    const result = await axe.run(document)
    return result.violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null | undefined,
      help: v.help as string,
      nodes: (v.nodes as { target: string[]; failureSummary?: string }[]).map(
        (n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`,
      ),
    }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
