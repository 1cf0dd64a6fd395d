import { Pencil, RefreshCw, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { CloudAccountAction } from '../../../machines/cloud-accounts.machine.ts'
import { Chip } from '../../components/badge.tsx'
import * as Card from '../../components/card.tsx'
import { formatAgo, formatMoney } from '../monitors/format.ts'
import { CardAction, RemoveButton } from '../PageParts.tsx'
import { ACCOUNT_STATUS, type AccountPageLink, type CloudAccountView } from './cloud-pages.ts'

export interface CloudAccountCardProps {
  account: CloudAccountView
  /** Who the account is at the provider, and how Vigil signs in. */
  identity: ReactNode
  /** What its last read found, at a glance (cost, resources, health). */
  facts: ReactNode
  /** Its pages. */
  links: AccountPageLink[]
  /** What runs on the account now, if anything. */
  busy: CloudAccountAction | undefined
  now: number
  onRun: (action: CloudAccountAction) => void
  onEdit: () => void
  onRemove: () => void
}

const facts = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  columnGap: '4',
  fontSize: 'sm',
  color: 'muted',
  '& strong': { color: 'fg' },
})
const pageLinks = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })
const pageLink = css({
  color: 'primary',
  fontWeight: 'medium',
  fontSize: 'sm',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
})

/** One connected account: who it is, whether its last read went well, what it found, its pages and its actions. */
export function CloudAccountCard({
  account,
  identity,
  facts: found,
  links,
  busy,
  now,
  onRun,
  onEdit,
  onRemove,
}: CloudAccountCardProps) {
  const titleId = `account-${account.id}`
  const status = ACCOUNT_STATUS[account.status]
  return (
    <Card.Root as="li" size="sm" aria-labelledby={titleId}>
      <Card.Header>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <Card.Title id={titleId}>{account.name}</Card.Title>
          <Chip tone={status.tone}>{status.label}</Chip>
        </div>
        <Card.Description>{identity}</Card.Description>
      </Card.Header>
      <Card.Body className={css({ display: 'grid', gap: '2' })}>
        <p className={facts}>
          {found}
          <span>{account.synced_at ? `Read ${formatAgo(account.synced_at, now)}` : 'Not read yet'}</span>
        </p>
        {account.last_error && (
          <p role="note" className={css({ fontSize: 'sm', color: 'red.700' })}>
            {account.last_error}
          </p>
        )}
        {!account.last_error && account.failed_parts > 0 && (
          <p className={css({ fontSize: 'sm', color: 'amber.900' })}>
            {account.failed_parts === 1 ? '1 part' : `${account.failed_parts} parts`} of the last read failed: their
            pages say what to allow.
          </p>
        )}
        <nav aria-label={`Pages of ${account.name}`}>
          <ul className={pageLinks}>
            {links.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={pageLink}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card.Body>
      <Card.Footer>
        {/* Each label starts with the words on the button and names the account. */}
        <CardAction
          label={`Read now ${account.name}`}
          icon={RefreshCw}
          disabled={busy !== undefined}
          onClick={() => onRun('sync')}
        >
          {busy === 'sync' ? 'Reading...' : 'Read now'}
        </CardAction>
        <CardAction
          label={`Re-test ${account.name}`}
          icon={ShieldCheck}
          disabled={busy !== undefined}
          onClick={() => onRun('test')}
        >
          {busy === 'test' ? 'Testing...' : 'Re-test'}
        </CardAction>
        <CardAction label={`Edit ${account.name}`} icon={Pencil} onClick={onEdit}>
          Edit
        </CardAction>
        <RemoveButton label={`Remove ${account.name}`} disabled={busy !== undefined} onClick={onRemove}>
          Remove
        </RemoveButton>
      </Card.Footer>
    </Card.Root>
  )
}

/** An account's cost so far this month, as its card shows it. */
export function CostThisMonth({ cost }: { cost: { amount: number; currency: string } | null }) {
  return (
    <span>
      Cost this month: <strong>{cost ? formatMoney(cost.amount, cost.currency) : 'not read yet'}</strong>
    </span>
  )
}
