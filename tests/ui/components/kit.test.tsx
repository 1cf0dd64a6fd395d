// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Badge, Button, Chip, Collapsible, Field, Menu, Popover, Portal } from '../../../src/ui/components/index.ts'

describe('Button', () => {
  it('is a type="button" button with the recipe classes of its variant and size', () => {
    render(
      <Button variant="outline" size="sm">
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.getAttribute('type')).toBe('button')
    expect(button.className.split(' ')).toEqual(
      expect.arrayContaining(['button', 'button--variant_outline', 'button--size_sm']),
    )
  })

  it('defaults to solid, medium', () => {
    render(<Button type="submit">Go</Button>)
    const button = screen.getByRole('button', { name: 'Go' })
    expect(button.getAttribute('type')).toBe('submit')
    expect(button.className).toContain('button--variant_solid')
    expect(button.className).toContain('button--size_md')
  })
})

describe('Badge and Chip', () => {
  it('shows the count, caps it, and renders nothing for zero', () => {
    const { rerender, container } = render(<Badge count={7} />)
    expect(container.textContent).toBe('7')
    rerender(<Badge count={120} />)
    expect(container.textContent).toBe('99+')
    rerender(<Badge count={12} max={9} />)
    expect(container.textContent).toBe('9+')
    rerender(<Badge count={0} />)
    expect(container.innerHTML).toBe('')
  })

  it('renders a chip', () => {
    render(<Chip>New</Chip>)
    expect(screen.getByText('New').className).toContain('chip')
  })
})

describe('Menu', () => {
  it('opens from its trigger and reports the chosen item', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(
      <Menu.Root onSelect={({ value }) => onSelect(value)}>
        <Menu.Trigger>Account</Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">Profile</Menu.Item>
            <Menu.Item value="change-password">Change Password</Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>,
    )
    await user.click(screen.getByRole('button', { name: 'Account' }))
    expect(await screen.findByRole('menu')).toBeTruthy()
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Change Password',
      'Logout',
    ])
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    expect(onSelect).toHaveBeenCalledWith('logout')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })
})

describe('Popover', () => {
  it('opens a titled panel that closes on Escape', async () => {
    const user = userEvent.setup()
    render(
      <Popover.Root>
        <Popover.Trigger aria-label="Notifications">bell</Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content>
              <Popover.Title>Notifications</Popover.Title>
              <p>Nothing new</p>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>,
    )
    await user.click(screen.getByRole('button', { name: 'Notifications' }))
    const panel = await screen.findByRole('dialog', { name: 'Notifications' })
    expect(panel.className).toContain('popover__content')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('Collapsible', () => {
  it('shows and hides its content from the trigger', async () => {
    const user = userEvent.setup()
    render(
      <Collapsible.Root>
        <Collapsible.Trigger>Monitors</Collapsible.Trigger>
        <Collapsible.Content>
          <a href="/monitors/web">Web</a>
        </Collapsible.Content>
      </Collapsible.Root>,
    )
    const trigger = screen.getByRole('button', { name: 'Monitors' })
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Web' })).toBeNull()
    await user.click(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('link', { name: 'Web' })).toBeTruthy()
  })
})

describe('Field', () => {
  it('labels its input and shows the error only while invalid', () => {
    const { rerender } = render(
      <Field.Root>
        <Field.Label>Email</Field.Label>
        <Field.Input type="email" />
        <Field.ErrorText>Enter an email address.</Field.ErrorText>
      </Field.Root>,
    )
    const input = screen.getByLabelText('Email')
    expect(input.className).toContain('field__input')
    expect(screen.queryByText('Enter an email address.')).toBeNull()
    rerender(
      <Field.Root invalid>
        <Field.Label>Email</Field.Label>
        <Field.Input type="email" />
        <Field.ErrorText>Enter an email address.</Field.ErrorText>
      </Field.Root>,
    )
    expect(screen.getByText('Enter an email address.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })
})
