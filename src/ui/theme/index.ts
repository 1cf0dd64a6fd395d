import { alert } from './recipes/alert.recipe.ts'
import { badge, chip } from './recipes/badge.recipe.ts'
import { button } from './recipes/button.recipe.ts'
import { card } from './recipes/card.recipe.ts'
import { choice } from './recipes/choice.recipe.ts'
import { clipboard } from './recipes/clipboard.recipe.ts'
import { collapsible } from './recipes/collapsible.recipe.ts'
import { dialog } from './recipes/dialog.recipe.ts'
import { emptyState } from './recipes/empty-state.recipe.ts'
import { field } from './recipes/field.recipe.ts'
import { menu } from './recipes/menu.recipe.ts'
import { pageHeader } from './recipes/page-header.recipe.ts'
import { passwordInput } from './recipes/password-input.recipe.ts'
import { popover } from './recipes/popover.recipe.ts'
import { switchRecipe } from './recipes/switch.recipe.ts'
import { table } from './recipes/table.recipe.ts'
import { toast } from './recipes/toast.recipe.ts'
import { tooltip } from './recipes/tooltip.recipe.ts'

// Registered in panda.config.ts (theme.extend); the components read them back from styled-system/recipes.
export const recipes = { button, badge, chip }

export const slotRecipes = {
  dialog,
  menu,
  tooltip,
  popover,
  toast,
  field,
  passwordInput,
  collapsible,
  switchRecipe,
  choice,
  clipboard,
  // The pages' building blocks: plain elements (Ark has no such parts), Park UI's shape.
  card,
  pageHeader,
  alert,
  emptyState,
  table,
}

// Used by the recipes' open/close animations (Ark's Presence waits for them before unmounting).
export const keyframes = {
  fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
  fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
  scaleIn: { from: { opacity: '0', transform: 'scale(0.96)' }, to: { opacity: '1', transform: 'scale(1)' } },
  scaleOut: { from: { opacity: '1', transform: 'scale(1)' }, to: { opacity: '0', transform: 'scale(0.96)' } },
  collapseIn: { from: { height: '0' }, to: { height: 'var(--height)' } },
  collapseOut: { from: { height: 'var(--height)' }, to: { height: '0' } },
}

export const zIndex = {
  dropdown: { value: 1000 },
  overlay: { value: 1300 },
  modal: { value: 1400 },
  popover: { value: 1500 },
  toast: { value: 1700 },
  tooltip: { value: 1800 },
}
