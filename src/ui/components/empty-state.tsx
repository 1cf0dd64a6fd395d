import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { emptyState } from '../../../styled-system/recipes/empty-state'

// What a list shows before it has anything, Park UI shape with plain elements. `variant="card"` is a surface of its
// own on the page; `plain` (default) sits in the card or dialog around it.
//   <EmptyState.Root variant="card">
//     <EmptyState.Title>No monitors yet</EmptyState.Title>
//     <EmptyState.Description>...</EmptyState.Description>
//     <EmptyState.Actions><Button>Create monitor</Button></EmptyState.Actions>
//   </EmptyState.Root>
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(emptyState)

/** The block; `variant="card"` gives it a surface of its own. */
export const Root = /* @__PURE__ */ withProvider('div', 'root')
/** An icon above the title, hidden from assistive technology by the page (aria-hidden on the icon). */
export const Indicator = /* @__PURE__ */ withContext('div', 'indicator')
/** "No ... yet": an h2 unless told otherwise (`as="h3"`). */
export const Title = /* @__PURE__ */ withContext('h2', 'title')
/** What the list would hold and why it helps, muted; one per paragraph. */
export const Description = /* @__PURE__ */ withContext('p', 'description')
/** The button that adds the first one. */
export const Actions = /* @__PURE__ */ withContext('div', 'actions')

export type RootProps = ComponentProps<typeof Root>
