import { kitSlotRecipe } from './kit.ts'

export const popover = kitSlotRecipe('Popover', {
  description:
    'Popover (Ark UI Popover), e.g. the notification panel: 360 px wide, at most 800 px high, scrolls inside',
  slots: ['trigger', 'positioner', 'content', 'title', 'description', 'closeTrigger'],
  base: {
    positioner: {},
    content: {
      // zag's positioner copies the content's z-index into --z-index
      zIndex: 'popover',
      display: 'flex',
      flexDirection: 'column',
      w: '360px',
      maxW: 'calc(100vw - 1rem)',
      maxH: 'min(800px, calc(100dvh - 5rem))',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      bg: 'surface',
      color: 'gray.900',
      borderWidth: '1px',
      borderColor: 'gray.200',
      borderRadius: 'lg',
      boxShadow: 'lg',
      outline: 'none',
      _open: { animation: 'fadeIn 150ms ease-out' },
      _closed: { animation: 'fadeOut 100ms ease-in' },
    },
    title: {
      fontSize: 'md',
      fontWeight: 'semibold',
    },
    description: {
      fontSize: 'sm',
      color: 'muted',
    },
    closeTrigger: {},
  },
})
