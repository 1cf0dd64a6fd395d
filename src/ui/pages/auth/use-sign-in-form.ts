import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useNavigate } from 'react-router'
import { formLogic } from '../../../adapters/flows.actors.ts'
import { storeUser } from '../../../adapters/user-data.ts'
import type { AuthResult } from '@vigil/domain/auth.schema'
import type { FormSchema } from '@vigil/domain/form-validation'
import { needsSecondStep, type TwoFactorChallenge } from '@vigil/domain/two-factor'
import { useAuth } from '../../app/auth-context.tsx'

/**
 * The form flow of sign-in and sign-up: on success the session is stored and the user goes to `to` (a function
 * when where to go depends on what was submitted).
 */
export function useSignInForm(
  submit: (values: any) => Promise<AuthResult | TwoFactorChallenge>,
  schema: FormSchema,
  to: string | (() => string),
  /** The password was right and the account asks for a second step. */
  onChallenge: (challenge: TwoFactorChallenge) => void = () => {},
) {
  const auth = useAuth()
  const navigate = useNavigate()
  const form = useActorRef(
    formLogic(submit, (result) => {
      if (needsSecondStep(result)) return onChallenge(result)
      auth.login(result.token)
      storeUser(result.user)
      navigate(typeof to === 'string' ? to : to(), { replace: true })
    }),
    { input: { schema } },
  )
  const errors = useSelector(form, (s) => s.context.errors)
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  return { form, errors, message, submitting }
}
