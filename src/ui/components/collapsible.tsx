import { Collapsible } from '@ark-ui/react/collapsible'
import { createStyleContext } from '../../../styled-system/jsx'
import { collapsible } from '../../../styled-system/recipes/collapsible'

// Park UI shape: Ark UI Collapsible parts with the `collapsible` slot recipe (sidebar groups).
const { withProvider, withContext } = createStyleContext(collapsible)

export const Root = withProvider(Collapsible.Root, 'root')
export const RootProvider = withProvider(Collapsible.RootProvider, 'root')
export const Trigger = withContext(Collapsible.Trigger, 'trigger')
export const Indicator = withContext(Collapsible.Indicator, 'indicator')
export const Content = withContext(Collapsible.Content, 'content')

export {
  CollapsibleContext as Context,
  type CollapsibleContextProps as ContextProps,
} from '@ark-ui/react/collapsible'
export type RootProps = Collapsible.RootProps
export type OpenChangeDetails = Collapsible.OpenChangeDetails
