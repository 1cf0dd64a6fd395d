import { css } from '../../../styled-system/css'
import { storedUser } from '../../adapters/user-data.ts'
import { Button } from '../components/button.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { card, pageTitle } from './FeaturePage.tsx'

/** The signed-in user's details, read from the encrypted userData item. */
export function ProfilePage() {
  const { changePassword } = useShell()
  const user = storedUser()
  return (
    <section className={card} aria-labelledby="profile-title">
      <h1 id="profile-title" className={pageTitle}>
        Profile
      </h1>
      {user ? (
        <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2 6', mb: '6' })}>
          <dt className={css({ color: 'muted' })}>Name</dt>
          <dd>{user.name}</dd>
          <dt className={css({ color: 'muted' })}>Email</dt>
          <dd>{user.email}</dd>
        </dl>
      ) : (
        <p className={css({ mb: '6' })}>
          Your details could not be read on this device. Sign out and in again to see them.
        </p>
      )}
      <Button variant="outline" onClick={() => changePassword.send({ type: 'password.open' })}>
        Change Password
      </Button>
    </section>
  )
}
