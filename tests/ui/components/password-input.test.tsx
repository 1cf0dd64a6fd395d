// @vitest-environment jsdom
import './setup-dom.ts'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PasswordField } from '../../../src/ui/components/index.ts'
import { seriousViolations } from './axe.ts'

describe('PasswordField', () => {
  it('is a labelled password input', () => {
    render(<PasswordField label="Current password" name="currentPassword" />)
    const input = screen.getByLabelText('Current password') as HTMLInputElement
    expect(input.tagName).toBe('INPUT')
    expect(input.type).toBe('password')
    expect(input.name).toBe('currentPassword')
    expect(input.autocomplete).toBe('current-password')
  })

  it('switches the input type and the toggle label when toggled', async () => {
    const user = userEvent.setup()
    render(<PasswordField label="New password" autoComplete="new-password" />)
    const input = screen.getByLabelText('New password') as HTMLInputElement
    await user.type(input, 's3cret!')
    const show = screen.getByRole('button', { name: 'Show password' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    await user.click(show)
    expect(input.type).toBe('text')
    expect(input.value).toBe('s3cret!')
    const hide = screen.getByRole('button', { name: 'Hide password' })
    expect(hide).toBe(show)
    expect(hide.getAttribute('aria-expanded')).toBe('true')
    expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull()
    await user.click(hide)
    expect(input.type).toBe('password')
    expect(screen.getByRole('button', { name: 'Show password' })).toBe(show)
  })

  it('links the helper text, and shows the error text only while invalid', () => {
    const { rerender } = render(
      <PasswordField label="Password" helperText="At least 8 characters." errorText="Too short." />,
    )
    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('At least 8 characters.').id)
    expect(screen.queryByText('Too short.')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBeNull()
    rerender(<PasswordField label="Password" helperText="At least 8 characters." errorText="Too short." invalid />)
    expect(screen.getByText('Too short.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('has no serious or critical axe violations', async () => {
    const { container } = render(<PasswordField label="Password" helperText="At least 8 characters." required />)
    expect(await seriousViolations(container)).toEqual([])
  })
})
