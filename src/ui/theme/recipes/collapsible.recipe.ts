import { kitSlotRecipe } from './kit.ts'

export const collapsible = kitSlotRecipe('Collapsible', {
  description: 'Collapsible section (Ark UI Collapsible), e.g. sidebar groups',
  slots: ['root', 'trigger', 'indicator', 'content'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
    },
    trigger: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      w: 'full',
      textAlign: 'start',
      cursor: 'pointer',
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '-2px' },
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    indicator: {
      display: 'inline-flex',
      ms: 'auto',
      transition: 'transform 200ms ease',
      _open: { transform: 'rotate(180deg)' },
      '& svg': { width: '4', height: '4' },
    },
    content: {
      overflow: 'hidden',
      _open: { animation: 'collapseIn 200ms ease-out' },
      _closed: { animation: 'collapseOut 200ms ease-in' },
    },
  },
})
