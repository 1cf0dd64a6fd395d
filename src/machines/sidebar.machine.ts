import { assign, setup } from 'xstate'
import { INITIAL_OPEN_GROUP, isMobileWidth } from '../domain/layout.ts'

// Spec section 2: collapsible on wide screens; at 768 px or less a menu button opens it over an overlay
// and it closes after navigation. One group open at a time; 'Services' is the open group at first.
export const sidebarMachine = setup({
  types: {} as {
    context: { openGroup: string | null; startsMobile: boolean }
    input: { width: number }
    events:
      | { type: 'sidebar.toggle' }
      | { type: 'sidebar.resize'; width: number }
      | { type: 'sidebar.navigate' }
      | { type: 'sidebar.dismiss' }
      | { type: 'sidebar.group.toggle'; label: string }
  },
  guards: {
    startsMobile: ({ context }) => context.startsMobile,
    isMobileWidth: ({ event }) => event.type === 'sidebar.resize' && isMobileWidth(event.width),
    isWideWidth: ({ event }) => event.type === 'sidebar.resize' && !isMobileWidth(event.width),
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({ openGroup: INITIAL_OPEN_GROUP, startsMobile: isMobileWidth(input.width) }),
  initial: 'starting',
  on: {
    'sidebar.group.toggle': {
      actions: assign({ openGroup: ({ context, event }) => (context.openGroup === event.label ? null : event.label) }),
    },
  },
  states: {
    starting: {
      always: [{ guard: 'startsMobile', target: 'mobile' }, { target: 'desktop' }],
    },
    desktop: {
      initial: 'expanded',
      on: { 'sidebar.resize': { guard: 'isMobileWidth', target: 'mobile' } },
      states: {
        expanded: { on: { 'sidebar.toggle': 'collapsed' } },
        collapsed: { on: { 'sidebar.toggle': 'expanded' } },
      },
    },
    mobile: {
      initial: 'closed',
      on: { 'sidebar.resize': { guard: 'isWideWidth', target: 'desktop' } },
      states: {
        closed: { on: { 'sidebar.toggle': 'open' } },
        // The menu is over the page with an overlay; any navigation or a tap outside closes it.
        open: {
          on: { 'sidebar.toggle': 'closed', 'sidebar.navigate': 'closed', 'sidebar.dismiss': 'closed' },
        },
      },
    },
  },
})
