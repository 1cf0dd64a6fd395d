import { defineSlotRecipe } from '@pandacss/dev'
import { insetIconButtonStyles } from './button.recipe.ts'
import { fieldLabelStyles, fieldRootStyles, inputStyles } from './field.recipe.ts'

export const passwordInput = defineSlotRecipe({
  className: 'password-input',
  description: 'Password input with a show/hide toggle (Ark UI PasswordInput)',
  jsx: ['PasswordInput', 'PasswordField'],
  staticCss: ['*'],
  slots: ['root', 'label', 'control', 'input', 'visibilityTrigger', 'indicator'],
  base: {
    root: fieldRootStyles,
    label: fieldLabelStyles,
    control: {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
    },
    input: { ...inputStyles, pr: '10' },
    visibilityTrigger: {
      ...insetIconButtonStyles,
      right: '1',
      w: '8',
      h: '8',
      color: 'muted',
      _hover: { color: 'primary', bg: 'navy.50' },
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    indicator: {
      display: 'inline-flex',
      '& svg': { width: '4', height: '4' },
    },
  },
})
