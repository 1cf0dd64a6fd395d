import { Dialog } from '@ark-ui/react/dialog'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { dialog } from '../../../styled-system/recipes/dialog'

// Park UI shape: each part is the Ark UI part with its slot of the `dialog` recipe applied. Every part also takes
// Panda style props (`w="800px" h="400px"`), `css={{ ... }}` and `className`, which win over the recipe.
// Focus trap, Escape and outside-click close, scroll lock and focus return all come from Ark.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withRootProvider, withContext } = createStyleContext(dialog)

export const Root = /* @__PURE__ */ withRootProvider(Dialog.Root)
export const RootProvider = /* @__PURE__ */ withRootProvider(Dialog.RootProvider)
export const Trigger = /* @__PURE__ */ withContext(Dialog.Trigger, 'trigger')
export const Backdrop = /* @__PURE__ */ withContext(Dialog.Backdrop, 'backdrop')
export const Positioner = /* @__PURE__ */ withContext(Dialog.Positioner, 'positioner')
export const Content = /* @__PURE__ */ withContext(Dialog.Content, 'content')
export const Title = /* @__PURE__ */ withContext(Dialog.Title, 'title')
export const Description = /* @__PURE__ */ withContext(Dialog.Description, 'description')
export const CloseTrigger = /* @__PURE__ */ withContext(Dialog.CloseTrigger, 'closeTrigger')

export { DialogContext as Context, type DialogContextProps as ContextProps } from '@ark-ui/react/dialog'
export type RootProps = Dialog.RootProps
export type ContentProps = ComponentProps<typeof Content>
export type OpenChangeDetails = Dialog.OpenChangeDetails
