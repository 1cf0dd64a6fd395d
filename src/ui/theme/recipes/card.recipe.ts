import { kitSlotRecipe } from './kit.ts'

// Park UI's Card as plain elements (Ark has no card): a surface for one thing, a page's panel or an item of a list.
// `size="sm"` is the item of a list (a channel, a status page, an incident), `md` a page's panel; `variant="outline"`
// is a bordered box inside another card (a plan to choose).
export const card = kitSlotRecipe('Card', {
  description: 'Card: a surface grouping one thing, with header, title, description, body and footer',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      minW: '0',
      bg: 'surface',
      color: 'gray.900',
      rounded: 'lg',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', minW: '0' },
    title: { fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'break-word' },
    description: { fontSize: 'sm', color: 'muted', overflowWrap: 'anywhere' },
    body: { display: 'flex', flexDirection: 'column', gap: '2', minW: '0' },
    footer: { display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' },
  },
  variants: {
    variant: {
      elevated: { root: { shadow: 'sm' } },
      // A choice among others inside a card.
      outline: { root: { borderWidth: '1px', borderColor: 'gray.200', rounded: 'md' } },
    },
    size: {
      sm: { root: { gap: '3', p: { base: '4', md: '5' } } },
      md: { root: { gap: '4', p: '6' } },
    },
  },
  defaultVariants: { variant: 'elevated', size: 'md' },
})
