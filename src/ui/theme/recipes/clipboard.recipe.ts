import { inputStyles } from './field.recipe.ts'
import { kitSlotRecipe } from './kit.ts'

export const clipboard = kitSlotRecipe('Clipboard', {
  description: 'A value to copy (Ark UI Clipboard): label, read-only input and copy button, e.g. a signing secret',
  slots: ['root', 'label', 'control', 'input', 'trigger', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'gray.800' },
    control: { display: 'flex', gap: '2', alignItems: 'center' },
    input: { ...inputStyles, fontFamily: 'mono', bg: 'gray.50' },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      flexShrink: '0',
      h: '10',
      px: '4',
      borderWidth: '1px',
      borderColor: 'navy.100',
      borderRadius: 'md',
      bg: 'surface',
      color: 'primary',
      fontSize: 'sm',
      fontWeight: 'semibold',
      cursor: 'pointer',
      _hover: { bg: 'navy.50', borderColor: 'navy.500' },
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
    },
    indicator: { display: 'inline-flex', alignItems: 'center', gap: '2', '& svg': { width: '4', height: '4' } },
  },
})
