import { Menu } from '@ark-ui/react/menu'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { menu } from '../../../styled-system/recipes/menu'

// Park UI shape: Ark UI Menu parts with the `menu` slot recipe. Each Item needs a unique `value`; use the Root's
// `onSelect={({ value }) => ...}` or an Item's own `onSelect`. Keyboard navigation and typeahead come from Ark.
const { withRootProvider, withContext } = createStyleContext(menu)

export const Root = withRootProvider(Menu.Root)
export const RootProvider = withRootProvider(Menu.RootProvider)
export const Trigger = withContext(Menu.Trigger, 'trigger')
export const Positioner = withContext(Menu.Positioner, 'positioner')
export const Content = withContext(Menu.Content, 'content')
export const Item = withContext(Menu.Item, 'item')
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup')
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel')
export const Separator = withContext(Menu.Separator, 'separator')

export { MenuContext as Context, type MenuContextProps as ContextProps } from '@ark-ui/react/menu'
export type RootProps = Menu.RootProps
export type ItemProps = ComponentProps<typeof Item>
export type SelectionDetails = Menu.SelectionDetails
