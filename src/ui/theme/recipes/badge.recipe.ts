import { kitRecipe } from './kit.ts'

export const badge = kitRecipe('Badge', {
  description: 'Small counter badge, e.g. the unread count on the notification bell',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minW: '5',
    h: '5',
    px: '1.5',
    borderRadius: 'full',
    bg: 'red.600',
    color: 'white',
    fontSize: 'xs',
    fontWeight: 'bold',
    lineHeight: '1',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    placement: {
      inline: {},
      corner: { position: 'absolute', top: '0', right: '0', transform: 'translate(35%, -35%)', pointerEvents: 'none' },
    },
  },
  defaultVariants: { placement: 'inline' },
})

export const chip = kitRecipe('Chip', {
  description: "Pill label, e.g. the 'New' marker on a notification",
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    h: '5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      primary: { bg: 'primary', color: 'white' },
      neutral: { bg: 'gray.100', color: 'gray.800' },
      success: { bg: 'green.100', color: 'green.800' },
      warning: { bg: 'amber.100', color: 'amber.900' },
      danger: { bg: 'red.100', color: 'red.800' },
    },
  },
  defaultVariants: { tone: 'primary' },
})
