import { kitSlotRecipe } from './kit.ts'

export const tooltip = kitSlotRecipe('Tooltip', {
  description: 'Tooltip (Ark UI Tooltip): 250 ms fade, 200 px wide by default, 400 px with `wide`',
  slots: ['trigger', 'positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    positioner: {},
    content: {
      // zag's positioner copies the content's z-index into --z-index
      zIndex: 'tooltip',
      px: '2.5',
      py: '1.5',
      bg: 'navy.900',
      color: 'white',
      fontSize: 'xs',
      fontWeight: 'medium',
      lineHeight: '1.4',
      borderRadius: 'md',
      boxShadow: 'md',
      overflowWrap: 'break-word',
      _open: { animation: 'fadeIn 250ms ease-out' },
      _closed: { animation: 'fadeOut 250ms ease-in' },
    },
    arrow: {
      '--arrow-size': '8px',
      '--arrow-background': '{colors.navy.900}',
    },
    arrowTip: {},
  },
  variants: {
    wide: {
      false: { content: { maxW: '200px' } },
      true: { content: { maxW: '400px' } },
    },
  },
  defaultVariants: { wide: false },
})
