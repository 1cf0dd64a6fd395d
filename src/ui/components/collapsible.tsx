import { Collapsible } from '@ark-ui/react/collapsible'
import { createStyleContext } from '../../../styled-system/jsx'
import { collapsible } from '../../../styled-system/recipes/collapsible'

// Park UI shape: Ark UI Collapsible parts with the `collapsible` slot recipe (sidebar groups).
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(collapsible)

export const Root = /* @__PURE__ */ withProvider(Collapsible.Root, 'root')
export const RootProvider = /* @__PURE__ */ withProvider(Collapsible.RootProvider, 'root')
export const Trigger = /* @__PURE__ */ withContext(Collapsible.Trigger, 'trigger')
export const Indicator = /* @__PURE__ */ withContext(Collapsible.Indicator, 'indicator')
export const Content = /* @__PURE__ */ withContext(Collapsible.Content, 'content')

export {
  CollapsibleContext as Context,
  type CollapsibleContextProps as ContextProps,
} from '@ark-ui/react/collapsible'
export type RootProps = Collapsible.RootProps
export type OpenChangeDetails = Collapsible.OpenChangeDetails
