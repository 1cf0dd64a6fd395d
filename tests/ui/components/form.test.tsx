// @vitest-environment jsdom
import './setup-dom.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AuthProvider } from '../../../src/ui/app/auth-context.tsx'
import * as Field from '../../../src/ui/components/field.tsx'
import { Form } from '../../../src/ui/components/form.tsx'
import { LoginPage } from '../../../src/ui/pages/auth/LoginPage.tsx'
import { MonitorListPage } from '../../../src/ui/pages/monitors/MonitorListPage.tsx'
import { pageExtras } from '../../fixtures/monitor-page.ts'
import { renderShell, signIn, stubApi, subscription } from '../layout/harness.tsx'
import { seriousViolations } from './axe.ts'

type Errors = Partial<Record<'name' | 'email' | 'note', string>>

/** Three fields, the middle and the last required (as the monitor form marks them); `check` gives their messages. */
function Harness({ check, later }: { check: (values: Errors) => Errors; later?: Promise<Errors> }) {
  const [values, setValues] = useState<Errors>({})
  const [errors, setErrors] = useState<Errors>({})
  const field = (name: keyof Errors, label: string, required = false) => (
    <Field.Root invalid={Boolean(errors[name])} required={required}>
      <Field.Label>{label}</Field.Label>
      <Field.Input
        name={name}
        value={values[name] ?? ''}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  )
  return (
    <Form
      aria-label="Harness"
      onSubmit={(e) => {
        e.preventDefault()
        // A flow that refuses at once, or a server that answers later.
        if (later) later.then((found) => setErrors({ ...found }))
        else setErrors({ ...check(values) })
      }}
    >
      <button type="button">Before</button>
      {field('name', 'Name')}
      {field('email', 'Email', true)}
      {field('note', 'Note', true)}
      <button type="submit">Save</button>
    </Form>
  )
}

const required = (values: Errors): Errors =>
  Object.fromEntries(
    (['email', 'note'] as const)
      .filter((k) => !values[k])
      .map((k) => [k, `${k === 'email' ? 'Email' : 'Note'} is required.`]),
  )

const invalid = () => screen.queryAllByRole('textbox').filter((i) => i.getAttribute('aria-invalid') === 'true')

describe('Form', () => {
  it('opens with no field marked, required or not, and leaves the checking to the app (noValidate)', async () => {
    const { container } = render(<Harness check={required} />)
    const form = screen.getByRole('form', { name: 'Harness' }) as HTMLFormElement
    expect(form.noValidate).toBe(true)
    expect(invalid()).toEqual([])
    expect(container.querySelectorAll('[data-invalid]')).toHaveLength(0)
    expect(screen.queryByText(/is required/)).toBeNull()
    expect(await seriousViolations(container)).toEqual([])
  })

  it('an empty submit moves the focus to the first invalid field, in the order of the form', async () => {
    render(<Harness check={required} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(invalid().map((i) => i.getAttribute('name'))).toEqual(['email', 'note'])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')))
  })

  it('sent again with the same fields still invalid, it moves the focus there again', async () => {
    render(<Harness check={required} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')))
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')))
    // Nothing changed in between: the marks stay as they were, and the focus still goes to them.
    await user.click(screen.getByRole('button', { name: 'Before' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')))
  })

  it("moves it when the server's answer marks a field, after the submit", async () => {
    let answer: (errors: Errors) => void = () => {}
    const later = new Promise<Errors>((resolve) => {
      answer = resolve
    })
    render(<Harness check={required} later={later} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }))
    await act(async () => answer({ note: 'Too long.' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')))
  })

  it('a valid submit moves nothing, and typing after a submit drops the wait', async () => {
    let answer: (errors: Errors) => void = () => {}
    const later = new Promise<Errors>((resolve) => {
      answer = resolve
    })
    render(<Harness check={required} later={later} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.type(screen.getByLabelText('Name'), 'Ada')
    await act(async () => answer({ note: 'Too long.' }))
    await act(() => new Promise((done) => setTimeout(done, 20)))
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
  })
})

/** A form whose server answers a message on top of it alone (no field marked), as a refusal about no one field. */
function TopMessageHarness({ answer }: { answer: () => Promise<string | null> }) {
  const [message, setMessage] = useState<string | null>(null)
  return (
    <Form
      aria-label="Harness"
      onSubmit={(e) => {
        e.preventDefault()
        setMessage(null)
        answer().then(setMessage)
      }}
    >
      {message && <div role="alert">{message}</div>}
      <Field.Root>
        <Field.Label>Name</Field.Label>
        <Field.Input name="name" />
      </Field.Root>
      <button type="submit">Save</button>
    </Form>
  )
}

describe('Form, with a message on top', () => {
  it('moves the focus to the message a refusal puts on top when it marks no field, so it is seen', async () => {
    render(<TopMessageHarness answer={async () => 'Could not reach AWS STS: connection refused.'} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(alert.getAttribute('tabindex')).toBe('-1')
    // Sent again and refused again: the message comes again, and takes the focus again.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
  })

  it('leaves the focus where it is when the message stays the same node (it was there before the submit)', async () => {
    function Standing() {
      return (
        <Form aria-label="Harness" onSubmit={(e) => e.preventDefault()}>
          <div role="alert">Read this first.</div>
          <button type="submit">Save</button>
        </Form>
      )
    }
    render(<Standing />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await act(() => new Promise((done) => setTimeout(done, 20)))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }))
  })
})

describe("the app's forms", () => {
  it('sign-in: an empty submit marks both fields and puts the focus on Email', async () => {
    stubApi()
    renderShell(
      <AuthProvider>
        <LoginPage />
      </AuthProvider>,
      { url: '/login' },
    )
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })))
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(email))
  })

  it('the monitor form (every create and edit dialog): opens unmarked; an empty submit focuses its first invalid field', async () => {
    signIn()
    stubApi({
      'GET /api/user_subscription': () => ({ status: 200, body: { data: { subscription: subscription() } } }),
      'GET /api/monitors': () => ({
        status: 200,
        body: {
          data: {
            monitors: [],
            counts: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 },
            ...pageExtras,
          },
        },
      }),
      'GET /api/tags': () => ({ status: 200, body: { data: { tags: [] } } }),
    })
    renderShell(<MonitorListPage type="web" />)
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /^Add your first/ }))
    })
    const dialog = await screen.findByRole('dialog')
    const marked = () => [...dialog.querySelectorAll('[aria-invalid="true"], [data-invalid]')]
    expect(marked()).toEqual([])
    expect(within(dialog).queryByRole('alert')).toBeNull()
    // The dialog puts the focus inside itself once it has opened (a frame later): under a busy run that can come after
    // a submit sent at once, and take the focus from the invalid field. A user submits an open dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create monitor' }))
    })
    const name = within(dialog).getByLabelText(/^Name\b/)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(name))
  })
})
