import { describe, expect, it } from 'vitest'
import { NAVIGATION, NAVIGATION_LABELS } from '@vigil/domain/navigation'
import { entryLock, isLocked, premiumTooltip } from '@vigil/domain/plan'

describe('isLocked', () => {
  const accesses = [
    { feature: 'DNS Monitoring', access: false },
    { feature: 'Dashboard', access: true },
  ]
  it.each([
    ['DNS Monitoring', true],
    ['Dashboard', false],
    ['Reporting', false], // no flag at all: not locked
  ])('%s locked: %s', (label, locked) => expect(isLocked(accesses, label)).toBe(locked))
})

describe('premiumTooltip', () => {
  it('is the spec text with the label', () =>
    expect(premiumTooltip('Check Black List')).toBe(
      'The Check Black List feature is part of our premium offerings. Please upgrade your plan to unlock it!',
    ))
})

describe('NAVIGATION', () => {
  it('lists the spec labels in order, with Settings holding Security and Billing', () => {
    expect(NAVIGATION_LABELS).toEqual([
      'Dashboard',
      'Website Monitoring',
      'API Monitoring',
      'DNS Monitoring',
      'SSL Monitoring',
      'Domain Monitoring',
      'Port Monitoring',
      'Ping Monitoring',
      'Check Black List',
      'AWS Monitoring',
      'Azure Monitoring',
      'Microsoft 365',
      'Status Page',
      'Integrations',
      'Notifications',
      'Reporting',
      'Support',
      'Settings',
      'Security',
      'Billing',
    ])
    expect(NAVIGATION.at(-1)).toEqual({
      label: 'Settings',
      children: [
        { label: 'Security', path: '/settings/security' },
        { label: 'Billing', path: '/subscriptions' },
      ],
    })
  })
})

describe('entryLock', () => {
  const tooltip = premiumTooltip
  it.each([
    [
      'a sub-item of a locked Settings group names Settings',
      [{ feature: 'Settings', access: false }],
      ['Security', 'Settings'],
      { locked: true, tooltip: tooltip('Settings') },
    ],
    [
      'the other sub-item too',
      [{ feature: 'Settings', access: false }],
      ['Billing', 'Settings'],
      { locked: true, tooltip: tooltip('Settings') },
    ],
    [
      'a sub-item unlocked itself but in a locked group is locked by the group',
      [
        { feature: 'Settings', access: false },
        { feature: 'Billing', access: true },
      ],
      ['Billing', 'Settings'],
      { locked: true, tooltip: tooltip('Settings') },
    ],
    [
      'a sub-item locked both ways names the group',
      [
        { feature: 'Security', access: false },
        { feature: 'Settings', access: false },
      ],
      ['Security', 'Settings'],
      { locked: true, tooltip: tooltip('Settings') },
    ],
    [
      'a sub-item locked by its own flag names itself',
      [
        { feature: 'Settings', access: true },
        { feature: 'Security', access: false },
      ],
      ['Security', 'Settings'],
      { locked: true, tooltip: tooltip('Security') },
    ],
    [
      'an entry locked by its own flag names itself',
      [{ feature: 'DNS Monitoring', access: false }],
      ['DNS Monitoring'],
      { locked: true, tooltip: tooltip('DNS Monitoring') },
    ],
    [
      'the Settings group itself names itself',
      [{ feature: 'Settings', access: false }],
      ['Settings'],
      { locked: true, tooltip: tooltip('Settings') },
    ],
    ['an entry with access true', [{ feature: 'Reporting', access: true }], ['Reporting'], { locked: false }],
    ['an entry with no flag at all', [{ feature: 'Reporting', access: false }], ['Support'], { locked: false }],
    [
      'a sub-item of an unlocked group, with no flag of its own',
      [{ feature: 'Settings', access: true }],
      ['Billing', 'Settings'],
      { locked: false },
    ],
    [
      'a sub-item when another group-less entry is locked',
      [{ feature: 'Reporting', access: false }],
      ['Security', 'Settings'],
      { locked: false },
    ],
    ['anything with no accesses', [], ['Security', 'Settings'], { locked: false }],
  ] as const)('%s', (_, accesses, [label, groupLabel], lock) =>
    expect(entryLock(accesses, label, groupLabel)).toEqual(lock),
  )

  it('the Settings tooltip is the spec text', () =>
    expect(entryLock([{ feature: 'Settings', access: false }], 'Billing', 'Settings')).toEqual({
      locked: true,
      tooltip: 'The Settings feature is part of our premium offerings. Please upgrade your plan to unlock it!',
    }))
})
