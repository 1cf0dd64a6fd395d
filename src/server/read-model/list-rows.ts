import { averageOf, figureWindow, uptimeOf } from '@vigil/domain/uptime'
import type { Repos } from '../db/repos/index.ts'
import type { ListRow } from '../db/repos/monitor-list.repo.ts'
import { type Deflatable, owned } from './gzip-parts.ts'
import { toMonitor } from './monitor-view.ts'

// The rows of the monitor list's pages as the bytes of their JSON, kept by monitor and version. A page of 50 rows
// read them, their figures and 190 KB of heartbeats from the database and wrote them as JSON on every request (on
// PostgreSQL two thirds of a page's CPU time: bench/monitor-page.bench.ts); a row changes when its monitor's does, a
// few times a minute at most. So a page asks the database only for its rows' versions (migration 026: moved on by
// triggers with every write of what a row shows) and reads again the rows whose version moved, or whose figure windows
// did (the hour and the day they sum up to move on with the clock). Every page is checked against the database, so
// what another server process wrote is seen at once. A row holds no user's data but its own monitor's, and is only
// ever given for the ids a user's own page picked.

/**
 * A monitor's row: its JSON up to the list of its tags (`…,"tags":`), and the ids of its tags; deflated once when
 * first sent gzipped (gzip-parts.ts), and kept so.
 */
export interface ShownRow extends Deflatable {
  id: string
  tagIds: readonly string[]
}

/** About 5 KB a row with its heartbeats (and 0.7 KB deflated): the rows of 40 pages of 50. */
const ROWS_KEPT = 2_000

type Figures = Awaited<ReturnType<Repos['rollups']['figuresOf']>>

const NO_BEATS = Buffer.from('[]')

/** A row's JSON: the monitor as the API shows it, its figures, its heartbeats (on a page), then its tags. */
export const shownRow = ({ record, tagIds, beats }: ListRow, { day, month }: Figures, paged: boolean): ShownRow => {
  const id = record.monitor_id
  const monitor = JSON.stringify(
    toMonitor(record, {
      uptime_24h: uptimeOf(day.get(id)),
      uptime_30d: uptimeOf(month.get(id)),
      avg_response_ms_24h: averageOf(day.get(id)),
    }),
  )
  // The monitor's JSON is an object, never empty: its closing brace comes after the fields added here.
  const head = monitor.slice(0, -1)
  const parts = paged
    ? [Buffer.from(`${head},"heartbeats":`), beats ?? NO_BEATS, Buffer.from(',"tags":')]
    : [Buffer.from(`${head},"tags":`)]
  return { id, bytes: owned(parts), tagIds }
}

/** What a row's figures were summed over: a kept row is read again once its windows moved on. */
const windowsAt = (now: number) => {
  const [hour, day] = [figureWindow(now, 'hour'), figureWindow(now, 'day')]
  return `${hour.from}:${hour.settledTo}:${day.from}:${day.settledTo}`
}

interface Kept {
  version: number
  windows: string
  row: ShownRow
}

/** The rows of a server's pages kept by monitor id, the least recently given out first to go. */
export const listRows = (max = ROWS_KEPT) => {
  const kept = new Map<string, Kept>()
  const keep = (id: string, entry: Kept) => {
    kept.delete(id)
    kept.set(id, entry)
    if (kept.size > max) kept.delete(kept.keys().next().value as string)
  }
  return {
    /**
     * The rows of `ids` with their heartbeats, in that order (a monitor deleted meanwhile left out): those kept at
     * their monitor's version and the current figure windows as they are, the others read and kept.
     */
    of: async (repos: Repos, ids: readonly string[], now: number): Promise<ShownRow[]> => {
      const windows = windowsAt(now)
      const versions = await repos.monitorList.versionsOf(ids)
      const found = new Map<string, ShownRow>()
      const missing: string[] = []
      for (const id of ids) {
        const version = versions.get(id)
        if (version === undefined) continue
        const entry = kept.get(id)
        if (entry && entry.version === version && entry.windows === windows) {
          found.set(id, entry.row)
          keep(id, entry)
        } else missing.push(id)
      }
      if (missing.length > 0) {
        // The figures after the rows: each row is kept at the version read with it, and a write since (which its
        // figures may hold) moved the version on, so the row is read again.
        const rows = await repos.monitorList.byIds(missing, true)
        const figures = await repos.rollups.figuresOf(missing, now)
        for (const listRow of rows) {
          const row = shownRow(listRow, figures, true)
          found.set(row.id, row)
          keep(row.id, { version: listRow.version, windows, row })
        }
      }
      return ids.flatMap((id) => found.get(id) ?? [])
    },
    /** How many rows are kept (for the tests). */
    get size() {
      return kept.size
    },
  }
}
export type ListRows = ReturnType<typeof listRows>
