import { kitSlotRecipe } from './kit.ts'

export const menu = kitSlotRecipe('Menu', {
  description: 'Dropdown menu (Ark UI Menu), e.g. the profile menu',
  slots: ['trigger', 'positioner', 'content', 'item', 'itemGroup', 'itemGroupLabel', 'separator'],
  base: {
    trigger: {
      cursor: 'pointer',
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
    },
    positioner: {},
    content: {
      // zag's positioner copies the content's z-index into --z-index
      zIndex: 'dropdown',
      display: 'flex',
      flexDirection: 'column',
      minW: '44',
      py: '1',
      bg: 'surface',
      color: 'gray.900',
      borderWidth: '1px',
      borderColor: 'gray.200',
      borderRadius: 'md',
      boxShadow: 'lg',
      outline: 'none',
      _open: { animation: 'fadeIn 150ms ease-out' },
      _closed: { animation: 'fadeOut 100ms ease-in' },
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      h: '9',
      px: '3',
      fontSize: 'sm',
      cursor: 'pointer',
      userSelect: 'none',
      '& svg': { width: '4', height: '4', color: 'muted' },
      _highlighted: { bg: 'navy.50', color: 'primary' },
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
    },
    itemGroup: {
      display: 'flex',
      flexDirection: 'column',
    },
    itemGroupLabel: {
      px: '3',
      py: '1.5',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'muted',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
    },
    separator: {
      my: '1',
      borderTopWidth: '1px',
      borderColor: 'gray.200',
    },
  },
})
