import { INCIDENT_STATUS_LABELS } from '@vigil/domain/status-page.schema'
import type { PublicIncident, PublicStatus } from '@vigil/domain/status-view'
import { escapeHtml as e, xmlChars } from './html.ts'

// The page's incidents as an Atom feed: one entry per incident, updated with each update, its updates as the
// entry's content (the same sanitised HTML the page shows, escaped once more for XML).

const content = (i: PublicIncident) =>
  (i.components.length ? `<p>Affects: ${e(i.components.join(', '))}</p>` : '') +
  i.updates
    .map((u) => `<p><strong>${INCIDENT_STATUS_LABELS[u.status]}</strong> (${u.at})</p>${u.message_html}`)
    .join('')

/** `changedAt`: when the page last changed, the feed's date while it has no entry (so it reads the same until then). */
export const renderFeed = (view: PublicStatus, appUrl: string, changedAt: number): string => {
  const pageUrl = `${appUrl}/status/${encodeURIComponent(view.page.slug)}`
  const updatedOf = (i: PublicIncident) => i.updates[0]?.at ?? i.resolved_at ?? i.started_at
  const updated = view.incidents.map(updatedOf).sort().at(-1) ?? new Date(changedAt).toISOString()
  const entries = view.incidents
    .map(
      (i) =>
        `<entry><id>${e(`${pageUrl}#incident-${i.id}`)}</id><title>${e(`${i.title} (${INCIDENT_STATUS_LABELS[i.status]})`)}</title>` +
        `<link rel="alternate" type="text/html" href="${e(`${pageUrl}#incident-${i.id}`)}"/>` +
        `<published>${i.started_at}</published><updated>${updatedOf(i)}</updated>` +
        `<content type="html">${e(content(i))}</content></entry>`,
    )
    .join('')
  return xmlChars(
    '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">' +
      `<title>${e(`${view.page.name} status`)}</title><subtitle>Incidents posted on this status page</subtitle>` +
      `<id>${e(pageUrl)}</id><link rel="alternate" type="text/html" href="${e(pageUrl)}"/>` +
      `<link rel="self" type="application/atom+xml" href="${e(`${pageUrl}/feed.xml`)}"/>` +
      `<updated>${updated}</updated><author><name>${e(view.page.name)}</name></author>${entries}</feed>`,
  )
}
