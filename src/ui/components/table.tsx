import type { ComponentProps, CSSProperties, ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { createStyleContext } from '../../../styled-system/jsx'
import { type TableVariantProps, table } from '../../../styled-system/recipes/table'

// Park UI shape with plain elements (Ark has no table part). `Scroll` is the region the table scrolls sideways in
// on narrow windows; a scrolling region must be reachable by keyboard, so give it tabIndex={0} and a label. Cells
// take style props for what differs per column (`fontVariantNumeric="tabular-nums"`, `textAlign="end"`).
//   <Table.Scroll tabIndex={0} aria-label="Monitors table">
//     <Table.Root>
//       <Table.Head><Table.Row><Table.Header scope="col">Name</Table.Header></Table.Row></Table.Head>
//       <Table.Body><Table.Row><Table.Cell>...</Table.Cell></Table.Row></Table.Body>
//     </Table.Root>
//   </Table.Scroll>
// On phones a table may instead show each row as a block of label and value lines: `layout="stack"` on the Root,
// each cell labelled by its `data-label` (Table.Simple labels them from its columns), or `layout="lines"`: a row's
// cells as one wrapping line and its last cell (a message) on a line of its own below.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(table)

/**
 * Columns that give way so that a table fits its region: on a `<Scroll fit>` (a size container), a column's header
 * and cells with `givesWayUnder[w]` are hidden while the region is narrower than `w` px; the least important go
 * first, and what always matters (a name, a state, a row's actions) has none. The widths are a fixed set, as Panda
 * builds only the styles it reads when it builds.
 *   <Table.Header className={Table.givesWayUnder[900]}>Response</Table.Header>
 */
export const givesWayUnder = {
  1400: css({ '@container (max-width: 1399px)': { display: 'none !important' } }),
  1100: css({ '@container (max-width: 1099px)': { display: 'none !important' } }),
  960: css({ '@container (max-width: 959px)': { display: 'none !important' } }),
  900: css({ '@container (max-width: 899px)': { display: 'none !important' } }),
  480: css({ '@container (max-width: 479px)': { display: 'none !important' } }),
} as const

/** The region the table scrolls in on narrow windows: a `section`, so give it tabIndex={0} and a label. */
export const Scroll = /* @__PURE__ */ withProvider('section', 'scroll')
/** The `<table>`; `size="sm"` makes its cells tighter, `layout="stack"` stacks its rows on phones. */
export const Root = /* @__PURE__ */ withProvider('table', 'root')
/** What the table lists, under it (or `srOnly` for screen readers only). */
export const Caption = /* @__PURE__ */ withContext('caption', 'caption')
/** `<thead>`. */
export const Head = /* @__PURE__ */ withContext('thead', 'head')
/** `<tbody>`: its rows light up under the pointer. */
export const Body = /* @__PURE__ */ withContext('tbody', 'body')
/** `<tfoot>`, for totals. */
export const Foot = /* @__PURE__ */ withContext('tfoot', 'foot')
/** `<tr>`. */
export const Row = /* @__PURE__ */ withContext('tr', 'row')
/** `<th>`: give it scope="col" (or "row"). */
export const Header = /* @__PURE__ */ withContext('th', 'header')
/** `<td>`; style props set a column's alignment (`textAlign="end"` for row actions, numbers). */
export const Cell = /* @__PURE__ */ withContext('td', 'cell')

export type RootProps = ComponentProps<typeof Root>

/** The columns' names as the stacked layout's labels: `--column-1: "Time"`, ... (set through the DOM, not markup). */
const columnLabels = (columns: readonly string[]): CSSProperties =>
  Object.fromEntries(columns.map((c, i) => [`--column-${i + 1}`, JSON.stringify(c)]))

/**
 * The usual table: in its scrolling region (reachable by keyboard, named by `label`), one header row of `columns`,
 * and `children`, the rows of its body. With `layout="stack"` its rows are blocks on phones, each value after its
 * column's name (up to eight columns).
 *   <Table.Simple label="Results table" columns={['Time', 'Status']}>{rows}</Table.Simple>
 */
export function Simple({
  label,
  columns,
  layout,
  children,
}: {
  label: string
  columns: readonly string[]
  layout?: TableVariantProps['layout']
  children: ReactNode
}) {
  return (
    <Scroll tabIndex={0} aria-label={label}>
      <Root layout={layout} style={layout === 'stack' ? columnLabels(columns) : undefined}>
        <Head>
          <Row>
            {columns.map((c) => (
              <Header key={c} scope="col">
                {c}
              </Header>
            ))}
          </Row>
        </Head>
        <Body>{children}</Body>
      </Root>
    </Scroll>
  )
}
