import { kitSlotRecipe } from './kit.ts'

// What a list shows before it has anything: what would be here, why it helps, and the action that adds the first.
// `variant="card"` stands in a page on its own surface; `plain` sits inside a card or dialog that frames it.
export const emptyState = kitSlotRecipe('EmptyState', {
  description: 'Empty state: a title, a description and the action that adds the first item',
  slots: ['root', 'indicator', 'title', 'description', 'actions'],
  base: {
    root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2', minW: '0' },
    indicator: { color: 'muted', '& svg': { w: '6', h: '6' } },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'gray.900', overflowWrap: 'break-word' },
    description: { color: 'muted' },
    actions: { display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center', mt: '2' },
  },
  variants: {
    variant: {
      card: { root: { bg: 'surface', rounded: 'lg', shadow: 'sm', p: '6' } },
      plain: {},
    },
  },
  defaultVariants: { variant: 'plain' },
})
