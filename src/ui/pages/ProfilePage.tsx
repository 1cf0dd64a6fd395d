import { storedUser } from '../../adapters/user-data.ts'
import { Button } from '../components/button.tsx'
import * as Card from '../components/card.tsx'
import { useShell } from '../layout/shell-context.tsx'
import { details, PageCard } from './FeaturePage.tsx'

/** The signed-in user's details, read from the encrypted userData item. */
export function ProfilePage() {
  const { changePassword } = useShell()
  const user = storedUser()
  return (
    <PageCard id="profile-title" title="Profile">
      {user ? (
        <dl className={details}>
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
      ) : (
        <p>Your details could not be read on this device. Sign out and in again to see them.</p>
      )}
      <Card.Footer mt="2">
        <Button variant="outline" onClick={() => changePassword.send({ type: 'password.open' })}>
          Change Password
        </Button>
      </Card.Footer>
    </PageCard>
  )
}
