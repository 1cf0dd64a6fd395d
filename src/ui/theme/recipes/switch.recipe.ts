import { kitSlotRecipe } from './kit.ts'

// The control follows the native checkbox before it (`input:checked + &`): no script decides how it looks.
export const switchRecipe = kitSlotRecipe('Switch', {
  description: 'On/off switch: a native checkbox with role="switch", e.g. whether an alert channel is used',
  slots: ['root', 'input', 'control', 'thumb', 'label'],
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      '&:has(input:disabled)': { cursor: 'not-allowed', opacity: '0.6' },
    },
    input: { srOnly: true },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: '0',
      w: '9',
      h: '5',
      p: '0.5',
      borderRadius: 'full',
      bg: 'gray.500',
      transitionProperty: 'background-color',
      transitionDuration: '150ms',
      'input:checked + &': { bg: 'primary' },
      'input:focus-visible + &': { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
    },
    thumb: {
      w: '4',
      h: '4',
      borderRadius: 'full',
      bg: 'white',
      shadow: 'sm',
      transitionProperty: 'transform',
      transitionDuration: '150ms',
      'input:checked + * > &': { transform: 'translateX(100%)' },
    },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', userSelect: 'none' },
  },
})
