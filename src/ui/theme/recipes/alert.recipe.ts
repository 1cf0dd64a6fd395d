import { kitSlotRecipe } from './kit.ts'

// Park UI's Alert as plain elements (Ark has no alert): a tinted box that says what went wrong or what to heed,
// with room for an action (Try again) after its content. It sets no role: the page gives role="alert" to what must
// be read out at once, role="note" or role="status" to the rest.
export const alert = kitSlotRecipe('Alert', {
  description: 'Alert: a message in the colour of its status (error, warning, success, info), with an optional action',
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      alignItems: 'center',
      flexWrap: 'wrap',
      px: '3',
      py: '2.5',
      borderWidth: '1px',
      rounded: 'md',
      fontSize: 'sm',
      overflowWrap: 'anywhere',
    },
    icon: { flexShrink: '0', w: '5', h: '5' },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1 1 16rem', minW: '0' },
    title: { fontWeight: 'semibold' },
    description: {},
  },
  variants: {
    status: {
      error: { root: { bg: 'red.50', color: 'red.800', borderColor: 'red.200' } },
      warning: { root: { bg: 'amber.50', color: 'amber.900', borderColor: 'amber.200' } },
      success: { root: { bg: 'green.50', color: 'green.800', borderColor: 'green.200' } },
      info: { root: { bg: 'navy.50', color: 'navy.800', borderColor: 'navy.100' } },
    },
  },
  defaultVariants: { status: 'error' },
})
