import type { ReportNumbers } from '@vigil/domain/report'
import type { ReportSchedule, ReportSend } from '@vigil/domain/report-schedule'
import type { Report, ReportMonitor } from '@vigil/domain/report-view'

// Reports and schedules in the API's shapes, for the reporting page and its machines' tests.

const MIN = 60_000
const HOUR = 60 * MIN

export const numbers = (over: Partial<ReportNumbers> = {}): ReportNumbers => ({
  uptime: 99.95,
  sla_target: 99.9,
  sla: 'met',
  sla_met: true,
  error_budget_ms: 43 * MIN,
  error_budget_left_ms: 21 * MIN,
  downtime_ms: 22 * MIN,
  incidents: 1,
  longest_incident_ms: 22 * MIN,
  mttr_ms: 22 * MIN,
  mtbf_ms: 720 * HOUR,
  response_avg_ms: 120,
  response_p50_ms: 100,
  response_p95_ms: 310,
  response_p99_ms: 480,
  checks: 8640,
  failures: 3,
  judged_ms: 30 * 24 * HOUR,
  measured_ms: 30 * 24 * HOUR,
  maintenance_ms: 0,
  no_data_ms: 0,
  no_data_share: 0,
  ...over,
})

const monitor = (over: Partial<ReportMonitor>): ReportMonitor => ({
  ...numbers(),
  id: 'm1',
  name: 'Shop',
  type: 'web',
  path: '/web_monitorings/m1',
  judged_from: '2026-10-01T00:00:00.000Z',
  ...over,
})

export const shop = monitor({})
export const ordersApi = monitor({
  id: 'm2',
  name: 'Orders API',
  type: 'api',
  path: '/api_monitorings/m2',
  uptime: 99.5,
  sla: 'breached',
  sla_met: false,
  error_budget_left_ms: -3 * HOUR,
  downtime_ms: 3 * HOUR + 43 * MIN,
  incidents: 4,
  response_avg_ms: 240,
})
export const mail = monitor({
  id: 'm3',
  name: 'Mail server',
  type: 'port',
  path: '/port_monitorings/m3',
  uptime: 99.99,
  sla_target: 99.5,
  downtime_ms: 4 * MIN,
  incidents: 0,
  response_avg_ms: 30,
})

export const report = (over: Partial<Report> = {}): Report => ({
  title: 'All monitors',
  selection: { kind: 'all' },
  time_zone: 'UTC',
  from: '2026-10-01T00:00:00.000Z',
  to: '2026-10-31T00:00:00.000Z',
  covered_from: '2026-10-01T00:00:00.000Z',
  covered_to: '2026-10-31T00:00:00.000Z',
  generated_at: '2026-11-26T09:00:00.000Z',
  monitors: [shop, ordersApi, mail],
  totals: numbers({
    uptime: 99.81,
    sla: 'breached',
    sla_met: false,
    error_budget_left_ms: -2 * HOUR,
    incidents: 5,
    judged_ms: 3 * 30 * 24 * HOUR,
  }),
  days: [
    {
      date: '2026-10-01',
      uptime: 100,
      downtime_ms: 0,
      avg_response_ms: 110,
      p95_response_ms: 300,
      checks: 860,
      failures: 0,
    },
    {
      date: '2026-10-02',
      uptime: 98.2,
      downtime_ms: 26 * MIN,
      avg_response_ms: 150,
      p95_response_ms: 900,
      checks: 860,
      failures: 3,
    },
    {
      date: '2026-10-03',
      uptime: null,
      downtime_ms: 0,
      avg_response_ms: null,
      p95_response_ms: null,
      checks: 0,
      failures: 0,
    },
  ],
  hours: [],
  ...over,
})

export const send = (over: Partial<ReportSend> = {}): ReportSend => ({
  id: 'send-1',
  schedule_id: 'sch-1',
  from: '2026-11-16T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  trigger: 'scheduled',
  status: 'sent',
  error: null,
  created_at: '2026-11-23T00:05:00.000Z',
  ...over,
})

export const schedule = (over: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id: 'sch-1',
  name: 'Weekly SLA',
  frequency: 'weekly',
  recipients: ['ops@example.com', 'cto@example.com'],
  selection: { kind: 'all' },
  time_zone: 'UTC',
  next_send_at: '2026-11-30T00:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
  last_send: send(),
  ...over,
})
