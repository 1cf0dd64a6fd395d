import { Menu } from '@ark-ui/react/menu'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { menu } from '../../../styled-system/recipes/menu'

// Park UI shape: Ark UI Menu parts with the `menu` slot recipe. Each Item needs a unique `value`; use the Root's
// `onSelect={({ value }) => ...}` or an Item's own `onSelect`. Keyboard navigation and typeahead come from Ark.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withRootProvider, withContext } = createStyleContext(menu)

export const Root = /* @__PURE__ */ withRootProvider(Menu.Root)
export const RootProvider = /* @__PURE__ */ withRootProvider(Menu.RootProvider)
export const Trigger = /* @__PURE__ */ withContext(Menu.Trigger, 'trigger')
export const Positioner = /* @__PURE__ */ withContext(Menu.Positioner, 'positioner')
export const Content = /* @__PURE__ */ withContext(Menu.Content, 'content')
export const Item = /* @__PURE__ */ withContext(Menu.Item, 'item')
export const ItemGroup = /* @__PURE__ */ withContext(Menu.ItemGroup, 'itemGroup')
export const ItemGroupLabel = /* @__PURE__ */ withContext(Menu.ItemGroupLabel, 'itemGroupLabel')
export const Separator = /* @__PURE__ */ withContext(Menu.Separator, 'separator')

export { MenuContext as Context, type MenuContextProps as ContextProps } from '@ark-ui/react/menu'
export type RootProps = Menu.RootProps
export type ItemProps = ComponentProps<typeof Item>
export type SelectionDetails = Menu.SelectionDetails
