import { formatDateTime } from '@vigil/domain/date-format'
import * as Table from '../../components/table.tsx'
import { numeric } from './table-styles.ts'

/** A table's cell of a moment (a check's time, an incident's start): in words, with its ISO time for machines. */
export function TimeCell({ at }: { at: string }) {
  return (
    <Table.Cell className={numeric}>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Table.Cell>
  )
}
