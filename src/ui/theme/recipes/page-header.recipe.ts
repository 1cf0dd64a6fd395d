import { kitSlotRecipe } from './kit.ts'

// The top of a page: its h1, a line about it and the page's own buttons, which wrap below on narrow windows.
// Titles break a word only when it is longer than the line (`break-word`): `anywhere` would also let a flex row
// squeeze a title to a few letters a line, as a phone's narrow row does.
export const pageHeader = kitSlotRecipe('PageHeader', {
  description: 'Page header: the page title (h1), its description and the actions of the page',
  slots: ['root', 'content', 'title', 'description', 'actions'],
  base: {
    root: { display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1 1 20rem', minW: '0' },
    title: { fontSize: '2xl', fontWeight: 'semibold', color: 'gray.900', overflowWrap: 'break-word' },
    description: { color: 'muted', overflowWrap: 'anywhere' },
    actions: { display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' },
  },
})
