import { kitRecipe } from './kit.ts'

/** A small square icon button set inside another part (a password's eye, a toast's close), transparent until hovered. */
export const insetIconButtonStyles = {
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'transparent',
  borderRadius: 'md',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500' },
} as const

export const button = kitRecipe('Button', {
  description:
    'Buttons: solid (navy primary), danger (what deletes), outline and ghost, in two sizes plus a square icon size',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: '0',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderRadius: 'md',
    fontWeight: 'semibold',
    lineHeight: '1.25',
    // One line while it fits; a label longer than the room there is (a phone) wraps instead of leaving the page.
    maxW: 'full',
    textAlign: 'center',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: '150ms',
    _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
    _disabled: { opacity: '0.6', cursor: 'not-allowed' },
    '& svg': { flexShrink: '0', width: '1.1em', height: '1.1em' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'primary',
        color: 'white',
        '&:hover:not(:disabled)': { bg: 'primaryHover' },
      },
      // What cannot be undone (a delete): red, so it does not read as the page's usual next step.
      danger: {
        bg: 'red.700',
        color: 'white',
        '&:hover:not(:disabled)': { bg: 'red.800' },
        _focusVisible: { outlineColor: 'red.700' },
      },
      outline: {
        bg: 'surface',
        color: 'primary',
        borderColor: 'navy.100',
        '&:hover:not(:disabled)': { bg: 'navy.50', borderColor: 'navy.500' },
      },
      ghost: {
        bg: 'transparent',
        color: 'primary',
        '&:hover:not(:disabled)': { bg: 'navy.50' },
      },
    },
    size: {
      sm: { minH: '8', minW: '8', px: '3', py: '1', fontSize: 'sm' },
      md: { minH: '10', minW: '10', px: '4', py: '1.5', fontSize: 'sm' },
      icon: { h: '10', w: '10', px: '0', fontSize: 'md' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})
