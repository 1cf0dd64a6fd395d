import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { card } from '../../../styled-system/recipes/card'

// Park UI shape with plain elements (Ark has no card part): each part is an element with its slot of the `card`
// recipe, and Panda's `as` makes it the element the page needs, such as a list item or a section:
//   <Card.Root as="li" size="sm" aria-labelledby={titleId}>...</Card.Root>
// Plain tags, not Ark's `ark.*` factory: that would move the factory out of the chunk the layout already loads
// and cost every page's first load a chunk of its own.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(card)

/** The surface: a div unless `as` says otherwise (`li` for an item of a list, `section` for a page's panel). */
export const Root = /* @__PURE__ */ withProvider('div', 'root')
/** The title with the lines under it, stacked close together. */
export const Header = /* @__PURE__ */ withContext('div', 'header')
/** An h2 unless told otherwise (`as="h3"`); give it an id for the root's aria-labelledby. */
export const Title = /* @__PURE__ */ withContext('h2', 'title')
/** A muted line about the thing: its type and target, its count, its state. */
export const Description = /* @__PURE__ */ withContext('p', 'description')
/** What the card holds beyond its header. */
export const Body = /* @__PURE__ */ withContext('div', 'body')
/** The card's actions, in a row that wraps. */
export const Footer = /* @__PURE__ */ withContext('div', 'footer')

export type RootProps = ComponentProps<typeof Root>
export type TitleProps = ComponentProps<typeof Title>
