import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useMemo } from 'react'
import * as v from 'valibot'
import { formLogic } from '../../adapters/flows.actors.ts'
import { profileApi } from '../../adapters/profile-api.ts'
import * as Alert from '../components/alert.tsx'
import { Button } from '../components/button.tsx'

const Nothing = v.object({})

/**
 * Above every page while the account's address is unconfirmed: where the link went, and "Send again". The account
 * works meanwhile; the banner goes when the link is opened (here, or at the next page in another tab).
 */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const logic = useMemo(() => formLogic(() => profileApi.resendConfirmation()), [])
  const resend = useActorRef(logic, { input: { schema: Nothing } })
  const { message, result } = useSelector(resend, (s) => s.context)
  const sending = useSelector(resend, (s) => s.matches('submitting'))
  const sent = useSelector(resend, (s) => s.matches('succeeded'))
  return (
    <Alert.Root role="status" status="info" mb="4" flexWrap="wrap" alignItems="center" rowGap="2">
      <Alert.Description flex="1 1 18rem">
        {sent ? (
          String(result)
        ) : (
          <>
            <strong>Confirm your email address.</strong> We sent a link to {email}: open it to confirm that the address
            is yours.
          </>
        )}
        {message && <span role="alert"> {message}</span>}
      </Alert.Description>
      {!sent && (
        <Button
          size="sm"
          variant="outline"
          disabled={sending}
          onClick={() => resend.send({ type: 'form.submit', values: {} })}
        >
          {sending ? 'Sending...' : 'Send again'}
        </Button>
      )}
    </Alert.Root>
  )
}
