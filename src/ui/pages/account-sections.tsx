import { css } from '../../../styled-system/css'
import { Button } from '../components/button.tsx'
import { useShell } from '../layout/shell-context.tsx'

// The parts the account pages (profile, Settings → Security) share: a titled section, and the password's.

/** A section of an account page, ruled off from the one before. */
export const accountSection = css({ display: 'grid', gap: '3', py: '4', borderTopWidth: '1px', borderColor: 'border' })
export const accountHeading = css({ fontWeight: 'semibold', fontSize: 'md' })

/** The password: the shell's Change Password dialog. */
export function PasswordSection() {
  const { changePassword } = useShell()
  return (
    <section className={accountSection} aria-labelledby="password-title">
      <h2 id="password-title" className={accountHeading}>
        Password
      </h2>
      <div>
        <Button variant="outline" onClick={() => changePassword.send({ type: 'password.open' })}>
          Change Password
        </Button>
      </div>
    </section>
  )
}
