import * as lucide from 'lucide-react'
import { matchPath } from 'react-router'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, isAppPath } from '@vigil/domain/app-routes'
import { CLOUD_PROVIDER_WORDS, CLOUD_PROVIDERS, type CloudProvider } from '@vigil/domain/cloud-account'
import { changeMessage, downMessage, expiryMessage, reminderMessage, upMessage } from '@vigil/domain/incident-message'
import { MONITOR_INPUTS } from '@vigil/domain/monitor.schema'
import {
  MONITOR_TYPE_DEFS,
  MONITOR_TYPE_PAGES,
  incidentWordsOf,
  type MonitorType,
  observesOf,
  watchesExpiry,
} from '@vigil/domain/monitor-types'
import { routeParam } from '@vigil/domain/monitor-types/routes'
import { NAVIGATION, TYPE_NAVIGATION } from '@vigil/domain/navigation'
import { NOTIFICATION_TYPES, NotificationType, notificationWords } from '@vigil/domain/notification'
import { notificationTarget } from '@vigil/domain/notification-target'
import { isNewsworthyChange } from '@vigil/domain/observation'
import { CHECK_RUNNERS } from '../../src/server/checks/registry.ts'
import { notificationTypeLabel, TYPE_ICONS, typeIcon } from '../../src/ui/components/icons.tsx'
import { MONITOR_TYPE_UI } from '../../src/ui/pages/monitors/types/index.ts'

// The registries of monitor types, one per layer, walked type by type: every type the pages know has every part in
// the domain, the server and the UI. The compiler already refuses a missing part; this shows the parts are real
// (a form that loads, defaults the type's own schema accepts, a facts panel where the checks report facts).

const TYPES = Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]
/** Lucide's icons by name. */
const LUCIDE = new Map<string, unknown>(Object.entries(lucide))

