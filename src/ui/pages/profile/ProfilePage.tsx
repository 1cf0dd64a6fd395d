import type { User } from '@vigil/domain/auth.schema'
import {
  accountRemovedMessage,
  DELETE_WORD,
  DeleteAccountInput,
  EmailChangeInput,
  ProfileInput,
} from '@vigil/domain/profile'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { css } from '../../../../styled-system/css'
import { profileApi, profileLoadLogic } from '../../../adapters/profile-api.ts'
import { clearStoredItems } from '../../../adapters/storage.ts'
import { storeUser } from '../../../adapters/user-data.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useAuth } from '../../app/auth-context.tsx'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import * as Field from '../../components/field.tsx'
import { PasswordField } from '../../components/password-input.tsx'
import { showToast } from '../../components/toast-store.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'
import { AccountForm, AccountSection, PasswordSection } from '../account-sections.tsx'
import { FormField } from '../auth/FormField.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { FormDialog } from '../FormDialog.tsx'
import { LoadingCard, RetryAlert, StackedPage } from '../PageParts.tsx'
import { PictureForm } from './PictureForm.tsx'
import { useFormFlow } from './use-form-flow.ts'

const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-end' })

/** The signed-in user's profile: name, picture, email address, password, and deleting the account. */
export function ProfilePage() {
  const load = useActorRef(profileLoadLogic)
  const data = useSelector(load, (s) => s.context.data)
  const error = useSelector(load, (s) => s.context.error)
  const [user, setUser] = useState<User | null>(null)
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => {
    if (data) {
      setUser(data.user)
      setPending(data.pending_email)
    }
  }, [data])
  // Every change is stored for the top bar and the next visit.
  const changed = (next: User) => {
    setUser(next)
    storeUser(next)
  }

  return (
    <StackedPage
      id="profile-title"
      title="Profile"
      description="Your name and picture as others see them, your email address and password, and your account."
    >
      {error && <RetryAlert onRetry={() => load.send({ type: 'load.retry' })}>{error}</RetryAlert>}
      {!user && !error && <LoadingCard />}
      {user && (
        <>
          <NameForm user={user} onChanged={changed} />
          <PictureForm user={user} onChanged={changed} />
          <EmailForm user={user} pending={pending} onPending={setPending} />
          <PasswordSection />
          <DeleteAccount />
        </>
      )}
    </StackedPage>
  )
}

function NameForm({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const form = useFormFlow(profileApi.rename, ProfileInput, (next) => {
    onChanged(next)
    showToast({ title: 'Your name was saved', type: 'success' })
  })
  return (
    <AccountForm id="name-title" title="Name" onValues={form.send}>
      <ErrorAlert message={form.message} />
      <div className={row}>
        <FormField
          label="Display name"
          name="name"
          autoComplete="name"
          defaultValue={user.name}
          error={form.errors.name}
        />
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </AccountForm>
  )
}

function EmailForm({
  user,
  pending,
  onPending,
}: {
  user: User
  pending: string | null
  onPending: (email: string) => void
}) {
  const [sent, setSent] = useState<string | null>(null)
  const form = useFormFlow(profileApi.requestEmailChange, EmailChangeInput, (answer) => {
    onPending(answer.pending_email)
    setSent(answer.message)
  })
  return (
    <AccountForm id="email-title" title="Email address" onValues={form.send}>
      <p>
        Your address is <strong>{user.email}</strong>.
        {pending && ` A link to confirm ${pending} is waiting in that inbox.`}
      </p>
      {sent && (
        <Alert.Root role="status" status="success">
          <Alert.Description>{sent}</Alert.Description>
        </Alert.Root>
      )}
      <ErrorAlert message={form.message} />
      {/* An address and a password need no more than a column's width. */}
      <div className={css({ display: 'grid', gap: '3', maxW: 'xl' })}>
        <FormField label="New email address" name="email" type="email" autoComplete="email" error={form.errors.email} />
        <PasswordField
          label="Your password"
          name="password"
          invalid={Boolean(form.errors.password)}
          errorText={form.errors.password}
        />
      </div>
      <div>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending...' : 'Send a confirmation link'}
        </Button>
      </div>
    </AccountForm>
  )
}

function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const [password, setPassword] = useState('')
  const auth = useAuth()
  const navigate = useNavigate()
  const form = useFormFlow(profileApi.deleteAccount, DeleteAccountInput, (removed) => {
    clearStoredItems()
    auth.logout()
    showToast({ title: accountRemovedMessage(removed), type: 'success', duration: 8000 })
    navigate('/', { replace: true })
  })
  useChangesOf({ confirmation, password }, () => form.send({ confirmation, password }, 'form.change'))
  return (
    <AccountSection id="delete-title" title="Delete the account" tone="danger">
      <p className={css({ color: 'muted' })}>
        Deletes your monitors, their history, status pages, integrations, cloud accounts and notifications, and ends
        every session. A paid plan is cancelled at Stripe. This cannot be undone.
      </p>
      <div>
        <Button variant="outline" color="red.700" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      {open && (
        <FormDialog
          title="Delete your account?"
          submitting={form.submitting}
          message={form.message}
          errors={form.errors}
          labels={{ confirmation: `Type ${DELETE_WORD}`, password: 'Your password' }}
          submitLabel="Delete my account for good"
          onSubmit={() => form.send({ confirmation, password })}
          onClose={() => setOpen(false)}
        >
          <p>Everything in the account is deleted at once. Type {DELETE_WORD} and your password to confirm.</p>
          <Field.Root invalid={Boolean(form.errors.confirmation)}>
            <Field.Label>Type {DELETE_WORD}</Field.Label>
            <Field.Input
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              autoComplete="off"
            />
            <Field.ErrorText>{form.errors.confirmation}</Field.ErrorText>
          </Field.Root>
          <PasswordField
            label="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            invalid={Boolean(form.errors.password)}
            errorText={form.errors.password}
          />
        </FormDialog>
      )}
    </AccountSection>
  )
}
