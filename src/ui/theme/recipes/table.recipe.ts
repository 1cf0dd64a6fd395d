import { kitSlotRecipe } from './kit.ts'

// Park UI's Table as plain elements (Ark has no table). `Scroll` is the region it scrolls sideways in on narrow
// windows (give it tabIndex={0} and a label, so a keyboard can scroll it). Cells take style props for what differs
// per column: `<Table.Cell fontVariantNumeric="tabular-nums">`, `<Table.Cell textAlign="end">` for row actions.
// `layout="stack"` shows each row as a block of label and value pairs below the `md` breakpoint (phones), each cell
// labelled by its `data-label`; a column header that sorts stays, as a row of sort buttons above the rows.
/** How many columns of `Table.Simple` a stacked table labels from its column names. */
export const STACKED_COLUMNS = 8

export const table = kitSlotRecipe('Table', {
  description: 'Table: scroll region, table, caption, head, body, foot, row, header cell and cell',
  slots: ['scroll', 'root', 'caption', 'head', 'body', 'foot', 'row', 'header', 'cell'],
  base: {
    scroll: {
      overflowX: 'auto',
      // Holds what is positioned inside (screen-reader-only headers), so it scrolls with the table instead of
      // widening the page.
      position: 'relative',
      maxW: 'full',
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
    },
    root: { w: 'full', borderCollapse: 'collapse', fontSize: 'sm' },
    caption: { captionSide: 'bottom', pt: '2', color: 'muted', textAlign: 'left' },
    head: {},
    body: { '& tr:hover': { bg: 'gray.50' } },
    foot: { fontWeight: 'semibold' },
    row: {},
    header: {
      textAlign: 'left',
      fontWeight: 'semibold',
      color: 'gray.700',
      px: '3',
      py: '2',
      borderBottomWidth: '1px',
      borderColor: 'gray.200',
      whiteSpace: 'nowrap',
    },
    cell: {
      px: '3',
      py: '2.5',
      borderBottomWidth: '1px',
      borderColor: 'gray.100',
      verticalAlign: 'middle',
      // A row's buttons keep their words together (the kit's buttons wrap when short of room): the table scrolls.
      '& button': { whiteSpace: 'nowrap' },
    },
  },
  variants: {
    // `fit`: the scroll region is a size container, so that columns give way as it narrows (givesWayUnder in the
    // kit's table.tsx) and the table fits it rather than scrolling.
    fit: {
      true: { scroll: { containerType: 'inline-size' } },
      false: {},
    },
    size: {
      sm: { header: { px: '2', py: '1.5' }, cell: { px: '2', py: '1.5' } },
      md: {},
    },
    layout: {
      // Scrolls sideways in its region when it is wider than the window.
      scroll: {},
      // Rows as lines on phones: a row's cells run on as one wrapping line, and its last cell (a message, a cause)
      // takes a line of its own below them, so nothing is in a column scrolled out of sight. The column names stay
      // for screen readers.
      lines: {
        root: { mdDown: { display: 'block' } },
        head: { mdDown: { srOnly: true } },
        body: { mdDown: { display: 'block' } },
        row: {
          mdDown: {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: '3',
            rowGap: '1',
            py: '2',
            borderBottomWidth: '1px',
            borderColor: 'gray.100',
          },
        },
        cell: {
          mdDown: {
            display: 'block',
            p: '0',
            borderBottomWidth: '0',
            '&:last-child': { flexBasis: 'full', overflowWrap: 'anywhere' },
          },
        },
      },
      // Rows as blocks on phones: each cell a line of its label (`data-label`) and its value.
      stack: {
        root: {
          mdDown: {
            display: 'block',
            // The labels of `Table.Simple`'s columns, which it sets as --column-1, --column-2, ... on the table.
            ...Object.fromEntries(
              Array.from({ length: STACKED_COLUMNS }, (_, i) => [
                `& td:nth-child(${i + 1})::before`,
                { content: `var(--column-${i + 1}, "")` },
              ]),
            ),
            // A cell's own label (`data-label`) comes before its column's.
            '& tr > td[data-label]::before': { content: 'attr(data-label)' },
          },
        },
        head: {
          mdDown: {
            display: 'block',
            '& tr': { display: 'flex', flexWrap: 'wrap', gap: '1', py: '0', borderTopWidth: '0' },
            // Only the headers that sort stay in sight, as buttons; the others name the cells already.
            '& th': { borderBottomWidth: '0', px: '2', py: '1' },
            '& th:not(:has(button))': { srOnly: true },
          },
        },
        body: { mdDown: { display: 'block', '& tr:hover': { bg: 'transparent' } } },
        foot: { mdDown: { display: 'block' } },
        row: {
          mdDown: {
            display: 'block',
            py: '2',
            borderTopWidth: '1px',
            borderColor: 'gray.200',
          },
        },
        cell: {
          mdDown: {
            // The label in the first two fifths, beside what the cell holds (each of its parts on a line of its own).
            display: 'grid',
            gridTemplateColumns: '40% minmax(0, 1fr)',
            columnGap: '3',
            rowGap: '0',
            alignItems: 'baseline',
            px: '1',
            py: '1',
            borderBottomWidth: '0',
            overflowWrap: 'break-word',
            textAlign: 'start !important',
            '& > *': { gridColumn: '2', justifySelf: 'start' },
            '& button': { whiteSpace: 'normal' },
            // The label takes the first column of every line, so the cell's text and elements go in the second.
            '&::before': { gridColumn: '1', gridRow: '1 / span 12', fontWeight: 'medium', color: 'muted' },
          },
        },
      },
    },
  },
  defaultVariants: { size: 'md', layout: 'scroll', fit: false },
})
