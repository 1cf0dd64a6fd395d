import { kitSlotRecipe } from './kit.ts'

// Park UI's Table as plain elements (Ark has no table). `Scroll` is the region it scrolls sideways in on narrow
// windows (give it tabIndex={0} and a label, so a keyboard can scroll it). Cells take style props for what differs
// per column: `<Table.Cell fontVariantNumeric="tabular-nums">`, `<Table.Cell textAlign="end">` for row actions.
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
    cell: { px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'gray.100', verticalAlign: 'middle' },
  },
  variants: {
    size: {
      sm: { header: { px: '2', py: '1.5' }, cell: { px: '2', py: '1.5' } },
      md: {},
    },
  },
  defaultVariants: { size: 'md' },
})
