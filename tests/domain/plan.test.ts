import { describe, expect, it } from 'vitest'
import { NAVIGATION, NAVIGATION_LABELS } from '../../src/domain/navigation.ts'
import { isLocked, premiumTooltip } from '../../src/domain/plan.ts'

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
