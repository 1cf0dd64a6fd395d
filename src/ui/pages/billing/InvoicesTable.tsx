import { css } from '../../../../styled-system/css'
import type { Invoice } from '@vigil/domain/billing'
import { Chip } from '../../components/badge.tsx'
import * as Table from '../../components/table.tsx'
import { formatDate, formatMoney } from '../monitors/format.ts'

const STATUS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  uncollectible: 'Not paid',
  void: 'Void',
}

/** Stripe's invoices for the account, newest first, each with its PDF. */
export function InvoicesTable({ invoices }: { invoices: readonly Invoice[] }) {
  return (
    <section aria-labelledby="invoices-title" className={css({ display: 'grid', gap: '2' })}>
      <h2 id="invoices-title" className={css({ fontWeight: 'semibold', fontSize: 'md' })}>
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className={css({ color: 'muted' })}>No invoices yet: they appear here once you pay for Pro.</p>
      ) : (
        <Table.Simple
          label="Invoices, newest first"
          layout="stack"
          columns={['Date', 'Number', 'Amount', 'Status', 'PDF']}
        >
          {invoices.map((invoice) => (
            <Table.Row key={invoice.id}>
              <Table.Cell>{formatDate(invoice.date)}</Table.Cell>
              <Table.Cell>{invoice.number ?? '—'}</Table.Cell>
              <Table.Cell>{formatMoney(invoice.amount_cents / 100, invoice.currency)}</Table.Cell>
              <Table.Cell>
                <Chip>{STATUS[invoice.status ?? ''] ?? invoice.status ?? 'Unknown'}</Chip>
              </Table.Cell>
              <Table.Cell>
                {invoice.pdf_url ? (
                  <a
                    className={css({ color: 'primary', textDecoration: 'underline' })}
                    href={invoice.pdf_url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`PDF of invoice ${invoice.number ?? formatDate(invoice.date)}`}
                  >
                    Download
                  </a>
                ) : (
                  '—'
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Simple>
      )}
    </section>
  )
}
