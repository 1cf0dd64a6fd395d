import { insetIconButtonStyles } from './button.recipe.ts'
import { kitSlotRecipe } from './kit.ts'

const accent = (border: string, icon: string) => ({ borderLeftColor: border, '& [data-toast-icon]': { color: icon } })

export const toast = kitSlotRecipe('Toast', {
  description: 'Toast (Ark UI Toast); the severity comes from the data-type attribute Ark sets on the root',
  slots: ['root', 'icon', 'body', 'title', 'description', 'closeTrigger'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: 'sm',
      maxW: 'calc(100vw - 2rem)',
      p: '4',
      pr: '10',
      bg: 'surface',
      color: 'gray.900',
      borderWidth: '1px',
      borderLeftWidth: '4px',
      borderColor: 'gray.200',
      borderRadius: 'md',
      boxShadow: 'lg',
      overflowWrap: 'anywhere',
      position: 'relative',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      scale: 'var(--scale)',
      translate: 'var(--x) var(--y) 0',
      zIndex: 'var(--z-index)',
      willChange: 'translate, opacity, scale',
      transitionProperty: 'translate, scale, opacity, height',
      transitionDuration: '250ms',
      transitionTimingFunction: 'ease',
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
      '&[data-type="info"]': accent('navy.500', 'navy.500'),
      '&[data-type="success"]': accent('green.600', 'green.700'),
      '&[data-type="warning"]': accent('amber.500', 'amber.700'),
      '&[data-type="error"]': accent('red.600', 'red.700'),
    },
    icon: {
      flexShrink: '0',
      mt: '0.5',
      '& svg': { width: '5', height: '5' },
    },
    body: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      minW: '0',
    },
    title: {
      fontSize: 'sm',
      fontWeight: 'semibold',
    },
    description: {
      fontSize: 'sm',
      color: 'gray.700',
    },
    closeTrigger: {
      ...insetIconButtonStyles,
      top: '2',
      right: '2',
      w: '7',
      h: '7',
      color: 'gray.600',
      _hover: { bg: 'gray.100', color: 'gray.900' },
      '& svg': { width: '4', height: '4' },
    },
  },
})
