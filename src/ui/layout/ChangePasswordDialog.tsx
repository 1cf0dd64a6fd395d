import { useSelector } from '../app/actor-hooks.ts'
import { useState } from 'react'
import { css } from '../../../styled-system/css'
import { Button } from '../components/button.tsx'
import * as Dialog from '../components/dialog.tsx'
import { Form } from '../components/form.tsx'
import { PasswordField } from '../components/password-input.tsx'
import { useShell } from './shell-context.tsx'
import { useChangesOf } from '../components/use-changes-of.ts'

const EMPTY = { current_password: '', new_password: '', confirm_password: '' }

/** The Change Password dialog (800x400), each field with a show/hide toggle. */
export function ChangePasswordDialog() {
  const { changePassword } = useShell()
  const open = useSelector(changePassword, (s) => !s.matches('closed'))
  const submitting = useSelector(changePassword, (s) => s.matches('submitting'))
  const feedback = useSelector(changePassword, (s) => s.context.feedback)
  const [form, setForm] = useState(EMPTY)
  useChangesOf(form, () => changePassword.send({ type: 'password.change', form }))
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.target.value }),
    invalid: Boolean(feedback?.fields[name]),
    errorText: feedback?.fields[name],
  })

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) changePassword.send({ type: 'password.close' })
      }}
      onExitComplete={() => setForm(EMPTY)}
      // Opened from a menu: the closing menu hands focus back to its button, which must not dismiss the dialog.
      onFocusOutside={(e) => e.preventDefault()}
      // Focus goes back to the account menu's button, not to the menu that was closing when this opened.
      finalFocusEl={() => document.querySelector<HTMLElement>('[data-account-menu-trigger]')}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content w="800px" maxW="calc(100vw - 32px)" minH="400px">
          <Dialog.Title>Change Password</Dialog.Title>
          <Form
            className={css({ display: 'grid', gap: '4', mt: '4' })}
            onSubmit={(e) => {
              e.preventDefault()
              changePassword.send({ type: 'password.submit', form })
            }}
          >
            {feedback && (
              <p
                role="alert"
                data-severity={feedback.severity}
                className={css({
                  rounded: 'md',
                  px: '3',
                  py: '2',
                  fontSize: 'sm',
                  borderWidth: '1px',
                  bg: feedback.severity === 'warning' ? 'yellow.50' : 'red.50',
                  color: feedback.severity === 'warning' ? 'yellow.900' : 'red.800',
                  borderColor: feedback.severity === 'warning' ? 'yellow.300' : 'red.200',
                })}
              >
                {feedback.message}
              </p>
            )}
            <PasswordField label="Current password" autoComplete="current-password" {...field('current_password')} />
            <PasswordField label="New password" autoComplete="new-password" {...field('new_password')} />
            <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirm_password')} />
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outline" onClick={() => changePassword.send({ type: 'password.close' })}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Updating...' : 'Update Password'}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
