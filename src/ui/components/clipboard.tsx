import { Clipboard } from '@ark-ui/react/clipboard'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { clipboard } from '../../../styled-system/recipes/clipboard'

// Park UI shape: Ark UI Clipboard parts with the `clipboard` slot recipe. Trigger copies Root's `value`;
// Indicator shows its `copied` content for a moment after a copy.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(clipboard)

export const Root = /* @__PURE__ */ withProvider(Clipboard.Root, 'root')
export const Label = /* @__PURE__ */ withContext(Clipboard.Label, 'label')
export const Control = /* @__PURE__ */ withContext(Clipboard.Control, 'control')
export const Input = /* @__PURE__ */ withContext(Clipboard.Input, 'input')
export const Trigger = /* @__PURE__ */ withContext(Clipboard.Trigger, 'trigger')
export const Indicator = /* @__PURE__ */ withContext(Clipboard.Indicator, 'indicator')

export { ClipboardContext as Context, type ClipboardContextProps as ContextProps } from '@ark-ui/react/clipboard'
export type RootProps = ComponentProps<typeof Root>