describe('monitor type registries', () => {
  it('list the same types in every layer', () => {
    expect(Object.keys(MONITOR_TYPE_DEFS).sort()).toEqual([...TYPES].sort())
    expect(Object.keys(CHECK_RUNNERS).sort()).toEqual([...TYPES].sort())
    expect(Object.keys(MONITOR_TYPE_UI).sort()).toEqual([...TYPES].sort())
  })

  it('give each type an icon of its own, and draw no icon no type has', () => {
    const names = TYPES.map((type) => MONITOR_TYPE_PAGES[type].icon)
    expect(new Set(names).size).toBe(TYPES.length)
    expect(Object.keys(TYPE_ICONS).sort()).toEqual([...names].sort())
  })

  it('make every type a notification type, with words no other notification type has', () => {
    expect(NOTIFICATION_TYPES.filter((type) => (TYPES as string[]).includes(type))).toEqual(TYPES)
    const words = NOTIFICATION_TYPES.map(notificationWords)
    expect(new Set(words.map((w) => w?.name)).size).toBe(NOTIFICATION_TYPES.length)
    expect(new Set(words.map((w) => w?.filter)).size).toBe(NOTIFICATION_TYPES.length)
  })

  it('place every type in the navigation once, after the dashboard, as one run of entries', () => {
    expect(TYPE_NAVIGATION.map((entry) => entry.type).sort()).toEqual([...TYPES].sort())
    const first = NAVIGATION.findIndex((entry) => 'type' in entry)
    expect(NAVIGATION.slice(first, first + TYPES.length)).toEqual(TYPE_NAVIGATION)
  })

  describe.each(TYPES)('%s', (type) => {
    const def = MONITOR_TYPE_DEFS[type]
    const ui = MONITOR_TYPE_UI[type]

    it('has its pages and plan feature', () => {
      const pages = MONITOR_TYPE_PAGES[type]
      expect(pages.label).not.toBe('')
      expect(pages.list).toMatch(/^\/services\//)
      expect(pages.detail('m-1')).toContain('m-1')
      expect(def.label).toBe(pages.label)
      expect(ui.label).toBe(pages.label)
    })

    it('has its list and detail pages among the app routes, and addresses of its monitors that they match', () => {
      const pages = MONITOR_TYPE_PAGES[type]
      for (const path of [pages.list, pages.route])
        expect(APP_ROUTES, path).toContainEqual({ path, shell: 'signed-in' })
      const id = 'm 1/ä'
      const address = new URL(pages.detail(id), 'http://app.test')
      expect(isAppPath(address.pathname)).toBe(true)
      const match = matchPath(pages.route, address.pathname)
      expect(match, `${address.pathname} is on ${pages.route}`).not.toBeNull()
      const param = routeParam(pages.route)
      expect(param ? decodeURIComponent(match?.params[param] ?? '') : address.searchParams.get('id')).toBe(id)
      const opens = new URL(notificationTarget(type, id) ?? '', 'http://app.test')
      expect(isAppPath(opens.pathname), `its notifications open ${opens.pathname}`).toBe(true)
    })

    it('has one icon, by its name in Lucide, drawn wherever the type is', () => {
      const name = MONITOR_TYPE_PAGES[type].icon
      const drawn = LUCIDE.get(name)
      expect(drawn, `Lucide has no icon ${name}`).toBeTruthy()
      expect(TYPE_ICONS[name]).toBe(drawn)
      expect(typeIcon(type)).toBe(drawn)
    })

    it('is a notification type: named in the bell and in the filter, opening its monitor', () => {
      const pages = MONITOR_TYPE_PAGES[type]
      expect(v.is(NotificationType, type)).toBe(true)
      expect(pages.notifications.name.trim()).not.toBe('')
      expect(pages.notifications.filter.trim()).not.toBe('')
      expect(notificationWords(type)).toBe(pages.notifications)
      expect(notificationTypeLabel(type)).toBe(`${pages.notifications.name} notification`)
      const opens = notificationTarget(type, 'm-1')
      expect(opens).toBe(('notificationRoute' in pages ? pages.notificationRoute : pages.detail)('m-1'))
    })

    it('has its entry in the side navigation: its label, opening its list', () => {
      const entries = NAVIGATION.flatMap((entry) => ('children' in entry ? entry.children : [entry]))
      const own = entries.filter((entry) => entry.type === type)
      expect(own).toEqual([{ label: MONITOR_TYPE_PAGES[type].label, path: MONITOR_TYPE_PAGES[type].list, type }])
    })

    it('has a domain definition: fields, interval rules, target, connect hosts and facts', () => {
      expect(def.type).toBe(type)
      expect(Object.keys(def.settings).length).toBeGreaterThan(0)
      expect(Object.keys(def.shown).length).toBeGreaterThan(0)
      expect(def.interval.min).toBeGreaterThan(0)
      expect(def.interval.default).toBeGreaterThanOrEqual(def.interval.min)
      expect(typeof def.target).toBe('function')
      expect(typeof def.connectHosts).toBe('function')
      expect(def.facts === null || typeof def.facts === 'object').toBe(true)
      expect(MONITOR_INPUTS[type]).toBeDefined()
    })

    it('watches an expiry exactly when it has days to warn at, and names what expires', () => {
      const expiry = (def as { expiry?: { what: string; label: string; warnDays: (s: never) => readonly number[] } })
        .expiry
      expect(Boolean(expiry), 'warn_days and expiry go together').toBe('warn_days' in def.settings)
      expect(watchesExpiry(type)).toBe(Boolean(expiry))
      if (!expiry) return
      expect(expiry.what.trim()).not.toBe('')
      expect(expiry.label.toLowerCase()).toContain(expiry.what)
      expect(expiryMessage({ name: 'X', type }, 3, 0).title).toBe(`X: ${expiry.what} expires in 3 days`)
    })

    it('tells its incidents in words of its own, or up and down', () => {
      const words = def.incidentWords
      expect(incidentWordsOf(type)).toBe(words)
      const [down, up] = [words.down('X'), words.up('X')]
      for (const title of [down, up]) expect(title).toMatch(/^X\W+\w/)
      expect(down).not.toBe(up)
      for (const state of [words.failing, words.fine]) expect(state).toMatch(/^\w[\w ]*$/)
      expect(words.failing).not.toBe(words.fine)
      expect(words.outage === '' || words.outage.startsWith(' ')).toBe(true)
      const monitor = { name: 'X', type }
      expect(downMessage(monitor, 0, 'Refused.')).toEqual({
        title: down,
        description: `X has been ${words.failing} since 01 Jan 1970, 00:00 UTC: Refused.`,
      })
      expect(upMessage(monitor, 60_000, 0).title).toBe(up)
      expect(upMessage(monitor, 60_000, 0).description).toContain(`X is ${words.fine} again since`)
      expect(reminderMessage(monitor, 0, 'Refused.', 60_000).title).toBe(`${down} (still, for 1 minute)`)
    })

    it('tells which changes of what its checks observe are news, and how, or observes nothing', () => {
      const observes = def.observes
      expect(observesOf(type)).toBe(observes)
      const changes: [string[], string[]][] = [
        [['a'], ['a', 'b']],
        [['a'], ['b']],
        [['a', 'b'], ['a']],
        [[], ['a']],
        [['a'], []],
      ]
      const news = changes.filter(([before, after]) => isNewsworthyChange(type, before, after))
      expect(isNewsworthyChange(type, ['a'], ['a'])).toBe(false)
      if (observes === null) {
        expect(news).toEqual([])
        return
      }
      expect(news.length, 'some change is news').toBeGreaterThan(0)
      if (!observes.newsworthy) expect(news).toEqual(changes)
      for (const [before, after] of news) {
        const { title, description } = changeMessage({ name: 'X', type }, before, after, 0)
        expect(title).toMatch(/^X\W+\w/)
        expect(description).toContain('01 Jan 1970, 00:00 UTC')
        // What is new is named (what went may not be: a closed advisory is no news).
        for (const value of after.filter((value) => !before.includes(value))) expect(description).toContain(value)
      }
    })

    it("is unlocked by its cloud provider's plan feature when it reads a cloud account", () => {
      const account = (def as { cloudAccount?: { provider: string } }).cloudAccount
      if (!account) return
      expect(CLOUD_PROVIDERS).toContain(account.provider)
      expect(CLOUD_PROVIDER_WORDS[account.provider as CloudProvider].feature).toBe(MONITOR_TYPE_PAGES[type].label)
    })

    it('has a check runner on the server', () => {
      expect(typeof CHECK_RUNNERS[type]).toBe('function')
    })

    it('has its words, columns and header in the UI', () => {
      expect(ui.type).toBe(type)
      for (const words of [ui.noun, ui.example, ui.hear]) expect(words.trim()).not.toBe('')
      expect(Array.isArray(ui.columns)).toBe(true)
      for (const column of ui.columns) expect(column.title.trim()).not.toBe('')
    })

    it('has a form whose defaults make the values its schema reads', async () => {
      const { form } = await ui.form()
      expect(typeof form.Fields).toBe('function')
      expect(typeof form.draftOf).toBe('function')
      const values = form.valuesOf(form.blank)
      expect(typeof values).toBe('object')
      // The type's own fields are the ones the domain defines (a blank form has nothing the schema does not know).
      const known = new Set([...Object.keys(def.settings), 'type', 'name'])
      for (const key of Object.keys(values)) expect(known, `${type} form field ${key}`).toContain(key)
    })

    it('has a facts panel exactly when its checks report facts', async () => {
      if (def.facts === null) {
        expect(ui.facts).toBeNull()
        return
      }
      expect(ui.facts?.title.trim()).not.toBe('')
      const { Facts } = (await ui.facts?.load()) ?? {}
      expect(typeof Facts).toBe('function')
    })
  })
})
