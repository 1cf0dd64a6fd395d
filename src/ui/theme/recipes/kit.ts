import {
  defineRecipe,
  defineSlotRecipe,
  type RecipeConfig,
  type RecipeVariantRecord,
  type SlotRecipeConfig,
  type SlotRecipeVariantRecord,
} from '@pandacss/dev'

// Each recipe of the kit is named once, by its component (`Button`, `EmptyState`): its class (`button`,
// `emptyState`) and the JSX name Panda tracks follow, and every variant is generated (`staticCss`), since the pages
// that use them come in chunks of their own.

type Named = 'className' | 'jsx' | 'staticCss'

const classOf = (component: string) => component.charAt(0).toLowerCase() + component.slice(1)

export const kitRecipe = <T extends RecipeVariantRecord>(component: string, config: Omit<RecipeConfig<T>, Named>) =>
  defineRecipe<T>({ className: classOf(component), jsx: [component], staticCss: ['*'], ...config })

export const kitSlotRecipe = <S extends string, T extends SlotRecipeVariantRecord<S>>(
  component: string,
  config: Omit<SlotRecipeConfig<S, T>, Named>,
) => defineSlotRecipe<S, T>({ className: classOf(component), jsx: [component], staticCss: ['*'], ...config })
