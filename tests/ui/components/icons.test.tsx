// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { MONITOR_TYPE_PAGES, type MonitorType } from '@vigil/domain/monitor-types/pages'
import { typeIcon } from '../../../src/ui/components/icons.tsx'
import { NotificationTypeIcon, notificationTypeLabel } from '../../../src/ui/components/index.ts'

const types = [
  'web',
  'api',
  'port',
  'domain',
  'ssl',
  'dns',
  'blacklist',
  'aws',
  'azure',
  'microsoft365',
  'incident',
  'maintenance',
]

// The drawing of an icon: its SVG children, without the attributes that are the same for every icon.
const drawing = (el: Element) => el.innerHTML

describe('NotificationTypeIcon', () => {
  it('gives each of the 12 notification types its own icon and accessible label', () => {
    render(
      <div>
        {types.map((type) => (
          <NotificationTypeIcon key={type} type={type} />
        ))}
      </div>,
    )
    const icons = screen.getAllByRole('img')
    expect(icons).toHaveLength(12)
    const labels = icons.map((icon) => icon.getAttribute('aria-label'))
    expect(new Set(labels).size).toBe(12)
    expect(new Set(icons.map(drawing)).size).toBe(12)
    for (const type of types) {
      const icon = screen.getByRole('img', { name: notificationTypeLabel(type) })
      expect(icon.getAttribute('aria-label')).toMatch(/ notification$/)
      expect(icon.getAttribute('aria-hidden')).toBeNull()
    }
    expect(screen.getByRole('img', { name: 'web notification' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Microsoft 365 notification' })).toBeTruthy()
  })

  it('has icons for ping and account too, and a generic one for anything else', () => {
    render(
      <>
        <NotificationTypeIcon type="ping" />
        <NotificationTypeIcon type="account" />
        <NotificationTypeIcon type="something-new" />
        <NotificationTypeIcon type="constructor" />
        <NotificationTypeIcon type="web" />
      </>,
    )
    const ping = screen.getByRole('img', { name: 'ping notification' })
    const account = screen.getByRole('img', { name: 'account notification' })
    const [unknown, proto] = screen.getAllByRole('img', { name: 'notification' })
    if (!unknown || !proto) throw new Error('expected two generic icons')
    expect(drawing(unknown)).toBe(drawing(proto))
    const web = screen.getByRole('img', { name: 'web notification' })
    expect(new Set([ping, account, unknown, web].map(drawing)).size).toBe(4)
  })

  it("draws a monitor type's notification with the type's own icon, the one of its pages and the sidebar", () => {
    for (const type of Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]) {
      const { container, unmount } = render(
        <>
          <NotificationTypeIcon type={type} />
          {createElement(typeIcon(type))}
        </>,
      )
      const [bell, own] = [...container.querySelectorAll('svg')]
      expect(bell && drawing(bell), type).toBe(own && drawing(own))
      unmount()
    }
  })
})
