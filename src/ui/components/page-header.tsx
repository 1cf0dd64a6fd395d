import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { pageHeader } from '../../../styled-system/recipes/page-header'

// The top of a page, Park UI shape with plain elements: Title is the page's h1 (give it an id for the section's
// aria-labelledby), Description the line under it, Actions the page's own buttons (they wrap below the title on
// narrow windows).
//   <PageHeader.Root>
//     <PageHeader.Content>
//       <PageHeader.Title id="monitors-title">Website Monitoring</PageHeader.Title>
//       <PageHeader.Description>...</PageHeader.Description>
//     </PageHeader.Content>
//     <PageHeader.Actions><Button>Create monitor</Button></PageHeader.Actions>
//   </PageHeader.Root>
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(pageHeader)

/** A `<header>`: inside the page's section or main, so it is no banner landmark. */
export const Root = /* @__PURE__ */ withProvider('header', 'root')
/** The title and description, taking the room the actions leave. */
export const Content = /* @__PURE__ */ withContext('div', 'content')
/** The page's h1; give it an id for the section's aria-labelledby. */
export const Title = /* @__PURE__ */ withContext('h1', 'title')
/** The line under the title: what the page is for, a plan's limit. */
export const Description = /* @__PURE__ */ withContext('p', 'description')
/** The page's own buttons and links, after the title (below it on narrow windows). */
export const Actions = /* @__PURE__ */ withContext('div', 'actions')

export type RootProps = ComponentProps<typeof Root>
