import { Popover } from '@ark-ui/react/popover'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { popover } from '../../../styled-system/recipes/popover'

// Park UI shape: Ark UI Popover parts with the `popover` slot recipe. Content is 360 px wide and at most 800 px high
// (less on short screens) and scrolls inside; override with style props, `css` or `className`.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withRootProvider, withContext } = createStyleContext(popover)

export const Root = /* @__PURE__ */ withRootProvider(Popover.Root)
export const RootProvider = /* @__PURE__ */ withRootProvider(Popover.RootProvider)
export const Trigger = /* @__PURE__ */ withContext(Popover.Trigger, 'trigger')
export const Positioner = /* @__PURE__ */ withContext(Popover.Positioner, 'positioner')
export const Content = /* @__PURE__ */ withContext(Popover.Content, 'content')
export const Title = /* @__PURE__ */ withContext(Popover.Title, 'title')
export const Description = /* @__PURE__ */ withContext(Popover.Description, 'description')
export const CloseTrigger = /* @__PURE__ */ withContext(Popover.CloseTrigger, 'closeTrigger')

export { PopoverContext as Context, type PopoverContextProps as ContextProps } from '@ark-ui/react/popover'
export type RootProps = Popover.RootProps
export type ContentProps = ComponentProps<typeof Content>
export type OpenChangeDetails = Popover.OpenChangeDetails
