import { kitSlotRecipe } from './kit.ts'

// A radio or checkbox with its words after it, the whole line clickable. `variant="tile"` frames each choice as a
// card to pick (a plan, an integration's type), outlined when chosen and when focused by keyboard.
export const choice = kitSlotRecipe('Choice', {
  description: 'A radio or checkbox with its label; tiles for choices that need room',
  slots: ['root', 'control', 'label'],
  base: {
    root: { display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm', cursor: 'pointer', minW: '0' },
    // 16 px on a 20 px line: the box sits in the middle of the first line of words.
    control: { w: '4', h: '4', mt: '0.5', flexShrink: '0', accentColor: 'navy.800', cursor: 'pointer' },
    label: { flex: '1', minW: '0' },
  },
  variants: {
    variant: {
      plain: {},
      tile: {
        root: {
          gap: '3',
          p: '3',
          fontSize: 'md',
          borderWidth: '1px',
          borderColor: 'gray.300',
          rounded: 'md',
          _hover: { borderColor: 'primary' },
          '&:has(input:checked)': { borderColor: 'primary', bg: 'navy.50' },
          '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
        },
        control: { mt: '1' },
      },
    },
  },
  defaultVariants: { variant: 'plain' },
})
