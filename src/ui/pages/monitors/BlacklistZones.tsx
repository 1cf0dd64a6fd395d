import { css } from '../../../../styled-system/css'
import type { BlacklistDetail, BlacklistZoneResult } from '@vigil/domain/check-details'
import * as Table from '../../components/table.tsx'
import { mono, valueList } from './facts-styles.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { muted } from './table-styles.ts'

// What a blacklist check found, zone by address: listed (with the zone's reason), not listed, or the zone
// could not be asked (neither). Listings first, then errors, so the rows that need someone come first.

const cellCode = css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'nowrap' })

const rank = (z: BlacklistZoneResult) => (z.listed ? 0 : z.error ? 1 : 2)

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "Listed by 2 of 12 blacklists", "Not listed by any of 12 blacklists", with how many could not be asked. */
export const blacklistSummary = (detail: BlacklistDetail): string => {
  const zones = new Set(detail.zones.map((z) => z.zone))
  const listing = new Set(detail.zones.filter((z) => z.listed).map((z) => z.zone))
  const failing = new Set(detail.zones.filter((z) => z.error && !z.listed).map((z) => z.zone))
  const head =
    listing.size > 0
      ? `Listed by ${listing.size} of ${count(zones.size, 'blacklist')}`
      : `Not listed by any of ${count(zones.size, 'blacklist')}`
  return failing.size > 0 ? `${head}; ${count(failing.size, 'blacklist')} could not be asked` : head
}

export function BlacklistZones({ detail, label = 'Blacklist results' }: { detail: BlacklistDetail; label?: string }) {
  const rows = [...detail.zones].sort((a, b) => rank(a) - rank(b))
  const listed = rows.some((z) => z.listed)
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p
        className={css({ fontWeight: 'semibold', color: listed ? 'red.800' : 'green.800' })}
        data-testid="blacklist-summary"
      >
        {blacklistSummary(detail)}
      </p>
      <div>
        <p className={css({ color: 'muted', fontSize: 'sm' })}>
          {detail.addresses.length === 1 ? 'Address checked' : 'Addresses checked'}
        </p>
        {detail.addresses.length === 0 ? (
          <p className={muted}>none: the target has no address</p>
        ) : (
          <ul className={`${valueList} ${css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}`}>
            {detail.addresses.map((a) => (
              <li key={a} className={mono}>
                {a}
              </li>
            ))}
          </ul>
        )}
      </div>
      {rows.length > 0 && (
        <Table.Simple label={label} layout="stack" columns={['Blacklist', 'Address', 'Result', 'Reason or error']}>
          {rows.map((z) => (
            <Table.Row key={`${z.zone} ${z.address}`} data-zone={z.zone}>
              <Table.Cell className={cellCode}>{z.zone}</Table.Cell>
              <Table.Cell className={cellCode}>{z.address}</Table.Cell>
              <Table.Cell>
                {z.listed ? (
                  <StatusBadge status="down" label="Listed" />
                ) : z.error ? (
                  <StatusBadge status="degraded" label="Error" />
                ) : (
                  <StatusBadge status="up" label="Not listed" />
                )}
              </Table.Cell>
              <Table.Cell minW="48">
                {z.listed ? (z.reason ?? <span className={muted}>no reason given</span>) : (z.error ?? '')}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Simple>
      )}
    </div>
  )
}
