import { Tooltip } from '@ark-ui/react/tooltip'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { tooltip } from '../../../styled-system/recipes/tooltip'

// Park UI shape: Ark UI Tooltip parts with the `tooltip` slot recipe. Root opens after 100 ms (Ark's default is 400),
// fades in and out over 250 ms, and the content is at most 200 px wide, or 400 px with <Tooltip.Root wide>.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withRootProvider, withContext } = createStyleContext(tooltip)

export const TOOLTIP_OPEN_DELAY = 100

export const Root = /* @__PURE__ */ withRootProvider(Tooltip.Root, { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY } })
export const RootProvider = /* @__PURE__ */ withRootProvider(Tooltip.RootProvider)
export const Trigger = /* @__PURE__ */ withContext(Tooltip.Trigger, 'trigger')
export const Positioner = /* @__PURE__ */ withContext(Tooltip.Positioner, 'positioner')
export const Content = /* @__PURE__ */ withContext(Tooltip.Content, 'content')
export const Arrow = /* @__PURE__ */ withContext(Tooltip.Arrow, 'arrow')
export const ArrowTip = /* @__PURE__ */ withContext(Tooltip.ArrowTip, 'arrowTip')

export { TooltipContext as Context, type TooltipContextProps as ContextProps } from '@ark-ui/react/tooltip'
export type RootProps = ComponentProps<typeof Root>
