import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { PublicStatus } from '@vigil/domain/status-view'
import { describe, expect, it } from 'vitest'
import { renderStatusPage } from '../../../src/server/status/render-page.ts'

// The size budget of a first view (issue 6): at most 100 KB compressed in all, of which at most 50 KB script,
// checked on the largest page an owner can make: 100 components, each with 90 days, and a long incident list.

const day = (i: number) => new Date(Date.UTC(2026, 7, 25) + i * 86_400_000).toISOString().slice(0, 10)

const largest: PublicStatus = {
  page: { name: 'Acme Cloud', slug: 'acme', description_html: '<p>All of Acme.</p>', logo_url: null },
  status: { indicator: 'partial_outage', description: 'Partial outage' },
  components: Array.from({ length: 100 }, (_, c) => ({
    id: `0192f000-0000-7000-8000-${String(c).padStart(12, '0')}`,
    name: `Service number ${c}`,
    group: `Group ${c % 7}`,
    state: c % 13 === 0 ? 'outage' : 'operational',
    uptime_90d: 99.5 + (c % 5) / 10,
    response_ms: 120 + c,
    days: Array.from({ length: 90 }, (_, d) => ({
      date: day(d),
      uptime: (c + d) % 17 === 0 ? 97.31 : 100,
      down_ms: (c + d) % 17 === 0 ? 2_323_584 : 0,
      incidents: (c + d) % 17 === 0 ? 1 : 0,
    })),
  })),
  incidents: Array.from({ length: 30 }, (_, i) => ({
    id: `0192f000-0000-7000-9000-${String(i).padStart(12, '0')}`,
    title: `Elevated error rates on service ${i}`,
    impact: i % 2 ? 'major' : 'minor',
    status: i < 2 ? 'investigating' : 'resolved',
    started_at: '2026-11-20T10:00:00.000Z',
    resolved_at: i < 2 ? null : '2026-11-20T12:00:00.000Z',
    components: ['Service number 1', 'Service number 2'],
    updates: Array.from({ length: 4 }, (_, u) => ({
      status: 'monitoring',
      message_html: `<p>Update ${u}: we moved traffic to a healthy region and keep watching the error rates.</p>`,
      at: '2026-11-20T11:00:00.000Z',
    })),
  })),
  maintenance: [],
  generated_at: '2026-11-23T08:00:00.000Z',
}

describe('the public page render', () => {
  it('keeps the largest page within the first-view budget', () => {
    const { html } = renderStatusPage(largest)
    const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''
    expect(html.match(/<script/g)).toHaveLength(1)
    // Nothing else to fetch: no script file, style sheet or image (the feed link is not loaded).
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|<img/)
    expect(Buffer.byteLength(script)).toBeLessThanOrEqual(50 * 1024)
    expect(brotliCompressSync(html).length).toBeLessThanOrEqual(100 * 1024)
    expect(gzipSync(html).length).toBeLessThanOrEqual(100 * 1024)
  })
})
