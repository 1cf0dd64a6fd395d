import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { alert } from '../../../styled-system/recipes/alert'

// Park UI shape with plain elements (Ark has no alert part). `status` is error (default), warning, success or info.
// The root sets no role: give role="alert" to what must be read out as it appears (a failure), role="status" to
// news that can wait, role="note" to advice. An action (a Try again button) can follow the content in the root.
//   <Alert.Root role="alert">
//     <Alert.Description>{error}</Alert.Description>
//     <Button size="sm" variant="outline" onClick={retry}>Try again</Button>
//   </Alert.Root>
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(alert)

/** The tinted box; give it its role (alert, status, note). Its text goes in Description or Content. */
export const Root = /* @__PURE__ */ withProvider('div', 'root')
/** An icon before the message (aria-hidden on the icon: the words say it). */
export const Icon = /* @__PURE__ */ withContext('span', 'icon')
/** A title and lines of text stacked, when there is more than one line to say. */
export const Content = /* @__PURE__ */ withContext('div', 'content')
/** The message's heading, in bold; a `p` unless told otherwise (`as="h2"`). */
export const Title = /* @__PURE__ */ withContext('p', 'title')
/** The message: one flex item, so its inline parts (a link, bold words) flow as text. */
export const Description = /* @__PURE__ */ withContext('span', 'description')

export type RootProps = ComponentProps<typeof Root>
