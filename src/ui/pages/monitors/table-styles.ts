import { css } from '../../../../styled-system/css'

// The tables of the monitor pages: they scroll sideways inside their card on narrow windows.
export const tableWrap = css({
  overflowX: 'auto',
  // Holds what is positioned inside (screen-reader-only headers), so it scrolls with the table instead of
  // widening the page.
  position: 'relative',
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
})
export const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': {
    textAlign: 'left',
    fontWeight: 'semibold',
    color: 'gray.700',
    px: '3',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'gray.200',
    whiteSpace: 'nowrap',
  },
  '& td': { px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'gray.100', verticalAlign: 'middle' },
  '& tbody tr:hover': { bg: 'gray.50' },
})
export const numeric = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
export const muted = css({ color: 'muted' })
export const link = css({
  color: 'primary',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
})
export const alertBox = css({
  display: 'flex',
  gap: '3',
  alignItems: 'center',
  flexWrap: 'wrap',
  bg: 'red.50',
  color: 'red.800',
  p: '3',
  rounded: 'md',
  fontSize: 'sm',
})
