import { defineSlotRecipe } from '@pandacss/dev'
import { inputStyles } from './field.recipe.ts'

export const passwordInput = defineSlotRecipe({
  className: 'password-input',
  description: 'Password input with a show/hide toggle (Ark UI PasswordInput)',
  jsx: ['PasswordInput', 'PasswordField'],
  staticCss: ['*'],
  slots: ['root', 'label', 'control', 'input', 'visibilityTrigger', 'indicator'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1.5',
    },
    label: {
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'gray.800',
    },
    control: {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
    },
    input: { ...inputStyles, pr: '10' },
    visibilityTrigger: {
      position: 'absolute',
      right: '1',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '8',
      h: '8',
      color: 'muted',
      bg: 'transparent',
      borderRadius: 'md',
      cursor: 'pointer',
      _hover: { color: 'primary', bg: 'navy.50' },
      _focusVisible: { outline: '2px solid', outlineColor: 'navy.500' },
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    indicator: {
      display: 'inline-flex',
      '& svg': { width: '4', height: '4' },
    },
  },
})
