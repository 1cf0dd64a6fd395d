import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { noteAccountStatus } from '../../../adapters/account-status.ts'
import { formLogic } from '../../../adapters/flows.actors.ts'
import { profileApi } from '../../../adapters/profile-api.ts'
import { storedUserId } from '../../../adapters/storage.ts'
import { storeUser } from '../../../adapters/user-data.ts'
import type { User } from '@vigil/domain/auth.schema'
import { EmailConfirmInput } from '@vigil/domain/profile'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { AuthCard, linkStyle } from './AuthCard.tsx'
import { AuthForm } from './FormField.tsx'

/**
 * `/confirm-email?token=…`, the link mailed at sign-up to confirm the account's address, or to a new address: public,
 * since it may be opened where nobody is signed in. It confirms on a click, not on opening, so a mail scanner that
 * follows links changes nothing.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const logic = useMemo(
    () =>
      formLogic(
        ({ token }: { token: string }) => profileApi.confirmEmail(token),
        // Signed in here as that user: the stored details, and the banner that asked for this, follow.
        (user: User) => {
          if (storedUserId() !== user.user_id) return
          storeUser(user)
          noteAccountStatus(user)
        },
      ),
    [],
  )
  const form = useActorRef(logic, { input: { schema: EmailConfirmInput } })
  const { errors, message, result } = useSelector(form, (s) => s.context)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const user = useSelector(form, (s) => (s.matches('succeeded') ? (result as User) : null))
  const signedIn = storedUserId() !== null
  const next = (
    <Link className={linkStyle} to={signedIn ? '/profile' : '/login'}>
      {signedIn ? 'Back to your profile' : 'Sign in'}
    </Link>
  )
  return (
    <AuthCard title="Confirm your email address" footer={next}>
      {user ? (
        <Alert.Root role="status" status="success">
          <Alert.Description>{user.email} is confirmed as the address of your account.</Alert.Description>
        </Alert.Root>
      ) : (
        <AuthForm alert={message ?? errors.token} onValues={(_, type) => form.send({ type, values: { token } })}>
          <p>Confirm that the address this link was sent to is the address of your account.</p>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Confirming...' : 'Confirm my address'}
          </Button>
        </AuthForm>
      )}
    </AuthCard>
  )
}
