// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ResultsTable } from '../../../src/ui/pages/monitors/DetailTables.tsx'
import { checkResult } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'

// The results table says what each check found ("Check") apart from the monitor's state after it ("State").

const pagination = { total: 5, page: 1, limit: 20, total_pages: 1 }
const history = [
  checkResult({ checked_at: '2026-11-22T09:04:00.000Z', verdict: 'ok', status: 'up' }),
  checkResult({
    checked_at: '2026-11-22T09:03:00.000Z',
    verdict: 'ok',
    status: 'down',
    confirming: { step: 1, of: 3 },
  }),
  checkResult({
    checked_at: '2026-11-22T09:02:00.000Z',
    ok: false,
    status: 'down',
    response_ms: 12,
    message: 'Expected status 200-299, got 500.',
  }),
  checkResult({
    checked_at: '2026-11-22T09:01:00.000Z',
    ok: false,
    status: 'up',
    response_ms: 11,
    message: 'Expected status 200-299, got 500.',
    confirming: { step: 1, of: 2 },
  }),
  checkResult({ checked_at: '2026-11-22T09:00:00.000Z', verdict: 'slow', status: 'degraded', response_ms: 1800 }),
  checkResult({
    checked_at: '2026-11-22T08:59:00.000Z',
    ok: false,
    status: 'up',
    message: 'Connection refused',
    maintenance: true,
  }),
]

const renderTable = () => render(<ResultsTable results={history} pagination={pagination} onPage={vi.fn()} />)
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

describe('the results table', () => {
  it('has a Check column with what the check found and a State column with the state after it', () => {
    renderTable()
    const table = screen.getByRole('region', { name: 'Results table' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Check', 'State', 'Response', 'Message'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => cells(r).slice(1, 3))).toEqual([
      ['OK', 'Up'],
      ['OK — recovering, 1 of 3', 'Down'],
      ['Failed', 'Down'],
      ['Failed — confirming, 1 of 2', 'Up'],
      ['Slow', 'Degraded'],
      ['Failed — in maintenance', 'Up'],
    ])
  })

  it('never shows "Up" as what a failed check found', () => {
    renderTable()
    const rows = screen.getAllByRole('row').slice(1)
    for (const row of rows.filter((r) => r.textContent?.includes('got 500'))) {
      const [, check] = within(row).getAllByRole('cell')
      expect(check?.textContent).toMatch(/^Failed/)
      expect(check?.textContent).not.toContain('Up')
    }
  })

  it('marks each verdict by colour and icon, not colour alone', () => {
    const { container } = renderTable()
    const chips = [...container.querySelectorAll('[data-verdict]')]
    expect(chips.map((c) => c.getAttribute('data-verdict'))).toEqual(['ok', 'ok', 'failed', 'failed', 'slow', 'failed'])
    for (const chip of chips) expect(chip.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    // The icon of a failure differs from that of a success.
    const icon = (i: number) => chips[i]?.querySelector('svg')?.getAttribute('class')
    expect(icon(2)).not.toBe(icon(0))
    expect(icon(4)).not.toBe(icon(0))
  })

  it('has no serious accessibility violations', async () => {
    const { container } = renderTable()
    expect(await seriousViolations(container)).toEqual([])
  })
})
