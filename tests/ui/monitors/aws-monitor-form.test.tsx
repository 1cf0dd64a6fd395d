// @vitest-environment jsdom
import '../components/setup-dom.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { Toaster } from '../../../src/ui/components/index.ts'
import { LazyMonitorForm } from '../../../src/ui/pages/monitors/LazyMonitorForm.tsx'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { webMonitor } from '../../fixtures/monitors.ts'
import { seriousViolations } from '../components/axe.ts'
import { renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'

// The AWS monitor's form: the user's connected accounts to choose from, the fields of the chosen resource, and a
// resource page's "Monitor this" filling it in.

const account = {
  id: 'acc-1',
  provider: 'aws',
  name: 'Production',
  status: 'ok',
  synced_at: '2025-06-15T12:00:00.000Z',
  next_sync_at: '2025-06-15T12:05:00.000Z',
  last_error: null,
  created_at: '2025-06-01T00:00:00.000Z',
  auth: 'keys',
  access_key_id: 'AKIA…WXYZ',
  role_arn: null,
  external_id: null,
  regions: ['eu-west-1'],
  aws_account_id: '111122223333',
  arn: 'arn:aws:iam::111122223333:user/reader',
  costs_read_at: null,
  cost_this_month: null,
  counts: { ec2: 1, rds: 0, amplify: 0, lightsail: 0 },
  failed_parts: 0,
}

type Answer = { status: number; body: unknown }
const stop: Answer = { status: 400, body: { message: 'stop here', errors: {} } }

const stub = (accounts: unknown[], onCreate: (body: unknown) => Answer | undefined = () => undefined) =>
  stubApi({
    'GET /api/user_subscription': () => ({
      status: 200,
      body: { data: { subscription: subscription({ title: 'Pro' }) } },
    }),
    'GET /api/monitors': () => ({
      status: 200,
      body: {
        data: { monitors: [], counts: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 }, ...pageExtras },
      },
    }),
    'GET /api/aws/accounts': () => ({ status: 200, body: { data: { accounts } } }),
    'GET /api/integrations': () => ({
      status: 200,
      body: { data: { integrations: [], slack_install_available: false } },
    }),
    'POST /api/monitors': (req) => onCreate(req.body) ?? stop,
  })

/** The monitor as the API answers it once saved: the common fields of any monitor, an AWS type's own. */
const { url, method, expected_status, follow_redirects, verify_tls, keyword, keyword_absent, ...shared } =
  webMonitor() as Extract<Monitor, { type: 'web' }>
const awsMonitor = {
  ...shared,
  id: 'aws-1',
  type: 'aws',
  name: 'Web',
  interval_seconds: 300,
  account_id: 'acc-1',
  rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa0000000000ff' },
}

const label = (dialog: HTMLElement, text: string) =>
  within(dialog).getByLabelText(new RegExp(`^${text}`)) as HTMLInputElement
const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create monitor' }))
  })
}

describe('the AWS monitor form', () => {
  it('offers the connected accounts, shows the fields of the chosen resource and checks them inline', async () => {
    signIn()
    const sent: unknown[] = []
    stub([account], (body) => void sent.push(body))
    const utils = renderShell(<MonitorListPage type="aws" />)
    await waitFor(() => expect(utils.shell().subscription.getSnapshot().value).toBe('loaded'))
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /^Add your first/ }))
    })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Add AWS monitor' })).toBeTruthy()
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Production (111122223333)' })).toBeTruthy())
    expect(label(dialog, 'Instance ID')).toBeTruthy()

    fireEvent.change(label(dialog, 'Name'), { target: { value: 'Web' } })
    fireEvent.change(label(dialog, 'AWS account'), { target: { value: 'acc-1' } })
    fireEvent.change(label(dialog, 'Instance ID'), { target: { value: 'web' } })
    await submit(dialog)
    expect(within(dialog).getByText('An instance ID looks like i-0abc12def34567890.')).toBeTruthy()
    expect(sent).toEqual([])

    // A cost budget has a budget and a basis, and no region or instance.
    fireEvent.change(label(dialog, 'Resource'), { target: { value: 'cost' } })
    expect(within(dialog).queryByLabelText(/^Instance ID/)).toBeNull()
    fireEvent.change(label(dialog, 'Budget'), { target: { value: '250' } })
    await submit(dialog)
    expect(sent[0]).toMatchObject({
      type: 'aws',
      name: 'Web',
      account_id: 'acc-1',
      rule: { resource: 'cost', amount: 250, basis: 'month_to_date' },
    })
    expect(await seriousViolations(dialog)).toEqual([])
  })

  it('says to connect an account first when there is none', async () => {
    signIn()
    stub([])
    renderShell(
      <LazyMonitorForm type="aws" monitor={null} minIntervalSeconds={60} onClose={vi.fn()} onSaved={vi.fn()} />,
    )
    const dialog = await screen.findByRole('dialog')
    expect((await within(dialog).findByRole('note')).textContent).toBe(
      'Connect an AWS account first, on AWS Monitoring.',
    )
  })

  it('is filled in by "Monitor this" on a resource page', async () => {
    signIn()
    const sent: unknown[] = []
    stub([account], (body) => void sent.push(body))
    renderShell(
      <LazyMonitorForm
        type="aws"
        monitor={null}
        preset={{ account_id: 'acc-1', resource: 'rds', region: 'eu-west-1', db_instance_id: 'orders-db', bogus: 'x' }}
        minIntervalSeconds={60}
        onClose={vi.fn()}
        onSaved={vi.fn()}
      />,
    )
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(label(dialog, 'AWS account').value).toBe('acc-1'))
    expect(label(dialog, 'DB instance').value).toBe('orders-db')
    fireEvent.change(label(dialog, 'Name'), { target: { value: 'Orders DB' } })
    await submit(dialog)
    expect(sent[0]).toMatchObject({
      account_id: 'acc-1',
      rule: { resource: 'rds', region: 'eu-west-1', db_instance_id: 'orders-db' },
    })
    expect(sent[0]).not.toHaveProperty('bogus')
  })

  it("shows the account's refusal at its field, and the warning of a monitor saved unchecked", async () => {
    signIn()
    const refusal =
      'AWS account Production has no EC2 instance "i-0aaa0000000000ff" in eu-west-1. Choose one of: i-0aaa000000000001 (web-1).'
    const warning =
      'Saved without checking the EC2 instance "i-0aaa0000000000ff" in eu-west-1: AWS account Production has not been read yet. The monitor says so if its first read does not find it.'
    const answers: Answer[] = [
      { status: 400, body: { message: refusal, errors: { 'rule.instance_id': refusal } } },
      { status: 201, body: { data: { monitor: awsMonitor, warning } } },
    ]
    const onSaved = vi.fn()
    stub([account], () => answers.shift())
    renderShell(
      <>
        <Toaster />
        <LazyMonitorForm
          type="aws"
          monitor={null}
          preset={{ account_id: 'acc-1', resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa0000000000ff' }}
          minIntervalSeconds={60}
          onClose={vi.fn()}
          onSaved={onSaved}
        />
      </>,
    )
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(label(dialog, 'AWS account').value).toBe('acc-1'))
    fireEvent.change(label(dialog, 'Name'), { target: { value: 'Web' } })
    await submit(dialog)
    expect(await within(dialog).findByText(refusal)).toBeTruthy()
    expect(onSaved).not.toHaveBeenCalled()

    await submit(dialog)
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    const toast = (await screen.findByText(warning)).closest('[data-scope="toast"][data-part="root"]')
    expect((toast as HTMLElement).dataset.type).toBe('warning')
  })
})
