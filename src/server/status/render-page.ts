import { logoOrigin } from '@vigil/domain/logo-url'
import { INCIDENT_STATUS_LABELS } from '@vigil/domain/status-page.schema'
import { COMPONENT_STATE_LABELS, dayDowntime, dayLevel } from '@vigil/domain/status-rules'
import type {
  PublicComponent,
  PublicDay,
  PublicIncident,
  PublicMaintenance,
  PublicStatus,
} from '@vigil/domain/status-view'
import { escapeHtml as e, percent, timeTag, utcDate } from './html.ts'
import { notFoundCsp, pageCsp, pageScript, pageStyle } from './page-assets.ts'

// The public status page as plain HTML: it reads completely without JavaScript; the one inline script only
// localises times, adds arrow keys to the day bars and refreshes the page while it is open.

export interface RenderedPage {
  html: string
  csp: string
}

/** What a day's bar says, to a pointer (the tooltip) and to a screen reader alike: how long it was down, and its incidents. */
const dayLabel = (day: PublicDay) => {
  const incidents =
    day.incidents === 0 ? 'no incidents' : day.incidents === 1 ? '1 incident' : `${day.incidents} incidents`
  return `${utcDate(day.date)}: ${dayDowntime(day.down_ms)}, ${incidents}`
}

const bars = (c: PublicComponent) => {
  const summary = c.uptime_90d === null ? 'no data yet' : `${percent(c.uptime_90d)} uptime`
  const items = c.days
    .map((day) => `<span class="${dayLevel(day.down_ms)}" role="img" aria-label="${e(dayLabel(day))}"></span>`)
    .join('')
  return (
    `<div class="bars" role="group" tabindex="0" aria-label="${e(`${c.name}: 90 days, ${summary}. Arrow keys move between days.`)}">${items}</div>` +
    `<div class="axis"><span><span class="long">90 days ago</span><span class="short">30 days ago</span></span>` +
    `<span>${e(summary)}</span><span>Today</span></div>`
  )
}

const component = (c: PublicComponent) =>
  `<div class="component" id="component-${e(c.id)}"><div class="row"><span class="name">${e(c.name)}</span>` +
  `<span class="state ${c.state}">${COMPONENT_STATE_LABELS[c.state]}</span></div>` +
  (c.response_ms === null
    ? ''
    : `<div class="meta">Average response ${c.response_ms} ms over the last 24 hours</div>`) +
  bars(c) +
  '</div>'

/** Components without a group first, then each group under its heading, in the owner's order. */
const components = (list: PublicComponent[]) => {
  if (list.length === 0) return '<p class="empty">No components are shown on this page yet.</p>'
  const groups = new Map<string, PublicComponent[]>()
  for (const c of list) groups.set(c.group, [...(groups.get(c.group) ?? []), c])
  const parts = [...groups].map(([group, members]) => {
    if (group === '') return members.map(component).join('')
    const worst = members.find((m) => m.state !== 'operational')?.state ?? 'operational'
    return (
      `<details class="group" open><summary><span>${e(group)}</span>` +
      `<span class="state ${worst}">${COMPONENT_STATE_LABELS[worst]}</span></summary>${members.map(component).join('')}</details>`
    )
  })
  return `<div class="components">${parts.join('')}</div>`
}

const incident = (i: PublicIncident) =>
  `<article class="card incident ${i.impact}" id="incident-${e(i.id)}"><h3>${e(i.title)}` +
  `<span class="tag ${i.impact}">${i.impact === 'major' ? 'Major' : 'Minor'}</span></h3>` +
  `<div class="meta">${i.resolved_at ? `Resolved ${timeTag(i.resolved_at)}` : `Started ${timeTag(i.started_at)}`}` +
  (i.components.length ? ` · Affects ${e(i.components.join(', '))}` : '') +
  '</div><ol class="updates">' +
  i.updates
    .map(
      (u) =>
        `<li><strong>${INCIDENT_STATUS_LABELS[u.status]}</strong> <span class="meta">${timeTag(u.at)}</span>${u.message_html}</li>`,
    )
    .join('') +
  '</ol></article>'

const maintenance = (m: PublicMaintenance) =>
  `<article class="card maint" id="maintenance-${e(m.id)}"><h3>${e(m.title)}` +
  `<span class="tag">${m.state === 'in_progress' ? 'In progress' : 'Scheduled'}</span></h3>` +
  `<div class="meta">${timeTag(m.starts_at)} to ${timeTag(m.ends_at)}` +
  (m.components.length ? ` · ${e(m.components.join(', '))}` : '') +
  `</div>${m.description_html}</article>`

const section = (title: string, body: string) => (body ? `<section><h2>${title}</h2>${body}</section>` : '')

const document = (title: string, head: string, body: string, script: boolean) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title>${head}<style>${pageStyle}</style></head><body><div class="wrap">${body}</div>` +
  (script ? `<script>${pageScript}</script>` : '') +
  '</body></html>'

export const renderStatusPage = (view: PublicStatus): RenderedPage => {
  const { page, status } = view
  const base = `/status/${encodeURIComponent(page.slug)}`
  const active = view.incidents.filter((i) => i.resolved_at === null)
  const past = view.incidents.filter((i) => i.resolved_at !== null)
  // A logo saved before the rule on logo URLs that does not pass it is left out, from the policy and the page.
  const logoFrom = logoOrigin(page.logo_url)
  const logo = logoFrom ? `<img src="${e(page.logo_url ?? '')}" alt="" referrerpolicy="no-referrer">` : ''
  const body =
    `<header class="top">${logo}<h1>${e(page.name)}</h1></header>` +
    (page.description_html ? `<div class="desc">${page.description_html}</div>` : '') +
    `<main><div class="banner ${status.indicator}" role="status">${e(status.description)}</div>` +
    section('Active incidents', active.map(incident).join('')) +
    section('Maintenance', view.maintenance.map(maintenance).join('')) +
    `<section><h2>Components</h2>${components(view.components)}</section>` +
    section('Past incidents', past.map(incident).join('')) +
    `<footer><span>Last updated ${timeTag(view.generated_at)} · Times in <span data-tz>UTC</span></span>` +
    `<nav><a href="${base}/feed.xml">Atom feed</a><a href="/api/public/status/${encodeURIComponent(page.slug)}">JSON</a></nav></footer></main>`
  const head =
    `<meta name="description" content="${e(`${page.name}: ${status.description}`)}">` +
    `<link rel="alternate" type="application/atom+xml" title="${e(page.name)} incidents" href="${base}/feed.xml">`
  return {
    html: document(`${e(page.name)} status`, head, body, true),
    csp: pageCsp(logoFrom),
  }
}

export const renderNotFound = (): RenderedPage => ({
  html: document(
    'Status page not found',
    '<meta name="robots" content="noindex">',
    '<main><h1>Status page not found</h1><p class="desc">There is no published status page at this address. ' +
      'Check the link, or ask the team that gave it to you.</p></main>',
    false,
  ),
  csp: notFoundCsp,
})
