import { css } from '../../../../styled-system/css'

// The facts panels of the detail pages: a list of terms and values, two columns on wide windows.
export const factList = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  '& > div': { minW: '0' },
  '& dt': { color: 'muted', fontSize: 'sm' },
  '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' },
})
export const wideFact = css({ gridColumn: '1 / -1' })
export const mono = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })
export const valueList = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })
export const markLine = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })
export const good = css({ color: 'green.800', display: 'inline-flex', gap: '1', alignItems: 'center' })
export const bad = css({ color: 'red.700', display: 'inline-flex', gap: '1', alignItems: 'center' })
