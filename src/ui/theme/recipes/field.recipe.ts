import { kitSlotRecipe } from './kit.ts'

export const inputStyles = {
  w: 'full',
  h: '10',
  px: '3',
  bg: 'surface',
  color: 'gray.900',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'gray.300',
  borderRadius: 'md',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: '150ms',
  _placeholder: { color: 'gray.500' },
  _focusVisible: { borderColor: 'navy.500', boxShadow: '0 0 0 1px {colors.navy.500}' },
  // Focused, an invalid field stays red (a submit moves the focus to the first one).
  _invalid: {
    borderColor: 'red.600',
    _focusVisible: { borderColor: 'red.600', boxShadow: '0 0 0 1px {colors.red.600}' },
  },
  _disabled: { opacity: '0.6', cursor: 'not-allowed', bg: 'gray.50' },
} as const

/** A field's root and label, shared with the password field. */
export const fieldRootStyles = { display: 'flex', flexDirection: 'column', gap: '1.5' } as const
export const fieldLabelStyles = { fontSize: 'sm', fontWeight: 'medium', color: 'gray.800' } as const

export const field = kitSlotRecipe('Field', {
  description: 'Form field (Ark UI Field): label, input, native select, textarea, helper text, error text',
  slots: ['root', 'label', 'input', 'select', 'textarea', 'helperText', 'errorText', 'requiredIndicator'],
  base: {
    root: fieldRootStyles,
    label: { ...fieldLabelStyles, _disabled: { opacity: '0.6' } },
    input: inputStyles,
    select: { ...inputStyles, pr: '8', cursor: 'pointer' },
    textarea: { ...inputStyles, h: 'auto', minH: '20', py: '2' },
    helperText: {
      fontSize: 'xs',
      color: 'muted',
    },
    errorText: {
      fontSize: 'xs',
      color: 'red.700',
    },
    requiredIndicator: {
      color: 'red.700',
      ms: '0.5',
    },
  },
})
