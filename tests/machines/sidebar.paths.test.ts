import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { INITIAL_OPEN_GROUP, MOBILE_BREAKPOINT_PX } from '@vigil/domain/layout'
import { sidebarMachine } from '../../src/machines/sidebar.machine.ts'
import { journey, reachedStateNodes, stateNodeIds, valuesAlong } from './traversal.ts'

const toggle = { type: 'sidebar.toggle' } as const
const navigate = { type: 'sidebar.navigate' } as const
const dismiss = { type: 'sidebar.dismiss' } as const
const resize = (width: number) => ({ type: 'sidebar.resize', width }) as const
const group = (label: string) => ({ type: 'sidebar.group.toggle', label }) as const
const events = [
  toggle,
  navigate,
  dismiss,
  resize(320),
  resize(768),
  resize(769),
  resize(1280),
  group('Services'),
  group('Settings'),
]
const mobile = { width: 768 }
const desktop = { width: 769 }
const desktopLeftCollapsed = { width: 1280, collapsed: true }
const mobileLeftCollapsed = { width: 320, collapsed: true }

describe('sidebar machine paths', () => {
  const reached = new Set(
    [mobile, desktop, desktopLeftCollapsed, mobileLeftCollapsed].flatMap((input) => [
      ...reachedStateNodes(sidebarMachine, { events, input }),
    ]),
  )
  it.each(stateNodeIds(sidebarMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('the breakpoint is 768 px and the first open group is Services', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(768)
    expect(INITIAL_OPEN_GROUP).toBe('Services')
  })

  it.each([
    [320, { mobile: 'closed' }],
    [767, { mobile: 'closed' }],
    [768, { mobile: 'closed' }],
    [769, { desktop: 'expanded' }],
    [1280, { desktop: 'expanded' }],
  ])('at width %i it starts %j, with Services open', (width, value) => {
    const path = journey(sidebarMachine, [], { width })
    expect(path.state.value).toEqual(value)
    expect(path.state.context.openGroup).toBe('Services')
    expect(valuesAlong(sidebarMachine, path, { width })[0]).toBe('starting')
  })

  it('desktop: toggle collapses and expands', () => {
    expect(journey(sidebarMachine, [toggle], desktop).state.value).toEqual({ desktop: 'collapsed' })
    expect(journey(sidebarMachine, [toggle, toggle], desktop).state.value).toEqual({ desktop: 'expanded' })
  })

  it('desktop: navigating or dismissing changes nothing', () => {
    expect(journey(sidebarMachine, [navigate, dismiss], desktop).state.value).toEqual({ desktop: 'expanded' })
    expect(journey(sidebarMachine, [toggle, navigate, dismiss], desktop).state.value).toEqual({
      desktop: 'collapsed',
    })
  })

  it('mobile: the menu button opens and closes it', () => {
    expect(journey(sidebarMachine, [toggle], mobile).state.value).toEqual({ mobile: 'open' })
    expect(journey(sidebarMachine, [toggle, toggle], mobile).state.value).toEqual({ mobile: 'closed' })
  })

  it.each([
    ['navigation', navigate],
    ['a tap on the overlay', dismiss],
  ])('mobile: %s closes it', (_, event) => {
    expect(journey(sidebarMachine, [toggle, event], mobile).state.value).toEqual({ mobile: 'closed' })
  })

  it.each([
    [768, { mobile: 'closed' }],
    [320, { mobile: 'closed' }],
    [769, { desktop: 'collapsed' }],
    [1280, { desktop: 'collapsed' }],
  ])('desktop (collapsed), resized to %i: %j', (width, value) => {
    expect(journey(sidebarMachine, [toggle, resize(width)], desktop).state.value).toEqual(value)
  })

  it.each([
    [769, { desktop: 'expanded' }],
    [1280, { desktop: 'expanded' }],
    [768, { mobile: 'open' }],
    [320, { mobile: 'open' }],
  ])('mobile (open), resized to %i: %j', (width, value) => {
    expect(journey(sidebarMachine, [toggle, resize(width)], mobile).state.value).toEqual(value)
  })

  it.each([
    ['another group opens it and closes Services', [group('Settings')], 'Settings'],
    ['the open group again closes it', [group('Services')], null],
    ['a closed group again reopens it', [group('Services'), group('Services')], 'Services'],
    ['one after another keeps one open', [group('Settings'), group('Services')], 'Services'],
    ['the open one after a switch closes it', [group('Settings'), group('Settings')], null],
  ])('group toggling: %s', (_, steps, openGroup) => {
    for (const input of [mobile, desktop]) {
      expect(journey(sidebarMachine, steps, input).state.context.openGroup).toBe(openGroup)
    }
  })

  it.each([
    [desktopLeftCollapsed, { desktop: 'collapsed' }],
    [{ width: 1280, collapsed: false }, { desktop: 'expanded' }],
    [mobileLeftCollapsed, { mobile: 'closed' }],
  ])('as the user left it (%j) it starts %j', (input, value) => {
    expect(journey(sidebarMachine, [], input).state.value).toEqual(value)
  })

  it('a collapsed sidebar stays collapsed across a spell in mobile mode', () => {
    const { state } = journey(sidebarMachine, [toggle, resize(768), toggle, navigate, resize(1280)], desktop)
    expect(state.value).toEqual({ desktop: 'collapsed' })
    expect(journey(sidebarMachine, [resize(1280)], mobileLeftCollapsed).state.value).toEqual({ desktop: 'collapsed' })
  })

  it('left collapsed before a reload, expanded again: it stays expanded across mobile mode', () => {
    const { state } = journey(sidebarMachine, [toggle, resize(768), resize(1280)], desktopLeftCollapsed)
    expect(state.value).toEqual({ desktop: 'expanded' })
    expect(state.context.collapsed).toBe(false)
  })

  it('each toggle on a wide screen asks to remember the choice; the mobile menu remembers nothing', () => {
    const remembered: boolean[] = []
    const actor = createActor(
      sidebarMachine.provide({ actions: { remember: (_, { collapsed }) => remembered.push(collapsed) } }),
      { input: desktop },
    ).start()
    actor.send(toggle)
    actor.send(toggle)
    actor.send(toggle)
    actor.send(resize(768))
    actor.send(toggle)
    actor.send(toggle)
    expect(remembered).toEqual([true, false, true])
    actor.stop()
  })

  it('the open group survives a change of mode and a navigation', () => {
    const { state } = journey(sidebarMachine, [group('Settings'), toggle, navigate, resize(1280)], mobile)
    expect(state.value).toEqual({ desktop: 'expanded' })
    expect(state.context.openGroup).toBe('Settings')
  })
})
