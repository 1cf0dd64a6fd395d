import { and, assign, setup } from 'xstate'
import { INITIAL_OPEN_GROUP, isMobileWidth } from '@vigil/domain/layout'

// Collapsible on wide screens; at 768 px or less a menu button opens it over an overlay
// and it closes after navigation. One group open at a time; 'Services' is the open group at first.
// On wide screens the sidebar stays as the user left it: collapsed or expanded, across reloads (the adapter keeps the
// choice, `remember`) and across a spell in mobile mode.
export const sidebarMachine = setup({
  types: {} as {
    context: { openGroup: string | null; startsMobile: boolean; collapsed: boolean }
    /** `collapsed`: how the user last left it on a wide screen (expanded when never). */
    input: { width: number; collapsed?: boolean }
    events:
      | { type: 'sidebar.toggle' }
      | { type: 'sidebar.resize'; width: number }
      | { type: 'sidebar.navigate' }
      | { type: 'sidebar.dismiss' }
      | { type: 'sidebar.group.toggle'; label: string }
  },
  actions: {
    remember: (_, _params: { collapsed: boolean }) => {},
  },
  guards: {
    startsMobile: ({ context }) => context.startsMobile,
    isCollapsed: ({ context }) => context.collapsed,
    isMobileWidth: ({ event }) => event.type === 'sidebar.resize' && isMobileWidth(event.width),
    isWideWidth: ({ event }) => event.type === 'sidebar.resize' && !isMobileWidth(event.width),
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({
    openGroup: INITIAL_OPEN_GROUP,
    startsMobile: isMobileWidth(input.width),
    collapsed: input.collapsed ?? false,
  }),
  initial: 'starting',
  on: {
    'sidebar.group.toggle': {
      actions: assign({ openGroup: ({ context, event }) => (context.openGroup === event.label ? null : event.label) }),
    },
  },
  states: {
    starting: {
      always: [
        { guard: 'startsMobile', target: 'mobile' },
        { guard: 'isCollapsed', target: 'desktop.collapsed' },
        { target: 'desktop' },
      ],
    },
    desktop: {
      initial: 'expanded',
      on: { 'sidebar.resize': { guard: 'isMobileWidth', target: 'mobile' } },
      states: {
        expanded: {
          on: {
            'sidebar.toggle': {
              target: 'collapsed',
              actions: [assign({ collapsed: true }), { type: 'remember', params: { collapsed: true } }],
            },
          },
        },
        collapsed: {
          on: {
            'sidebar.toggle': {
              target: 'expanded',
              actions: [assign({ collapsed: false }), { type: 'remember', params: { collapsed: false } }],
            },
          },
        },
      },
    },
    mobile: {
      initial: 'closed',
      on: {
        'sidebar.resize': [
          { guard: and(['isWideWidth', 'isCollapsed']), target: 'desktop.collapsed' },
          { guard: 'isWideWidth', target: 'desktop' },
        ],
      },
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
