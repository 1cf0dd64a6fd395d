import type { ReactNode, Ref } from 'react'
import { css, cx } from '../../../styled-system/css'
import { card } from '../../../styled-system/recipes/card'
import { Button } from '../components/button.tsx'
import { Form, type OnFormValues } from '../components/form.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { formValues } from './auth/FormField.tsx'

// The parts the account pages (profile, Settings → Security, support) share: a titled section, the same as a form,
// and the password's. The pages stack them under their header (StackedPage), each section a card of its own, as the
// list pages stack their items.

/** A section of an account page: a card (the kit's `card` recipe, a page's panel) whose parts stack. */
export const accountSection = cx(card().root, css({ display: 'grid', gap: '4', p: { base: '4', md: '6' } }))
/** Its title: the card's, an h2 under the page's h1. */
export const accountHeading = card().title
/** What cannot be undone (deleting the account): the card ruled in red. */
const danger = css({ borderWidth: '1px', borderColor: 'red.200' })

interface SectionProps {
  /** The heading's id, which names the section. */
  id: string
  title: ReactNode
  children: ReactNode
}

/** A section of an account page under its heading. */
export function AccountSection({ id, title, tone, children }: SectionProps & { tone?: 'danger' }) {
  return (
    <section className={cx(accountSection, tone === 'danger' && danger)} aria-labelledby={id}>
      <h2 id={id} className={accountHeading}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * A section of an account page that is one form: its values (by input name) go to `onValues` on submit, and as they
 * change (`form.change`), so the messages of a refused submit follow what is typed.
 */
export function AccountForm({
  id,
  title,
  onValues,
  ref,
  children,
}: SectionProps & { onValues: OnFormValues; ref?: Ref<HTMLFormElement> }) {
  return (
    <Form
      ref={ref}
      className={accountSection}
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault()
        onValues(formValues(e.currentTarget), 'form.submit')
      }}
      onInput={(e) => onValues(formValues(e.currentTarget), 'form.change')}
    >
      <h2 id={id} className={accountHeading}>
        {title}
      </h2>
      {children}
    </Form>
  )
}

/** The password: the shell's Change Password dialog. */
export function PasswordSection() {
  const { changePassword } = useShell()
  return (
    <AccountSection id="password-title" title="Password">
      <div>
        <Button variant="outline" onClick={() => changePassword.send({ type: 'password.open' })}>
          Change Password
        </Button>
      </div>
    </AccountSection>
  )
}
