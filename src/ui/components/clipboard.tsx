import { Clipboard } from '@ark-ui/react/clipboard'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { clipboard } from '../../../styled-system/recipes/clipboard'

// Park UI shape: Ark UI Clipboard parts with the `clipboard` slot recipe. Trigger copies Root's `value`;
// Indicator shows its `copied` content for a moment after a copy.
const { withProvider, withContext } = createStyleContext(clipboard)

export const Root = withProvider(Clipboard.Root, 'root')
export const Label = withContext(Clipboard.Label, 'label')
export const Control = withContext(Clipboard.Control, 'control')
export const Input = withContext(Clipboard.Input, 'input')
export const Trigger = withContext(Clipboard.Trigger, 'trigger')
export const Indicator = withContext(Clipboard.Indicator, 'indicator')

export { ClipboardContext as Context, type ClipboardContextProps as ContextProps } from '@ark-ui/react/clipboard'
export type RootProps = ComponentProps<typeof Root>
